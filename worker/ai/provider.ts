import type { Judgement, TranscriptMessage } from "../scoring/judgement";
import type { AiAgentConfig } from "../shared/ai-config";
import type { Pillar } from "../shared/pillars";
import type { RatingKind } from "../shared/self-rating";
import type { GlobalSettings } from "../shared/settings";
import type { AiContext, AskedQuestion, PillarProgress } from "./interview-rules";
import type { BankQuestion } from "./question-bank";

export type PillarWeights = GlobalSettings["pillarWeights"];

/**
 * The AI provider interface (DESIGN "AI"): the one way the Worker reaches a model — the
 * interview, the judgement, coaching and the console's Quick Test all take theirs from
 * `providerFor` (choose-provider.ts). One interface, chosen by configuration: the
 * OpenAI-compatible provider when OPENAI_API_KEY is set, the embedded interviewer otherwise
 * (and as the fallback whenever a provider fails or answers nothing).
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
  /**
   * The one-tap ratings asked so far and whether the latest question was one (rating-turn.ts).
   * Absent where nobody records them (the console's test chat): no rating is asked there.
   */
  ratings?: { asked: readonly RatingKind[]; lastWasRating: boolean };
};

/**
 * A reply as planned and reviewed by its provider: the text to store and send as
 * `assistant.done`, and the question inside it with what it is about (pillar progress, the
 * repetition check, the bank questions already asked).
 */
export type PlannedReply = {
  text: string;
  question: string;
  pillar: Pillar | null;
  theme: string | null;
  bankQuestionId: string | null;
  /** The question is a one-tap rating (its exact words, shared/self-rating.ts): stored with the message. */
  rating?: RatingKind;
};

export interface InterviewProvider {
  readonly kind: "openai" | "embedded";
  /** What the console shows as the provider ("Embedded interviewer (offline)", "OpenAI-compatible · model"). */
  readonly label: string;
  /**
   * The next reply: each text delta goes to `onDelta` the moment it is generated, then the
   * reply comes back planned and reviewed by the provider itself (its text may differ from
   * the deltas, e.g. a repeated question replaced). Throws on failure or an empty reply.
   */
  reply(request: InterviewRequest, signal: AbortSignal, onDelta: (delta: string) => void): Promise<PlannedReply>;
  /** Scores the conversation (structured output); throws on failure. */
  judge(transcript: readonly TranscriptMessage[], signal: AbortSignal): Promise<Judgement>;
  /**
   * A one-off answer in a JSON schema, for whatever else asks the model (coaching's rewording
   * of the rules' actions): the parsed JSON, unchecked, for the caller to validate. Null from
   * a provider with no model to ask (the embedded one); throws on failure or timeout.
   */
  structured(request: StructuredRequest, signal?: AbortSignal): Promise<unknown>;
}

export type StructuredRequest = {
  /** The schema's name (what the response_format calls it). */
  name: string;
  schema: Record<string, unknown>;
  system: string;
  user: string;
  temperature: number;
  /** No cap when absent. */
  maxTokens?: number;
  timeoutMs: number;
};

/** Thrown when a provider answered, but with nothing usable (spec 2 §8: 'No response from AI service'). */
export class EmptyReplyError extends Error {
  constructor() {
    super("No response from AI service");
    this.name = "EmptyReplyError";
  }
}
