import { type EvidenceCounts, type Judgement, lexiconJudgement, type TranscriptMessage } from "../ai/scorer";
import type { ConcernLevel } from "../shared/domain";
import type { ClassificationPillar } from "../shared/pillars";
import { REAL_TIME_CONFIDENCE_LEVEL, realTimeSentimentFor } from "./real-time";
import { type ReviewFlag, reconcile } from "./review";
import { type RiskAlertDraft, riskAlertsFor } from "./risk";
import { type FinalScores, finalizeScores } from "./scoring";

/**
 * What a finished conversation becomes, computed without I/O: the judgement that counts, the
 * spec's final scores, the blockers named, the risk alerts they raise and the five real-time
 * rows. The object stores the result once (so a retried D1 batch writes the same rows) and
 * `persist.ts` only maps it to tables; `npm run judge` runs the same function over recorded
 * conversations.
 */
export type CompletionInput = {
  /** The whole conversation, oldest first, each message with the pillar of its question. */
  transcript: readonly TranscriptMessage[];
  /** The salesperson's full name, as the alerts name them. */
  memberName: string;
  /**
   * The LLM's judgement and how many messages it saw, when one was fetched. It counts only
   * if it saw every message; otherwise (or without one) the lexicon scorer judges.
   */
  llm?: { count: number; judgement: Judgement } | null;
};

export type RealTimeRow = {
  pillar: ClassificationPillar;
  sentimentScore: number;
  concernLevel: ConcernLevel;
  confidenceLevel: number;
};

export type CompletionScores = {
  scores: FinalScores;
  /** How many answers touched each score (0 = not discussed), read by the embedded reader. */
  evidence: EvidenceCounts;
  /** Scores where the LLM and the reader disagree by more than the review margin (worker/checkin/review.ts). */
  review: ReviewFlag[];
  judgedBy: Judgement["judgedBy"];
  blockers: Judgement["blockers"];
  alerts: RiskAlertDraft[];
  realTime: RealTimeRow[];
};

/** The judgement that counts for this transcript. */
export function judgementFor(input: Pick<CompletionInput, "transcript" | "llm">): Judgement {
  const { transcript, llm } = input;
  return llm && llm.count === transcript.length ? llm.judgement : lexiconJudgement(transcript);
}

export function completionOf(input: CompletionInput): CompletionScores {
  const userMessages = input.transcript.filter((m) => m.sender === "user").map((m) => m.content);
  const reader = lexiconJudgement(input.transcript);
  // The reader always judges: it fills what the LLM could not back, and is what the LLM is checked against.
  const llm = input.llm && input.llm.count === input.transcript.length ? input.llm.judgement : null;
  const { judgement, review } = llm ? reconcile(llm, reader, userMessages) : { judgement: reader, review: [] };
  const scores = finalizeScores(judgement.raw, userMessages);
  return {
    scores,
    evidence: reader.evidence,
    review,
    judgedBy: judgement.judgedBy,
    blockers: judgement.blockers,
    alerts: riskAlertsFor(
      scores,
      input.memberName,
      judgement.blockers.map((b) => b.theme),
      reader.reasons,
    ),
    realTime: realTimeSentimentFor(scores).map((row) => ({ ...row, confidenceLevel: REAL_TIME_CONFIDENCE_LEVEL })),
  };
}

/** What the completion batch writes, fixed once so a retried batch writes the same rows. */
export type CompletionResult = CompletionScores & {
  checkInId: string;
  organizationId: string;
  teamMemberId: string;
  startedAt: number | null;
  completedAt: number;
  fallbackUsed: boolean;
  questionsAsked: number;
  pillarsExplored: number;
  messages: { id: string; seq: number; sender: "user" | "assistant"; content: string; createdAt: number }[];
};
