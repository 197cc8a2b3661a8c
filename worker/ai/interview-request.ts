import type { AiAgentConfig } from "../shared/ai-config";
import type { Pillar } from "../shared/pillars";
import { type AskedQuestion, aiContextFor, type PillarProgress } from "./interview-rules";
import type { InterviewRequest, PillarWeights } from "./provider";
import type { BankQuestion } from "./question-bank";

/**
 * The one builder of an interview request, for the check-in object and the console's test
 * chat alike: the conversation so far, the spec's AI context from the time and progress,
 * and the facts the interviewer plans with.
 */
export function interviewRequest(input: {
  checkInId: string;
  firstName: string;
  messages: InterviewRequest["messages"];
  elapsedMs: number;
  targetMs: number;
  questionsAsked: number;
  pillarProgress: Record<Pillar, PillarProgress>;
  lastAsked: readonly AskedQuestion[];
  askedBankIds: readonly string[];
  currentPillar: Pillar | null;
  facts: { config: AiAgentConfig; bank: readonly BankQuestion[]; pillarWeights: PillarWeights };
  ratings?: InterviewRequest["ratings"];
}): InterviewRequest {
  return {
    checkInId: input.checkInId,
    firstName: input.firstName,
    messages: input.messages,
    context: aiContextFor({
      elapsedMs: input.elapsedMs,
      targetMs: input.targetMs,
      questionsAsked: input.questionsAsked,
      pillarProgress: input.pillarProgress,
      lastAsked: input.lastAsked,
    }),
    config: input.facts.config,
    bank: input.facts.bank,
    pillarWeights: input.facts.pillarWeights,
    lastAsked: input.lastAsked,
    askedBankIds: input.askedBankIds,
    pillarProgress: input.pillarProgress,
    currentPillar: input.currentPillar,
    ...(input.ratings ? { ratings: input.ratings } : {}),
  };
}
