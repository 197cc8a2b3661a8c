import { and, count, countDistinct, desc, eq, gte } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { epochMs } from "../db/aggregates";
import type { Database } from "../db/client";
import { mergedPage, OrganizationNameCache, sumOf } from "../db/fan-out";
import { checkIns, scoreCorrections } from "../db/schema";
import { decodeReview } from "../db/score-flags";
import { allShardDbs } from "../db/shards";
import { BANDS, type Band } from "../shared/check-in-summary";
import {
  DISPUTED_LIMIT,
  JUDGEMENT_WINDOW_DAYS,
  type JudgementOverview,
  judgementOverviewSchema,
} from "../shared/console/judgement";
import { SCORE_DIMENSIONS } from "../shared/pillars";
import { DAY_MS } from "../shared/time";
import { num } from "./sql";

/**
 * Where the reader is wrong in real use (issue 24 §7, §8), for the operator across every
 * organization (only /api/admin reads across them): the salesperson's corrections counted per
 * score and chosen band, and the check-ins marked for review with the figures both sides gave.
 * One D1 batch per shard (worker/db/shards.ts), in parallel: the counts are summed (a check-in
 * and its corrections are in one shard), the newest disputed check-ins merged, and their
 * organizations' names read from the platform database. Labels and figures only.
 */
export async function judgementOverview(
  platform: Database,
  shards: readonly Database[] = [platform],
  now = Date.now(),
): Promise<JudgementOverview> {
  const since = new Date(now - JUDGEMENT_WINDOW_DAYS * DAY_MS);
  const completedInWindow = and(eq(checkIns.status, "completed"), gte(checkIns.completedAt, since));
  const disputedWhere = and(completedInWindow, eq(checkIns.needsReview, true));
  const perShard = await Promise.all(
    shards.map((db) =>
      db.batch([
        db
          .select({ dimension: scoreCorrections.dimension, chosen: scoreCorrections.chosenBand, n: count() })
          .from(scoreCorrections)
          .where(gte(scoreCorrections.createdAt, since))
          .groupBy(scoreCorrections.dimension, scoreCorrections.chosenBand),
        db
          .select({ n: countDistinct(scoreCorrections.checkInId) })
          .from(scoreCorrections)
          .where(gte(scoreCorrections.createdAt, since)),
        db.select({ n: count() }).from(checkIns).where(completedInWindow),
        db
          .select({
            checkInId: checkIns.id,
            organizationId: checkIns.organizationId,
            completedAt: epochMs<true>(checkIns.completedAt),
            state: checkIns.conversationState,
          })
          .from(checkIns)
          .where(disputedWhere)
          .orderBy(desc(checkIns.completedAt), checkIns.id)
          .limit(DISPUTED_LIMIT),
        db.select({ n: count() }).from(checkIns).where(disputedWhere),
      ]),
    ),
  );
  const counts = perShard.flatMap(([rows]) => rows);
  const corrections = SCORE_DIMENSIONS.map((dimension) => {
    const rows = counts.filter((row) => row.dimension === dimension);
    const byChosen = Object.fromEntries(
      BANDS.map((band) => [band, sumOf(rows, (row) => (row.chosen === band ? num(row.n) : 0))]),
    ) as Record<Band, number>;
    return { dimension, total: sumOf(rows, (row) => num(row.n)), byChosen };
  });
  const disputed = mergedPage(
    perShard.map(([, , , rows]) => rows),
    (a, b) => num(b.completedAt) - num(a.completedAt) || (a.checkInId < b.checkInId ? -1 : 1),
    0,
    DISPUTED_LIMIT,
  );
  const names = await new OrganizationNameCache(platform).load(disputed.map((row) => row.organizationId));
  const overview = {
    days: JUDGEMENT_WINDOW_DAYS,
    completed: sumOf(perShard, ([, , [row]]) => num(row?.n)),
    corrections,
    correctedCheckIns: sumOf(perShard, ([, [row]]) => num(row?.n)),
    disputed: disputed.map((row) => ({
      checkInId: row.checkInId,
      organizationName: names.get(row.organizationId) ?? "Unknown Organization",
      completedAt: num(row.completedAt),
      disputes: decodeReview(row.state),
    })),
    disputedTotal: sumOf(perShard, ([, , , , [row]]) => num(row?.n)),
  };
  // The stored review is JSON written by the completion: checked before it leaves.
  return judgementOverviewSchema.parse(overview);
}

export const judgementRoutes = new Hono<ConsoleEnv>().get("/", async (c) =>
  c.json(await judgementOverview(c.var.db, allShardDbs(c.env))),
);
