import { and, count, countDistinct, desc, eq, gte } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { checkIns, organizations, scoreCorrections } from "../db/schema";
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
 * One D1 batch; labels and figures only.
 */
export async function judgementOverview(db: Database, now = Date.now()): Promise<JudgementOverview> {
  const since = new Date(now - JUDGEMENT_WINDOW_DAYS * DAY_MS);
  const completedInWindow = and(eq(checkIns.status, "completed"), gte(checkIns.completedAt, since));
  const disputedWhere = and(completedInWindow, eq(checkIns.needsReview, true));
  const [counts, corrected, completed, disputed, disputedTotal] = await db.batch([
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
        organizationName: organizations.name,
        completedAt: checkIns.completedAt,
        state: checkIns.conversationState,
      })
      .from(checkIns)
      .innerJoin(organizations, eq(organizations.id, checkIns.organizationId))
      .where(disputedWhere)
      .orderBy(desc(checkIns.completedAt))
      .limit(DISPUTED_LIMIT),
    db.select({ n: count() }).from(checkIns).where(disputedWhere),
  ]);
  const corrections = SCORE_DIMENSIONS.map((dimension) => {
    const rows = counts.filter((row) => row.dimension === dimension);
    const byChosen = Object.fromEntries(
      BANDS.map((band) => [band, num(rows.find((row) => row.chosen === band)?.n)]),
    ) as Record<Band, number>;
    return { dimension, total: rows.reduce((sum, row) => sum + num(row.n), 0), byChosen };
  });
  const overview = {
    days: JUDGEMENT_WINDOW_DAYS,
    completed: num(completed[0]?.n),
    corrections,
    correctedCheckIns: num(corrected[0]?.n),
    disputed: disputed.map((row) => ({
      checkInId: row.checkInId,
      organizationName: row.organizationName,
      completedAt: row.completedAt?.getTime() ?? 0,
      disputes: Array.isArray(row.state?.review) ? row.state.review : [],
    })),
    disputedTotal: num(disputedTotal[0]?.n),
  };
  // The stored review is JSON written by the completion: checked before it leaves.
  return judgementOverviewSchema.parse(overview);
}

export const judgementRoutes = new Hono<ConsoleEnv>().get("/", async (c) => c.json(await judgementOverview(c.var.db)));
