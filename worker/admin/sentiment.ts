import { type AnyColumn, and, count, desc, gt, gte, inArray, lt, lte, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { countWhere, epochMs } from "../db/aggregates";
import type { Database } from "../db/client";
import { sumOf } from "../db/fan-out";
import { sentimentScores, userChallenges } from "../db/schema";
import { allShardDbs } from "../db/shards";
import { zv } from "../lib/validate";
import { companyComparisonQuerySchema, type SentimentSummary } from "../shared/console/sentiment";
import { DAY_MS } from "../shared/time";
import { companyComparison } from "./company-comparison";
import { type Averages, DEFAULT_SALES_STRENGTH, teamDynamics } from "./sentiment-means";
import { num } from "./sql";

/** Spec 2 §9: sentiment samples are the newest 1000 rows; trend windows are 7 days. */
export const SENTIMENT_SAMPLE_SIZE = 1000;
const WEEKS_OF_VOLUME = 8;

/**
 * Week-over-week change in points, rounded: the last 7 days against the 7 before. With no
 * responses in either week there is nothing to compare, which reads 'No change'.
 */
function trend(current: number | null | undefined, previous: number | null | undefined): number {
  if (current === null || current === undefined || previous === null || previous === undefined) return 0;
  return Math.round(current - previous);
}

/** Per score: its sum and how many rows had one (a mean across shards is Σ sums / Σ counts). */
const sumsOf = (scores: { morale: AnyColumn; confidence: AnyColumn; stress: AnyColumn; salesStrength: AnyColumn }) => {
  const salesStrength = sql`coalesce(${scores.salesStrength}, ${DEFAULT_SALES_STRENGTH})`;
  return {
    moraleSum: sql<number | null>`sum(${scores.morale})`.mapWith(Number).as("morale_sum"),
    moraleN: count(scores.morale).as("morale_n"),
    confidenceSum: sql<number | null>`sum(${scores.confidence})`.mapWith(Number).as("confidence_sum"),
    confidenceN: count(scores.confidence).as("confidence_n"),
    stressSum: sql<number | null>`sum(${scores.stress})`.mapWith(Number).as("stress_sum"),
    stressN: count(scores.stress).as("stress_n"),
    salesStrengthSum: sql<number | null>`sum(${salesStrength})`.mapWith(Number).as("sales_strength_sum"),
    salesStrengthN: count().as("sales_strength_n"),
  };
};

type Sums = {
  moraleSum: number | null;
  moraleN: number;
  confidenceSum: number | null;
  confidenceN: number;
  stressSum: number | null;
  stressN: number;
  salesStrengthSum: number | null;
  salesStrengthN: number;
};

/** The means over every shard's sums (null for a score no row had, as SQL's avg). */
function meansOf(rows: (Sums | undefined)[]): Averages {
  const mean = (sum: (row: Sums) => number | null, n: (row: Sums) => number) => {
    const total = rows.reduce((acc, row) => acc + (row ? num(n(row)) : 0), 0);
    return total === 0 ? null : rows.reduce((acc, row) => acc + (row ? num(sum(row)) : 0), 0) / total;
  };
  return {
    morale: mean(
      (r) => r.moraleSum,
      (r) => r.moraleN,
    ),
    confidence: mean(
      (r) => r.confidenceSum,
      (r) => r.confidenceN,
    ),
    stress: mean(
      (r) => r.stressSum,
      (r) => r.stressN,
    ),
    salesStrength: mean(
      (r) => r.salesStrengthSum,
      (r) => r.salesStrengthN,
    ),
  };
}

/** Newest first, then by id: the sample's order in every shard. */
const newestScoreFirst = (a: { at: number; id: string }, b: { at: number; id: string }) =>
  b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * Spec 2 §3 "Sentiment summary result": global values over the newest 1000 responses,
 * the blockers named in those same check-ins (issue 13 §4: the figure covers the sample its
 * card describes), and trends in points; plus the response volume by week. Zeros without data.
 *
 * Across shards (worker/db/shards.ts): each shard's newest 1000 are merged to find how many of
 * the sample each holds (its newest k), then one batch per shard sums what the figures need,
 * and the sums are combined. Two round trips per shard, in parallel.
 */
export async function sentimentSummary(shards: readonly Database[], now = Date.now()): Promise<SentimentSummary> {
  const at = (ms: number) => new Date(ms);
  const d7 = at(now - 7 * DAY_MS);
  const d14 = at(now - 14 * DAY_MS);
  const d30 = at(now - 30 * DAY_MS);
  const until = at(now);
  const recorded = sentimentScores.recordedAt;
  const newest = [desc(recorded), desc(sentimentScores.checkInId)];
  const heads = await Promise.all(
    shards.map((db) =>
      db
        .select({ at: epochMs(recorded), id: sentimentScores.checkInId })
        .from(sentimentScores)
        .orderBy(...newest)
        .limit(SENTIMENT_SAMPLE_SIZE),
    ),
  );
  const sampled = heads
    .flatMap((rows, shard) => rows.map((row) => ({ ...row, shard })))
    .sort(newestScoreFirst)
    .slice(0, SENTIMENT_SAMPLE_SIZE);
  const bucket = sql<number>`cast((${now} - ${recorded}) / ${7 * DAY_MS} as integer)`.mapWith(Number).as("bucket");
  const perShard = await Promise.all(
    shards.map((db, index) => {
      const share = sampled.filter((row) => row.shard === index).length;
      const sample = db
        .select({
          morale: sentimentScores.morale,
          confidence: sentimentScores.confidence,
          stress: sentimentScores.stress,
          salesStrength: sentimentScores.salesStrength,
        })
        .from(sentimentScores)
        .orderBy(...newest)
        .limit(share)
        .as("sample");
      const sampleCheckIns = db
        .select({ checkInId: sentimentScores.checkInId })
        .from(sentimentScores)
        .orderBy(...newest)
        .limit(share);
      return db.batch([
        db.select(sumsOf(sample)).from(sample),
        db
          .select(sumsOf(sentimentScores))
          .from(sentimentScores)
          .where(and(gte(recorded, d7), lte(recorded, until))),
        db
          .select(sumsOf(sentimentScores))
          .from(sentimentScores)
          .where(and(gte(recorded, d14), lt(recorded, d7))),
        db
          .select({
            total: count().as("total"),
            last30: countWhere(and(gte(recorded, d30), lte(recorded, until))).as("last_30"),
          })
          .from(sentimentScores),
        db
          .select({ blockers: count().as("blockers") })
          .from(userChallenges)
          .where(inArray(userChallenges.checkInId, sampleCheckIns)),
        db
          .select({
            last7: countWhere(gte(userChallenges.createdAt, d7)).as("blockers_7"),
            previous7: countWhere(lt(userChallenges.createdAt, d7)).as("blockers_previous_7"),
          })
          .from(userChallenges)
          .where(and(gte(userChallenges.createdAt, d14), lte(userChallenges.createdAt, until))),
        db
          .select({ bucket, responses: count().as("responses") })
          .from(sentimentScores)
          .where(and(gt(recorded, at(now - WEEKS_OF_VOLUME * 7 * DAY_MS)), lte(recorded, until)))
          .groupBy(sql`${bucket}`),
      ]);
    }),
  );
  const global = meansOf(perShard.map(([[row]]) => row));
  const thisWeek = meansOf(perShard.map(([, [row]]) => row));
  const lastWeek = meansOf(perShard.map(([, , [row]]) => row));
  const sum = (value: (shard: (typeof perShard)[number]) => number) => sumOf(perShard, value);
  const byBucket = new Map<number, number>();
  for (const [, , , , , , weekly] of perShard) {
    for (const w of weekly) byBucket.set(num(w.bucket), (byBucket.get(num(w.bucket)) ?? 0) + num(w.responses));
  }
  const last7 = sum(([, [row]]) => num(row?.salesStrengthN));
  const previous7 = sum(([, , [row]]) => num(row?.salesStrengthN));
  const total = sum(([, , , [row]]) => num(row?.total));
  const compare = (pick: (a: Averages) => number | null) =>
    last7 > 0 && previous7 > 0 ? trend(pick(thisWeek), pick(lastWeek)) : 0;
  return {
    global_morale: Math.round(num(global.morale)),
    global_confidence: Math.round(num(global.confidence)),
    global_stress: Math.round(num(global.stress)),
    global_sales_strength: Math.round(num(global.salesStrength)),
    global_team_dynamics: Math.round(teamDynamics(global)),
    global_blockers_count: sum(([, , , , [row]]) => num(row?.blockers)),
    sample_size: Math.min(total, SENTIMENT_SAMPLE_SIZE),
    total_responses: total,
    trends: {
      morale: compare((a) => a.morale),
      confidence: compare((a) => a.confidence),
      stress: compare((a) => a.stress),
      sales_strength: compare((a) => a.salesStrength),
      team_dynamics: compare((a) => teamDynamics(a)),
      blockers: sum(([, , , , , [row]]) => num(row?.last7) - num(row?.previous7)),
    },
    volume: {
      last_7_days: last7,
      previous_7_days: previous7,
      last_30_days: sum(([, , , [row]]) => num(row?.last30)),
      weekly: Array.from({ length: WEEKS_OF_VOLUME }, (_, i) => {
        const weekBucket = WEEKS_OF_VOLUME - 1 - i;
        return { weekStart: now - (weekBucket + 1) * 7 * DAY_MS, responses: byBucket.get(weekBucket) ?? 0 };
      }),
    },
  };
}

export const sentimentRoutes = new Hono<ConsoleEnv>()
  .get("/summary", async (c) => c.json(await sentimentSummary(allShardDbs(c.env))))
  .get("/companies", zv("query", companyComparisonQuerySchema), async (c) =>
    c.json(await companyComparison(c.var.db, c.req.valid("query"), Date.now(), allShardDbs(c.env))),
  );
