import { SCORE_DIMENSIONS, type ScoreDimension } from "../shared/pillars";
import type { AlertReasons } from "./alert-reasons";
import { SCORE_BOUNDS } from "./finalize";
import type { Judgement, ScoreConfidences, SelfRatings, TranscriptMessage } from "./judgement";
import { featuresOf } from "./model/features";
import {
  type Band,
  bandOf,
  bandProbabilities,
  checkedModel,
  compileModel,
  contributionOf,
  latentOf,
  type ModelFile,
  scoreOf,
  type TargetModel,
} from "./model/ordinal";
import shipped from "./model/weights.json";
import { type EvidenceCounts, lexiconJudgement, readAnswers } from "./reader";
import { RISK_LINES } from "./risk";
import { selfRatingsOf } from "./self-ratings";

/**
 * The embedded reader (issue 24): the rule reader's readings, weighed by a model trained on
 * writers it never tested on (model/ordinal.ts, weights from `npm run train`). Per score the
 * model's band is the stored band, its probability is the score's agreement, and the answers
 * that moved it are its evidence. Pure; a few milliseconds per check-in.
 */
export const SHIPPED_MODEL = checkedModel(shipped);

/** An answer moving η by less than this bears on nothing (a stray word). */
const EVIDENCE_MIN = 0.15;
/** Below this probability of its band a score is shown as uncertain, not as a firm band. */
export const UNCERTAIN_BELOW = 0.5;
/** A burnout alert needs this many answers pointing to strain, or a burnout rating (issue 24 §5). */
export const ALERT_ANSWERS = 2;

/** Which score a one-tap rating speaks to. */
const RATED: Partial<Record<ScoreDimension, keyof SelfRatings>> = { stress: "burnout", confidence: "confidence" };

export type ReaderJudgement = Judgement & {
  evidence: EvidenceCounts;
  reasons: AlertReasons;
  confidence: ScoreConfidences;
  ratings: SelfRatings;
  /** Enough evidence for a burnout alert: strain in at least two answers, or a burnout rating. */
  burnoutEvidence: boolean;
};

/**
 * The stored score for a band: η placed on 0–100 (monotone, θ's at 40 and 60), then held
 * inside the band and the spec's clamps, as an integer so rounding cannot move its band.
 * Stress reads the other way on the dashboard (the band of 100 − stress), so its bands are
 * ≤ 40, 41–60 and ≥ 61; high stress with enough evidence for the alert is placed at or over
 * the burnout line (70), without it in the 60s, under the line.
 */
function placed(dimension: ScoreDimension, model: TargetModel, eta: number, band: Band, alerted: boolean): number {
  const { min, max } = SCORE_BOUNDS[dimension];
  const ranges: [number, number][] =
    dimension === "stress"
      ? [
          [0, 40],
          [41, 60],
          alerted ? [RISK_LINES.burnoutStressAtLeast, 100] : [61, RISK_LINES.burnoutStressAtLeast - 1],
        ]
      : [
          [0, 39],
          [40, 59],
          [60, 100],
        ];
  const [from, to] = ranges[band] as [number, number];
  const score = Math.min(to, Math.max(from, Math.round(scoreOf(model, eta))));
  return Math.min(max, Math.max(min, score));
}

/** Judges a conversation with the trained reader (the shipped weights unless others are given). */
export function readerJudgement(
  transcript: readonly TranscriptMessage[],
  file: ModelFile = SHIPPED_MODEL,
): ReaderJudgement {
  const model = compileModel(file);
  const answers = readAnswers(transcript);
  const rules = lexiconJudgement(transcript, answers);
  const ratings = selfRatingsOf(transcript);
  const features = featuresOf(answers, rules.raw, ratings);
  const spoke = answers.length > 0;

  const raw: Judgement["raw"] = {};
  let burnoutEvidence = false;
  const evidence = {} as EvidenceCounts;
  const confidence = {} as ScoreConfidences;
  for (const dimension of SCORE_DIMENSIONS) {
    const target = model[dimension];
    const eta = latentOf(target, features.vector);
    const band = bandOf(target, eta);
    const contributions = features.answers.map((keys) => contributionOf(target, keys));
    const rated = RATED[dimension] !== undefined && ratings[RATED[dimension]] !== null;
    const bearing = contributions.filter((c) => Math.abs(c) >= EVIDENCE_MIN).length + (rated ? 1 : 0);
    // Strain told in at least two answers, or a burnout rating: one remark never alerts.
    const towardStrain = contributions.filter((c) => c >= EVIDENCE_MIN).length;
    if (dimension === "stress") burnoutEvidence = towardStrain >= ALERT_ANSWERS || rated;
    const alerted = dimension === "stress" && band === 2 && burnoutEvidence;
    const probability = bandProbabilities(target, eta)[band];
    if (spoke) raw[dimension] = placed(dimension, target, eta, band, alerted);
    evidence[dimension] = bearing;
    confidence[dimension] = {
      evidence: bearing,
      agreement: Math.round(probability * 100) / 100,
      uncertain: bearing === 0 || probability < UNCERTAIN_BELOW || (dimension === "stress" && band === 2 && !alerted),
    };
  }
  return {
    raw,
    blockers: rules.blockers,
    judgedBy: "lexicon",
    evidence,
    reasons: rules.reasons,
    confidence,
    ratings,
    burnoutEvidence,
  };
}
