import type { ConcernLevel } from "../shared/domain";
import { type ClassificationPillar, type DimensionScores, SCORE_DIMENSIONS, SCORES } from "../shared/pillars";

/** Spec 2 §9: real-time rows carry confidence_level 80; concern is high < 40, medium < 60. */
export const REAL_TIME_CONFIDENCE_LEVEL = 80;

export function concernLevelFor(score: number): ConcernLevel {
  if (score < 40) return "high";
  if (score < 60) return "medium";
  return "low";
}

/**
 * One real_time_sentiment row per score, under its pillar's classification name (spec 2 §7).
 * The row's sentiment_score reads "higher is better" on every pillar, so a score whose pillar
 * is "lower is better" (stress) is stored turned over, 100 − stress (SCORES[d].inverted, from
 * the pillar registry): otherwise a very stressed salesperson would come out as low concern.
 */
export function realTimeSentimentFor(
  scores: DimensionScores,
): { pillar: ClassificationPillar; sentimentScore: number; concernLevel: ConcernLevel }[] {
  return SCORE_DIMENSIONS.map((dimension) => {
    const score = SCORES[dimension];
    const sentimentScore = score.inverted ? 100 - scores[dimension] : scores[dimension];
    return { pillar: score.classification, sentimentScore, concernLevel: concernLevelFor(sentimentScore) };
  });
}
