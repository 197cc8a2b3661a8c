import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { zv } from "../lib/validate";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import {
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

type Averages = {
  morale: number | null;
  confidence: number | null;
  stress: number | null;
  sales_strength: number | null;
};

const averagesOver = (where: ReturnType<typeof sql>) => sql`
  select avg(morale) as morale, avg(confidence) as confidence, avg(stress) as stress,
         avg(coalesce(sales_strength, ${DEFAULT_SALES_STRENGTH})) as sales_strength
  from sentiment_scores where ${where}`;

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
 */
export async function sentimentSummary(db: Database, now = Date.now()): Promise<SentimentSummary> {
  const d7 = now - 7 * DAY_MS;
  const d14 = now - 14 * DAY_MS;
  const d30 = now - 30 * DAY_MS;
  const weeksFrom = now - WEEKS_OF_VOLUME * 7 * DAY_MS;
  const [global, thisWeek, lastWeek, counts, weekly] = await Promise.all([
    db.get<Averages>(sql`
      select avg(morale) as morale, avg(confidence) as confidence, avg(stress) as stress,
             avg(coalesce(sales_strength, ${DEFAULT_SALES_STRENGTH})) as sales_strength
      from (select morale, confidence, stress, sales_strength from sentiment_scores
            order by recorded_at desc limit ${SENTIMENT_SAMPLE_SIZE})`),
    db.get<Averages>(averagesOver(sql`recorded_at >= ${d7} and recorded_at <= ${now}`)),
    db.get<Averages>(averagesOver(sql`recorded_at >= ${d14} and recorded_at < ${d7}`)),
    db.get<{
      total: number;
      last_7: number;
      previous_7: number;
      last_30: number;
      blockers: number;
      blockers_7: number;
      blockers_previous_7: number;
    }>(sql`
      select (select count(*) from sentiment_scores) as total,
             (select count(*) from sentiment_scores where recorded_at >= ${d7} and recorded_at <= ${now}) as last_7,
             (select count(*) from sentiment_scores where recorded_at >= ${d14} and recorded_at < ${d7}) as previous_7,
             (select count(*) from sentiment_scores where recorded_at >= ${d30} and recorded_at <= ${now}) as last_30,
             (select count(*) from user_challenges where check_in_id in
               (select check_in_id from sentiment_scores order by recorded_at desc limit ${SENTIMENT_SAMPLE_SIZE})) as blockers,
             (select count(*) from user_challenges where created_at >= ${d7} and created_at <= ${now}) as blockers_7,
             (select count(*) from user_challenges where created_at >= ${d14} and created_at < ${d7}) as blockers_previous_7`),
    db.all<{ bucket: number; responses: number }>(sql`
      select cast((${now} - recorded_at) / ${7 * DAY_MS} as integer) as bucket, count(*) as responses
      from sentiment_scores where recorded_at > ${weeksFrom} and recorded_at <= ${now}
      group by bucket`),
  ]);
  const byBucket = new Map(weekly.map((w) => [num(w.bucket), num(w.responses)]));
  const hasThisWeek = num(counts?.last_7) > 0;
  const hasLastWeek = num(counts?.previous_7) > 0;
  const compare = (pick: (a: Averages | undefined) => number | null) =>
    hasThisWeek && hasLastWeek ? trend(pick(thisWeek), pick(lastWeek)) : 0;
  return {
    global_morale: Math.round(num(global?.morale)),
    global_confidence: Math.round(num(global?.confidence)),
    global_stress: Math.round(num(global?.stress)),
    global_sales_strength: Math.round(num(global?.sales_strength)),
    global_team_dynamics: Math.round(teamDynamics(global)),
    global_blockers_count: num(counts?.blockers),
    sample_size: Math.min(num(counts?.total), SENTIMENT_SAMPLE_SIZE),
    total_responses: num(counts?.total),
    trends: {
      morale: compare((a) => a?.morale ?? null),
      confidence: compare((a) => a?.confidence ?? null),
      stress: compare((a) => a?.stress ?? null),
      sales_strength: compare((a) => a?.sales_strength ?? null),
      team_dynamics: compare((a) => teamDynamics(a)),
      blockers: num(counts?.blockers_7) - num(counts?.blockers_previous_7),
    },
    volume: {
      last_7_days: num(counts?.last_7),
      previous_7_days: num(counts?.previous_7),
      last_30_days: num(counts?.last_30),
      weekly: Array.from({ length: WEEKS_OF_VOLUME }, (_, i) => {
        const bucket = WEEKS_OF_VOLUME - 1 - i;
        return { weekStart: now - (bucket + 1) * 7 * DAY_MS, responses: byBucket.get(bucket) ?? 0 };
      }),
    },
  };
}

const SORTS = {
  responses: sql`responses desc, organization_name`,
  morale: sql`morale asc, organization_name`,
  confidence: sql`confidence asc, organization_name`,
  stress: sql`stress desc, organization_name`,
  name: sql`organization_name collate nocase`,
} as const;

/**
 * The cross-company comparison (the spec marks it coming soon): per organization with
 * responses in the window, the averages, blockers and active alerts, side by side.
 */
export async function companyComparison(
  db: Database,
  query: {
    days?: string | undefined;
    sort?: keyof typeof SORTS | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  },
  now = Date.now(),
) {
  const days = Number(query.days ?? "30");
  const since = now - days * DAY_MS;
  const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
  const order = SORTS[query.sort ?? "responses"];
  const [rows, count] = await Promise.all([
    db.all<{
      organization_id: string;
      organization_name: string;
      responses: number;
      morale: number;
      confidence: number;
      stress: number;
      sales_strength: number;
      blockers: number;
      active_alerts: number;
      last_response_at: number;
    }>(sql`
      select s.organization_id, o.name as organization_name, count(*) as responses,
             avg(s.morale) as morale, avg(s.confidence) as confidence, avg(s.stress) as stress,
             avg(coalesce(s.sales_strength, ${DEFAULT_SALES_STRENGTH})) as sales_strength,
             max(s.recorded_at) as last_response_at,
             (select count(*) from user_challenges b where b.organization_id = s.organization_id and b.created_at >= ${since}) as blockers,
             (select count(*) from risk_alerts a where a.organization_id = s.organization_id and a.status <> 'resolved') as active_alerts
      from sentiment_scores s join organizations o on o.id = s.organization_id
      where s.recorded_at >= ${since}
      group by s.organization_id
      order by ${order} limit ${pageSize} offset ${offset}`),
    db.get<{ n: number }>(sql`
      select count(distinct organization_id) as n from sentiment_scores where recorded_at >= ${since}`),
  ]);
  const items: CompanySentiment[] = rows.map((r) => ({
    organizationId: r.organization_id,
    organizationName: r.organization_name,
    responses: num(r.responses),
    morale: Math.round(num(r.morale)),
    confidence: Math.round(num(r.confidence)),
    stress: Math.round(num(r.stress)),
    salesStrength: Math.round(num(r.sales_strength)),
    teamDynamics: Math.round((num(r.morale) + num(r.confidence)) / 2),
    blockers: num(r.blockers),
    activeAlerts: num(r.active_alerts),
    lastResponseAt: num(r.last_response_at),
  }));
  return { items, page, pageSize, total: num(count?.n) };
}

export const sentimentRoutes = new Hono<ConsoleEnv>()
  .get("/summary", async (c) => c.json(await sentimentSummary(c.var.db)))
  .get("/companies", zv("query", companyComparisonQuerySchema), async (c) =>
    c.json(await companyComparison(c.var.db, c.req.valid("query"))),
  );
