import {
  type AnyColumn,
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  gt,
  gte,
  inArray,
  lt,
  lte,
  type SQL,
  sql,
} from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { avgOf, countWhere, maxOf } from "../db/aggregates";
import { openAlert } from "../db/alert-status";
import type { Database } from "../db/client";
import { organizations, riskAlerts, sentimentScores, userChallenges } from "../db/schema";
import { zv } from "../lib/validate";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import {
  type COMPARISON_SORTS,
  type CompanySentiment,
  companyComparisonQuerySchema,
  type SentimentSummary,
} from "../shared/console/sentiment";
import { DAY_MS } from "../shared/time";
import { num, pageWindow } from "./sql";

/** Spec 2 §9: sentiment samples are the newest 1000 rows; trend windows are 7 days. */
export const SENTIMENT_SAMPLE_SIZE = 1000;
/** Spec 2 §7: a missing sales strength reads as 75. */
export const DEFAULT_SALES_STRENGTH = 75;
const WEEKS_OF_VOLUME = 8;

/** The four means over a set of score rows (a missing sales strength reads as 75). */
const averagesOf = (scores: {
  morale: AnyColumn;
  confidence: AnyColumn;
  stress: AnyColumn;
  salesStrength: AnyColumn;
}) => ({
  morale: avgOf(scores.morale).as("morale"),
  confidence: avgOf(scores.confidence).as("confidence"),
  stress: avgOf(scores.stress).as("stress"),
  salesStrength: avgOf(sql`coalesce(${scores.salesStrength}, ${DEFAULT_SALES_STRENGTH})`).as("sales_strength"),
});

type Averages = {
  morale: number | null;
  confidence: number | null;
  stress: number | null;
  salesStrength: number | null;
};

/** Team dynamics is the average of morale and confidence (spec 2 §7). */
const teamDynamics = (a: Averages | undefined) => (num(a?.morale) + num(a?.confidence)) / 2;

/**
 * Week-over-week change in points, rounded: the last 7 days against the 7 before. With no
 * responses in either week there is nothing to compare, which reads 'No change'.
 */
function trend(current: number | null | undefined, previous: number | null | undefined): number {
  if (current === null || current === undefined || previous === null || previous === undefined) return 0;
  return Math.round(current - previous);
}

/**
 * Spec 2 §3 "Sentiment summary result": global values over the newest 1000 responses,
 * the blockers named in those same check-ins (issue 13 §4: the figure covers the sample its
 * card describes), and trends in points; plus the response volume by week. Zeros without data.
 * One batch: one round trip.
 */
