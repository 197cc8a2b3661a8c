import { and, count, gte, lt, sum } from "drizzle-orm";
import type { Database } from "../db/client";
import { inJsonList } from "../db/fan-out";
import { memberCounts, scoreRollups, sentimentScores } from "../db/schema";
import { acrossShards } from "../db/shards";
import { DAY_MS, HOUR_MS } from "../shared/time";

type ShardFigures = { members: number; activity: number };

/**
 * Team members and check-ins completed in the last 30 days of these organizations, asked of
 * every shard (worker/db/shards.ts) and summed: an organization's rows are in one of them. From
 * the summaries (issue 26 §2): the members are member_counts' count, the completions the hourly
 * score rollups (one score row per completed check-in, recorded when it completed) with the
 * part-hour at the window's start from the score rows' time index, never a count of a
 * 10,000-person organization's members or check-ins.
 */
export async function shardFigures(shards: readonly Database[], ids: string[], now: number) {
  const figures = new Map<string, ShardFigures>();
  if (ids.length === 0) return figures;
  const since = now - 30 * DAY_MS;
  const firstHour = Math.ceil(since / HOUR_MS) * HOUR_MS;
  const rows = await acrossShards(shards, async (shard) => {
    const [members, hours, edge] = await shard.batch([
      shard
        .select({ id: memberCounts.organizationId, n: memberCounts.members })
        .from(memberCounts)
        .where(inJsonList(memberCounts.organizationId, ids)),
      shard
        .select({ id: scoreRollups.organizationId, n: sum(scoreRollups.responses).mapWith(Number).as("n") })
        .from(scoreRollups)
        .where(and(inJsonList(scoreRollups.organizationId, ids), gte(scoreRollups.hour, firstHour)))
        .groupBy(scoreRollups.organizationId),
      shard
        .select({ id: sentimentScores.organizationId, n: count().as("n") })
        .from(sentimentScores)
        .where(
          and(
            inJsonList(sentimentScores.organizationId, ids),
            gte(sentimentScores.recordedAt, new Date(since)),
            lt(sentimentScores.recordedAt, new Date(firstHour)),
          ),
        )
        .groupBy(sentimentScores.organizationId),
    ]);
    return [
      ...members.map((row) => ({ id: row.id, members: row.n, activity: 0 })),
      ...[...hours, ...edge].map((row) => ({ id: row.id, members: 0, activity: row.n })),
    ];
  });
  for (const row of rows) {
    const total = figures.get(row.id) ?? { members: 0, activity: 0 };
    figures.set(row.id, { members: total.members + row.members, activity: total.activity + row.activity });
  }
  return figures;
}
