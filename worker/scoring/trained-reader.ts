import { SCORE_DIMENSIONS, type ScoreDimension } from "../shared/pillars";
import type { AlertReasons } from "./alert-reasons";
import { SCORE_BOUNDS } from "./finalize";
import type { Judgement, ScoreConfidences, SelfRatings, TranscriptMessage } from "./judgement";
import {
  type Band,
  bandOf,
  bandProbabilities,
  checkedModel,
  compileModel,
  contributionOf,
  type ModelFile,
  positionOf,
  withRating,
} from "./model/bands";
import { featuresOf } from "./model/features";
import shipped from "./model/weights.json";
import { type EvidenceCounts, lexiconJudgement, readAnswers } from "./reader";
import { RISK_LINES } from "./risk";
import { RATED, selfRatingsOf } from "./self-ratings";

/**
 * The embedded reader (issue 24): the rule reader's readings, weighed by a model trained on
 * writers it never tested on (model/bands.ts, weights from `npm run train`). Per score the
 * model's band is the stored band, its probability is the score's agreement, and the answers
 * that moved it are its confidence's evidence (`evidence`, the D1 columns behind "Not
 * discussed", stays the rule reader's count of answers that touched each score). Pure.
 */
let checked: ModelFile | null = null;
/** The shipped weights, checked on first use (not at import: `npm run train` imports this to write them). */
export function shippedModel(): ModelFile {
  checked ??= checkedModel(shipped);
  return checked;
}

/** An answer moving the log-odds of high against low by less than this bears on nothing (a stray word). */
const EVIDENCE_MIN = 0.15;
/** Below this probability of its band a score is shown as uncertain, not as a firm band. */
export const UNCERTAIN_BELOW = 0.6;
/**
 * High stress that raises the burnout alert (strain in two answers, or a rating) is firm once
 * high is the majority: the manager is warned at urgent priority on that reading, and calling
 * it uncertain beside the alert would say two things at once.
 */
export const ALERTED_FIRM_FROM = 0.5;
/** A burnout alert needs this many answers pointing to strain, or a burnout rating (issue 24 §5). */
export const ALERT_ANSWERS = 2;

export type ReaderJudgement = Judgement & {
  evidence: EvidenceCounts;
  reasons: AlertReasons;
  confidence: ScoreConfidences;
  ratings: SelfRatings;
  /** Enough evidence for a burnout alert: strain in at least two answers, or a burnout rating. */
  burnoutEvidence: boolean;
};

/**
 * The stored score: its band's range (within the spec's clamps), and where in it by
 * P(high) − P(low) (positionOf), so the score is the model's band and more evidence of a
 * high never lowers it. An integer, so rounding cannot move its band. Stress reads the other
 * way on the dashboard (the band of 100 − stress), so its bands are ≤ 40, 41–60 and ≥ 61;
 * high stress with enough evidence for the alert is placed at or over the burnout line (70),
 * without it in the 60s, under the line.
 */
function placed(dimension: ScoreDimension, position: number, band: Band, alerted: boolean): number {
  const { min, max } = SCORE_BOUNDS[dimension];
  const line = RISK_LINES.burnoutStressAtLeast;
  const ranges: [number, number][] =
    dimension === "stress"
      ? [[0, 40], [41, 60], alerted ? [line, 100] : [61, line - 1]]
      : [
          [0, 39],
          [40, 59],
          [60, 100],
        ];
  const [lowest, highest] = ranges[band] as [number, number];
  const [from, to] = [Math.max(lowest, min), Math.min(highest, max)];
  return Math.round(from + (to - from) * position);
}

/** Judges a conversation with the trained reader (the shipped weights unless others are given). */
export function readerJudgement(
  transcript: readonly TranscriptMessage[],
  file: ModelFile = shippedModel(),
): ReaderJudgement {
  const model = compileModel(file);
  const answers = readAnswers(transcript);
  const rules = lexiconJudgement(transcript, answers);
  const ratings = selfRatingsOf(transcript);
  const features = featuresOf(answers, rules.raw);
  const spoke = answers.length > 0;

  const raw: Judgement["raw"] = {};
  let burnoutEvidence = false;
  const confidence = {} as ScoreConfidences;
  for (const dimension of SCORE_DIMENSIONS) {
    const target = model[dimension];
    // A score added to the registry since training: nothing to read it with (the LLM's or 50), and uncertain.
    if (!target) {
      confidence[dimension] = { evidence: 0, agreement: 0, uncertain: true };
      continue;
    }
    const rating = RATED[dimension] ? ratings[RATED[dimension]] : null;
    const words = bandProbabilities(target, features.vector);
    const probabilities =
      rating !== null && RATED[dimension]
        ? withRating(words, file.ratings[RATED[dimension]].likelihood, rating)
        : words;
    const band = bandOf(probabilities);
    const contributions = features.answers.map((keys) => contributionOf(target, keys));
    const rated = rating !== null;
    const bearing = contributions.filter((c) => Math.abs(c) >= EVIDENCE_MIN).length + (rated ? 1 : 0);
    // Strain told in at least two answers, or a burnout rating: one remark never alerts.
    const towardStrain = contributions.filter((c) => c >= EVIDENCE_MIN).length;
    if (dimension === "stress") burnoutEvidence = towardStrain >= ALERT_ANSWERS || rated;
    const alerted = dimension === "stress" && band === 2 && burnoutEvidence;
    const probability = probabilities[band];
    if (spoke) raw[dimension] = placed(dimension, positionOf(probabilities, band), band, alerted);
    confidence[dimension] = {
      evidence: bearing,
      agreement: Math.round(probability * 100) / 100,
      uncertain:
        bearing === 0 ||
        probability < (alerted ? ALERTED_FIRM_FROM : UNCERTAIN_BELOW) ||
        (dimension === "stress" && band === 2 && !alerted),
    };
  }
  return {
    raw,
    blockers: rules.blockers,
    judgedBy: "lexicon",
    // "Not discussed" on the cards stays the rule reader's count of answers that touched each score.
    evidence: rules.evidence,
    reasons: rules.reasons,
    confidence,
    ratings,
    burnoutEvidence,
  };
}