export async function sentimentSummary(db: Database, now = Date.now()): Promise<SentimentSummary> {
  const at = (ms: number) => new Date(ms);
  const d7 = at(now - 7 * DAY_MS);
  const d14 = at(now - 14 * DAY_MS);
  const d30 = at(now - 30 * DAY_MS);
  const until = at(now);
  const recorded = sentimentScores.recordedAt;
  const sample = db
    .select({
      morale: sentimentScores.morale,
      confidence: sentimentScores.confidence,
      stress: sentimentScores.stress,
      salesStrength: sentimentScores.salesStrength,
    })
    .from(sentimentScores)
    .orderBy(desc(recorded))
    .limit(SENTIMENT_SAMPLE_SIZE)
    .as("sample");
  const sampleCheckIns = db
    .select({ checkInId: sentimentScores.checkInId })
    .from(sentimentScores)
    .orderBy(desc(recorded))
    .limit(SENTIMENT_SAMPLE_SIZE);
  const bucket = sql<number>`cast((${now} - ${recorded}) / ${7 * DAY_MS} as integer)`.mapWith(Number).as("bucket");
  const [[global], [thisWeek], [lastWeek], [totals], [sampleBlockers], [blockerWeeks], weekly] = await db.batch([
    db.select(averagesOf(sample)).from(sample),
    db
      .select({ ...averagesOf(sentimentScores), responses: count().as("responses") })
      .from(sentimentScores)
      .where(and(gte(recorded, d7), lte(recorded, until))),
    db
      .select({ ...averagesOf(sentimentScores), responses: count().as("responses") })
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
  const byBucket = new Map(weekly.map((w) => [num(w.bucket), num(w.responses)]));
  const last7 = num(thisWeek?.responses);
  const previous7 = num(lastWeek?.responses);
  const total = num(totals?.total);
  const compare = (pick: (a: Averages | undefined) => number | null) =>
    last7 > 0 && previous7 > 0 ? trend(pick(thisWeek), pick(lastWeek)) : 0;
  return {
    global_morale: Math.round(num(global?.morale)),
    global_confidence: Math.round(num(global?.confidence)),
    global_stress: Math.round(num(global?.stress)),
    global_sales_strength: Math.round(num(global?.salesStrength)),
    global_team_dynamics: Math.round(teamDynamics(global)),
    global_blockers_count: num(sampleBlockers?.blockers),
    sample_size: Math.min(total, SENTIMENT_SAMPLE_SIZE),
    total_responses: total,
    trends: {
      morale: compare((a) => a?.morale ?? null),
      confidence: compare((a) => a?.confidence ?? null),
      stress: compare((a) => a?.stress ?? null),
      sales_strength: compare((a) => a?.salesStrength ?? null),
      team_dynamics: compare((a) => teamDynamics(a)),
      blockers: num(blockerWeeks?.last7) - num(blockerWeeks?.previous7),
    },
    volume: {
      last_7_days: last7,
      previous_7_days: previous7,
      last_30_days: num(totals?.last30),
      weekly: Array.from({ length: WEEKS_OF_VOLUME }, (_, i) => {
        const weekBucket = WEEKS_OF_VOLUME - 1 - i;
        return { weekStart: now - (weekBucket + 1) * 7 * DAY_MS, responses: byBucket.get(weekBucket) ?? 0 };
      }),
    },
  };
}

type ComparisonSort = (typeof COMPARISON_SORTS)[number];

/**
 * The cross-company comparison (the spec marks it coming soon): per organization with
 * responses in the window, the averages, blockers and active alerts, side by side.
 */
export async function companyComparison(
  db: Database,
  query: {
    days?: string | undefined;
    sort?: ComparisonSort | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  },
  now = Date.now(),
) {
  const days = Number(query.days ?? "30");
  const since = new Date(now - days * DAY_MS);
  const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
  const organization = sentimentScores.organizationId;
  const organizationName = sql<string>`${organizations.name}`.as("organization_name");
  const byName = sql`${organizationName}`;
  const responses = count().as("responses");
  const averages = averagesOf(sentimentScores);
  const orders = {
    responses: [desc(responses), byName],
    morale: [asc(averages.morale), byName],
    confidence: [asc(averages.confidence), byName],
    stress: [desc(averages.stress), byName],
    name: [sql`${organizationName} collate nocase`],
  } satisfies Record<ComparisonSort, SQL[]>;
  const inWindow = gte(sentimentScores.recordedAt, since);
  const [rows, [counted]] = await db.batch([
    db
      .select({
        organizationId: organization,
        organizationName,
        responses,
        ...averages,
        lastResponseAt: maxOf(sentimentScores.recordedAt).as("last_response_at"),
        blockers: db
          .$count(
            userChallenges,
            and(eq(userChallenges.organizationId, organization), gte(userChallenges.createdAt, since)),
          )
          .as("blockers"),
        activeAlerts: db
          .$count(riskAlerts, and(eq(riskAlerts.organizationId, organization), openAlert))
          .as("active_alerts"),
      })
      .from(sentimentScores)
      .innerJoin(organizations, eq(organizations.id, organization))
      .where(inWindow)
      .groupBy(organization)
      .orderBy(...orders[query.sort ?? "responses"])
      .limit(pageSize)
      .offset(offset),
    db
      .select({ n: countDistinct(organization) })
      .from(sentimentScores)
      .where(inWindow),
  ]);
  const items: CompanySentiment[] = rows.map((r) => ({
    organizationId: r.organizationId,
    organizationName: r.organizationName,
    responses: num(r.responses),
    morale: Math.round(num(r.morale)),
    confidence: Math.round(num(r.confidence)),
    stress: Math.round(num(r.stress)),
    salesStrength: Math.round(num(r.salesStrength)),
    teamDynamics: Math.round(teamDynamics(r)),
    blockers: num(r.blockers),
    activeAlerts: num(r.activeAlerts),
    lastResponseAt: num(r.lastResponseAt),
  }));
  return { items, page, pageSize, total: num(counted?.n) };
}

export const sentimentRoutes = new Hono<ConsoleEnv>()
  .get("/summary", async (c) => c.json(await sentimentSummary(c.var.db)))
  .get("/companies", zv("query", companyComparisonQuerySchema), async (c) =>
    c.json(await companyComparison(c.var.db, c.req.valid("query"))),
  );
