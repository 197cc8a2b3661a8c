import type { AiContext, AskedQuestion, PillarProgress } from "../checkin/rules";
import type { AiAgentConfig } from "../shared/ai-config";
import type { Pillar } from "../shared/pillars";
import type { PillarWeights } from "./embedded";
import type { BankQuestion } from "./question-bank";
import type { Judgement, TranscriptMessage } from "./scorer";

/**
 * The AI provider interface (DESIGN "AI"). One interface, chosen by configuration:
 * the OpenAI-compatible provider when OPENAI_API_KEY is set, the embedded interviewer
 * otherwise (and as the fallback whenever a provider fails or answers nothing).
 */
export type InterviewRequest = {
  checkInId: string;
  firstName: string;
  /** The conversation so far, oldest first (spec 2 §7: role and content). */
  messages: { role: "user" | "assistant"; content: string }[];
  context: AiContext;
  config: AiAgentConfig;
  bank: readonly BankQuestion[];
  pillarWeights: PillarWeights;
  /** The last 5 questions with their themes (repetition check). */
  lastAsked: readonly AskedQuestion[];
  /** Bank questions already asked in this check-in. */
  askedBankIds: readonly string[];
  pillarProgress: Record<Pillar, PillarProgress>;
  /** The pillar of the question the latest user message answers. */
  currentPillar: Pillar | null;
};

export interface InterviewProvider {
  readonly kind: "openai" | "embedded";
  /** The reply, streamed as text deltas as soon as they are generated. Throws on failure. */
  streamReply(request: InterviewRequest, signal: AbortSignal): AsyncIterable<string>;
  /** Scores the conversation (structured output); throws on failure. */
  judge(transcript: readonly TranscriptMessage[], signal: AbortSignal): Promise<Judgement>;
}

/** Thrown when a provider answered, but with nothing usable (spec 2 §8: 'No response from AI service'). */
export class EmptyReplyError extends Error {
  constructor() {
    super("No response from AI service");
    this.name = "EmptyReplyError";
  }
}
