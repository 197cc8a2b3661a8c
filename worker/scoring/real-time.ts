import type { ConcernLevel } from "../shared/domain";
import {
  type ClassificationPillar,
  DIMENSION_TO_CLASSIFICATION,
  type DimensionScores,
  SCORE_DIMENSIONS,
} from "../shared/pillars";

/** Spec 2 §9: real-time rows carry confidence_level 80; concern is high < 40, medium < 60. */
export const REAL_TIME_CONFIDENCE_LEVEL = 80;

export function concernLevelFor(score: number): ConcernLevel {
  if (score < 40) return "high";
  if (score < 60) return "medium";
  return "low";
}

/**
 * One real_time_sentiment row per pillar (spec 2 §7 mapping). The row's sentiment_score
 * reads "higher is better" on every pillar, so stress is stored inverted (100 − stress):
 * otherwise a very stressed salesperson would come out as low concern.
 */
export function realTimeSentimentFor(
  scores: DimensionScores,
): { pillar: ClassificationPillar; sentimentScore: number; concernLevel: ConcernLevel }[] {
  return SCORE_DIMENSIONS.map((dimension) => {
    const sentimentScore = dimension === "stress" ? 100 - scores.stress : scores[dimension];
    return {
      pillar: DIMENSION_TO_CLASSIFICATION[dimension],
      sentimentScore,
      concernLevel: concernLevelFor(sentimentScore),
    };
  });
}
