import { and, count, eq, gte } from "drizzle-orm";
import type { Database } from "../db/client";
import { inJsonList } from "../db/fan-out";
import { checkIns, teamMembers } from "../db/schema";
import { acrossShards } from "../db/shards";
import { DAY_MS } from "../shared/time";

type ShardFigures = { members: number; activity: number };

/**
 * Team members and check-ins completed in the last 30 days of these organizations, asked of
 * every shard (worker/db/shards.ts) and summed: an organization's rows are in one of them.
 */
export async function shardFigures(shards: readonly Database[], ids: string[], now: number) {
  const figures = new Map<string, ShardFigures>();
  if (ids.length === 0) return figures;
  const rows = await acrossShards(shards, async (shard) => {
    const [members, activity] = await shard.batch([
      shard
        .select({ id: teamMembers.organizationId, n: count().as("n") })
        .from(teamMembers)
        .where(inJsonList(teamMembers.organizationId, ids))
        .groupBy(teamMembers.organizationId),
      shard
        .select({ id: checkIns.organizationId, n: count().as("n") })
        .from(checkIns)
        .where(
          and(
            inJsonList(checkIns.organizationId, ids),
            eq(checkIns.status, "completed"),
            gte(checkIns.completedAt, new Date(now - 30 * DAY_MS)),
          ),
        )
        .groupBy(checkIns.organizationId),
    ]);
    return [
      ...members.map((row) => ({ id: row.id, members: row.n, activity: 0 })),
      ...activity.map((row) => ({ id: row.id, members: 0, activity: row.n })),
    ];
  });
  for (const row of rows) {
    const sum = figures.get(row.id) ?? { members: 0, activity: 0 };
    figures.set(row.id, { members: sum.members + row.members, activity: sum.activity + row.activity });
  }
  return figures;
}
