import { describe, expect, it } from "vitest";
import { REAL_TIME_CONFIDENCE_LEVEL, realTimeSentimentFor } from "../../worker/scoring/real-time";
import { generateInsightsFixture } from "../fixtures/worker/insights-fixture";

/**
 * The benchmark's fixture restates the real-time rows (it must load in plain Node); they
 * must stay exactly what the check-in's completion writes for the same scores.
 */
describe("the insights fixture", () => {
  it("writes the same real_time_sentiment rows as the app for each check-in's scores", () => {
    const fixture = generateInsightsFixture({ members: 6, weeks: 4, now: Date.UTC(2026, 10, 16) });
    const rows = (table: string) => fixture.tables.find((t) => t.table === table)?.rows ?? [];
    const scores = rows("sentiment_scores");
    const realTime = rows("real_time_sentiment");
    expect(scores.length).toBeGreaterThan(0);
    expect(realTime).toHaveLength(scores.length * 5);
    for (const score of scores) {
      const expected = realTimeSentimentFor({
        morale: Number(score.morale),
        confidence: Number(score.confidence),
        stress: Number(score.stress),
        sales_strength: Number(score.sales_strength),
        blockers: Number(score.blockers),
      }).map((row) => ({
        pillar: row.pillar,
        sentiment_score: row.sentimentScore,
        concern_level: row.concernLevel,
        confidence_level: REAL_TIME_CONFIDENCE_LEVEL,
      }));
      const written = realTime
        .filter((row) => row.check_in_id === score.check_in_id)
        .map(({ pillar, sentiment_score, concern_level, confidence_level }) => ({
          pillar,
          sentiment_score,
          concern_level,
          confidence_level,
        }));
      expect(written).toEqual(expected);
    }
  });
});
