import { and, gte, lt, type SQL, sql } from "drizzle-orm";
import { sumOf } from "../db/aggregates";
import type { Database } from "../db/client";
import { scoreRollups, sentimentScores } from "../db/schema";
import { HOUR_MS } from "../shared/time";

/**
 * Completed check-ins in one database, from the hourly rollups (one response each): the hours
 * wholly inside a window from score_rollups, the part-hours at its edges from the score rows'
 * time index. Never a scan of check_ins (README → Decisions "Hourly rollups"). Two statements
 * for the caller's batch: the rollups' figures, then the edges' (added to them).
 */
export function completedCheckInStatements(db: Database, at: { d30: number; d14: number; d7: number }) {
  const ceilHour = (time: number) => Math.ceil(time / HOUR_MS) * HOUR_MS;
  const floorHour = (time: number) => Math.floor(time / HOUR_MS) * HOUR_MS;
  const responsesFrom = (condition: SQL) => sumOf(sql`case when ${condition} then ${scoreRollups.responses} end`);
  const scoresIn = (from: number, to: number) =>
    db.$count(
      sentimentScores,
      and(gte(sentimentScores.recordedAt, new Date(from)), lt(sentimentScores.recordedAt, new Date(to))),
    );
  return [
    db
      .select({
        total: sumOf(scoreRollups.responses).as("total"),
        last30: responsesFrom(gte(scoreRollups.hour, ceilHour(at.d30))).as("last30"),
        last7: responsesFrom(gte(scoreRollups.hour, ceilHour(at.d7))).as("last7"),
        previous7: responsesFrom(
          and(gte(scoreRollups.hour, ceilHour(at.d14)), lt(scoreRollups.hour, floorHour(at.d7))) ?? sql`0`,
        ).as("previous7"),
      })
      .from(scoreRollups),
    db
      .select({
        last30: scoresIn(at.d30, ceilHour(at.d30)).as("e_last30"),
        last7: scoresIn(at.d7, ceilHour(at.d7)).as("e_last7"),
        previous7: sql<number>`${scoresIn(at.d14, ceilHour(at.d14))} + ${scoresIn(floorHour(at.d7), at.d7)}`
          .mapWith(Number)
          .as("e_previous7"),
      })
      .from(sql`(select 1)`),
  ] as const;
}
