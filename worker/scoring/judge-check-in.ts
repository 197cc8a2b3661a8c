import type { ConcernLevel } from "../shared/domain";
import type { ClassificationPillar } from "../shared/pillars";
import { SCORE_DIMENSIONS } from "../shared/pillars";
import { type FinalScores, finalizeScores } from "./finalize";
import type { Judgement, ScoreConfidences, SelfRatings, TranscriptMessage } from "./judgement";
import { type EvidenceCounts, lexiconJudgement } from "./reader";
import { REAL_TIME_CONFIDENCE_LEVEL, realTimeSentimentFor } from "./real-time";
import { type ReviewFlag, reconcile } from "./review";
import { type RiskAlertDraft, riskAlertsFor } from "./risk";
import { selfRatingsOf } from "./self-ratings";

/**
 * Scoring's one entry point: what a finished conversation becomes, computed without I/O —
 * the judgement that counts, the spec's final scores, the blockers named, the risk alerts
 * they raise and the five real-time rows. The check-in object calls it at completion (and
 * stores nothing of it: a retried D1 batch computes the same rows again); `npm run judge`
 * and `npm run eval` run the very same function over recorded conversations.
 */
export type JudgeOptions = {
  /** The salesperson's full name, as the alerts name them. */
  memberName: string;
  /**
   * The LLM's judgement and how many messages it saw, when one was fetched. It counts only
   * if it saw every message; otherwise (or without one) the embedded reader judges.
   */
  llm?: { count: number; judgement: Judgement } | null;
};

export type RealTimeRow = {
  pillar: ClassificationPillar;
  sentimentScore: number;
  concernLevel: ConcernLevel;
  confidenceLevel: number;
};

export type CheckInJudgement = {
  scores: FinalScores;
  /** How many answers touched each score (0 = not discussed), read by the embedded reader. */
  evidence: EvidenceCounts;
  /** How far each score can be trusted: evidence, agreement, uncertain (judgement.ts). */
  confidence: ScoreConfidences;
  /** The one-tap ratings given (1–5, null where skipped or not asked). */
  ratings: SelfRatings;
  /** Scores where the LLM and the reader disagree by more than the review margin (review.ts). */
  review: ReviewFlag[];
  judgedBy: Judgement["judgedBy"];
  blockers: Judgement["blockers"];
  alerts: RiskAlertDraft[];
  realTime: RealTimeRow[];
};

/** The LLM's judgement when it saw the whole conversation, else null. */
function completeLlmJudgement(transcript: readonly TranscriptMessage[], llm: JudgeOptions["llm"]): Judgement | null {
  return llm && llm.count === transcript.length ? llm.judgement : null;
}

/** Judges one conversation (oldest message first, each with the pillar of its question). */
export function judgeCheckIn(transcript: readonly TranscriptMessage[], options: JudgeOptions): CheckInJudgement {
  const userMessages = transcript.filter((m) => m.sender === "user").map((m) => m.content);
  const reader = lexiconJudgement(transcript);
  // The reader always judges: it fills what the LLM could not back, and is what the LLM is checked against.
  const llm = completeLlmJudgement(transcript, options.llm);
  const { judgement, review } = llm ? reconcile(llm, reader, userMessages) : { judgement: reader, review: [] };
  const scores = finalizeScores(judgement.raw, userMessages);
  const ratings = selfRatingsOf(transcript);
  return {
    scores,
    evidence: reader.evidence,
    confidence: confidenceOf(reader, llm, ratings),
    ratings,
    review,
    judgedBy: judgement.judgedBy,
    blockers: judgement.blockers,
    alerts: riskAlertsFor(
      scores,
      options.memberName,
      judgement.blockers.map((b) => b.theme),
      reader.reasons,
    ),
    realTime: realTimeSentimentFor(scores).map((row) => ({ ...row, confidenceLevel: REAL_TIME_CONFIDENCE_LEVEL })),
  };
}

/** Which score a rating speaks to. */
const RATED = { stress: "burnout", confidence: "confidence" } as const;
/** Below this agreement a score is shown as uncertain. */
const AGREEMENT_LINE = 0.5;

/**
 * Evidence = the answers the reader found on a score, plus one for a self-rating on it;
 * agreement = how close the LLM's score is to the reader's (1 when only the reader judged).
 */
function confidenceOf(reader: Judgement & { evidence: EvidenceCounts }, llm: Judgement | null, ratings: SelfRatings) {
  return Object.fromEntries(
    SCORE_DIMENSIONS.map((d) => {
      const rated = d in RATED && ratings[RATED[d as keyof typeof RATED]] !== null;
      const evidence = reader.evidence[d] + (rated ? 1 : 0);
      const theirs = llm?.raw[d];
      const ours = reader.raw[d];
      const agreement = theirs === undefined || ours === undefined ? 1 : Math.max(0, 1 - Math.abs(theirs - ours) / 50);
      return [d, { evidence, agreement, uncertain: evidence === 0 || agreement < AGREEMENT_LINE }];
    }),
  ) as ScoreConfidences;
}
