import type { ConcernLevel } from "../shared/domain";
import type { ClassificationPillar } from "../shared/pillars";
import { SCORE_DIMENSIONS } from "../shared/pillars";
import { type FinalScores, finalizeScores } from "./finalize";
import type { Judgement, ScoreConfidences, SelfRatings, TranscriptMessage } from "./judgement";
import type { ModelFile } from "./model/bands";
import type { EvidenceCounts } from "./reader";
import { REAL_TIME_CONFIDENCE_LEVEL, realTimeSentimentFor } from "./real-time";
import { type ReviewFlag, reconcile } from "./review";
import { RISK_LINES, type RiskAlertDraft, riskAlertsFor } from "./risk";
import { ratingOn } from "./self-ratings";
import { type ReaderJudgement, readerJudgement } from "./trained-reader";

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
  /** The reader's weights: the shipped ones unless given (the evaluation's leave-one-writer-out). */
  model?: ModelFile;
  /**
   * The reader's judgement of this very transcript, when it was read ahead (the check-in object
   * reads it while the closing statement is shown: checkin/summary.ts); read here otherwise.
   */
  reader?: ReaderJudgement;
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

/**
 * The LLM's judgement when it saw the whole conversation, else null. The embedded provider's
 * "judgement" is the reader's own (judgedBy "lexicon"): nothing to reconcile.
 */
function completeLlmJudgement(transcript: readonly TranscriptMessage[], llm: JudgeOptions["llm"]): Judgement | null {
  return llm && llm.count === transcript.length && llm.judgement.judgedBy === "llm" ? llm.judgement : null;
}

/** Judges one conversation (oldest message first, each with the pillar of its question). */
export function judgeCheckIn(transcript: readonly TranscriptMessage[], options: JudgeOptions): CheckInJudgement {
  const userMessages = transcript.filter((m) => m.sender === "user").map((m) => m.content);
  const reader = options.reader ?? readerJudgement(transcript, options.model);
  // The reader always judges: it fills what the LLM could not back, and is what the LLM is checked against.
  const llm = completeLlmJudgement(transcript, options.llm);
  const { judgement, review } = llm ? reconcile(llm, reader, userMessages) : { judgement: reader, review: [] };
  const scores = withBurnoutEvidence(finalizeScores(judgement.raw, userMessages), reader);
  return {
    scores,
    evidence: reader.evidence,
    confidence: confidenceOf(reader, llm),
    ratings: reader.ratings,
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

/**
 * A burnout alert needs strain told in two answers or a burnout rating (issue 24 §5): an
 * LLM's stress over the line without that is kept just under it (the reader places its own so).
 */
function withBurnoutEvidence(scores: FinalScores, reader: ReaderJudgement): FinalScores {
  const line = RISK_LINES.burnoutStressAtLeast;
  return scores.stress >= line && !reader.burnoutEvidence ? { ...scores, stress: line - 1 } : scores;
}

/** Below this agreement between the LLM's score and the reader's, a score is shown as uncertain. */
const AGREEMENT_LINE = 0.5;

/**
 * The reader's confidence (trained-reader.ts: answers that bore on the score, the probability
 * of its band); with an LLM's score too, agreement is also how close the two are. A score no
 * answer touched (the rule reader's count, the cards' "Not discussed") and no one-tap rating
 * spoke to is unheard and uncertain, whatever the model's probability: a stray feature of a
 * short answer ("fine") moves every score a little, and its band is then only the prior's. The
 * score itself stays as read.
 */
function confidenceOf(reader: ReaderJudgement, llm: Judgement | null): ScoreConfidences {
  return Object.fromEntries(
    SCORE_DIMENSIONS.map((d) => {
      const read = reader.confidence[d];
      const unheard = reader.evidence[d] === 0 && ratingOn(reader.ratings, d) === null;
      const own = unheard ? { ...read, evidence: 0, uncertain: true } : read;
      const theirs = llm?.raw[d];
      const ours = reader.raw[d];
      if (theirs === undefined || ours === undefined) return [d, own];
      const closeness = Math.max(0, 1 - Math.abs(theirs - ours) / 50);
      const agreement = Math.round(Math.min(own.agreement, closeness) * 100) / 100;
      return [d, { ...own, agreement, uncertain: own.uncertain || closeness < AGREEMENT_LINE }];
    }),
  ) as ScoreConfidences;
}
