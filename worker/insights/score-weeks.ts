import * as z from "zod/mini";
import type { BucketCount, BucketScores } from "./compute";
import {
  count,
  hourBucket,
  inEdgeHour,
  notAnEdge,
  rowBucket,
  rowsOf,
  type Statement,
  type WeekWindow,
} from "./statements";

/**
 * An organization's weekly scores and blockers, from the hourly rollups (score_rollups,
 * drizzle/0015_rollups.sql) and the rows of the weeks' edge hours (statements.ts). The sums
 * are integers, so the means equal the ones SQL's avg() gives over every row
 * (insights-rollups.test.ts compares them at several moments).
 */

const SUMS = `sum(responses) as responses, sum(morale_sum) as morale_sum, sum(confidence_sum) as confidence_sum,
  sum(stress_sum) as stress_sum, sum(sales_strength_sum) as sales_strength_sum,
  sum(morale_discussed) as morale_discussed, sum(confidence_discussed) as confidence_discussed,
  sum(stress_discussed) as stress_discussed, sum(sales_strength_discussed) as sales_strength_discussed,
  sum(blockers_discussed) as blockers_discussed`;

/** ?1 nowHour, ?2 organization, ?3 weeks. */
const ROLLUP_WEEKS = `select ${hourBucket("?1", "hour")} as bucket, ${SUMS}, sum(blockers) as blockers
  from score_rollups where organization_id = ?2 and ${notAnEdge("?1", "?3", "hour")}
  group by bucket`;

/** ?1 wholeNow, ?2 organization, ?3 edges, ?4 rangeStart, ?5 now. */
const EDGE_SCORES = `select ${rowBucket("?1", "s.recorded_at")} as bucket, count(*) as responses,
  sum(s.morale) as morale_sum, sum(s.confidence) as confidence_sum, sum(s.stress) as stress_sum,
  sum(coalesce(s.sales_strength, 75)) as sales_strength_sum,
  sum(coalesce(s.morale_evidence, 1) > 0) as morale_discussed,
  sum(coalesce(s.confidence_evidence, 1) > 0) as confidence_discussed,
  sum(coalesce(s.stress_evidence, 1) > 0) as stress_discussed,
  sum(coalesce(s.sales_strength_evidence, 1) > 0) as sales_strength_discussed,
  sum(coalesce(s.blockers_evidence, 1) > 0) as blockers_discussed
  from json_each(?3) as j cross join sentiment_scores s
  where s.organization_id = ?2 and ${inEdgeHour("s.recorded_at")} and s.recorded_at > ?4 and s.recorded_at <= ?5
  group by bucket`;

const EDGE_BLOCKERS = `select ${rowBucket("?1", "u.created_at")} as bucket, count(*) as blockers
  from json_each(?3) as j cross join user_challenges u
  where u.organization_id = ?2 and ${inEdgeHour("u.created_at")} and u.created_at > ?4 and u.created_at <= ?5
  group by bucket`;

/** The three statements, in this order, for the view's batch. */
export function scoreWeekStatements(organizationId: string, w: WeekWindow): Statement[] {
  const edges = [w.wholeNow, organizationId, w.edges, w.rangeStart, w.now];
  return [
    { sql: ROLLUP_WEEKS, params: [w.nowHour, organizationId, w.weeks] },
    { sql: EDGE_SCORES, params: edges },
    { sql: EDGE_BLOCKERS, params: edges },
  ];
}

const sumsRow = z.object({
  bucket: count,
  responses: count,
  morale_sum: count,
  confidence_sum: count,
  stress_sum: count,
  sales_strength_sum: count,
  morale_discussed: count,
  confidence_discussed: count,
  stress_discussed: count,
  sales_strength_discussed: count,
  blockers_discussed: count,
});
type Sums = z.output<typeof sumsRow>;
const rollupRow = z.extend(sumsRow, { blockers: count });
const blockersRow = z.object({ bucket: count, blockers: count });

/** The weeks' means and blocker counts from the three statements' results. */
export function scoreWeeksFrom(results: readonly (D1Result | undefined)[]): {
  scores: BucketScores[];
  blockers: BucketCount[];
} {
  const [rollups, edgeScores, edgeBlockers] = results;
  const sums = new Map<number, Sums>();
  const blockers = new Map<number, number>();
  const add = (row: Sums) => {
    const into = sums.get(row.bucket);
    if (!into) {
      sums.set(row.bucket, { ...row });
      return;
    }
    for (const key of Object.keys(row) as (keyof Sums)[]) if (key !== "bucket") into[key] += row[key];
  };
  const addBlockers = (bucket: number, n: number) => blockers.set(bucket, (blockers.get(bucket) ?? 0) + n);
  for (const { blockers: n, ...row } of rowsOf(rollups, rollupRow)) {
    add(row);
    addBlockers(row.bucket, n);
  }
  for (const row of rowsOf(edgeScores, sumsRow)) add(row);
  for (const row of rowsOf(edgeBlockers, blockersRow)) addBlockers(row.bucket, row.blockers);
  const scores = [...sums.values()]
    .filter((row) => row.responses > 0)
    .sort((a, b) => a.bucket - b.bucket)
    .map(
      (row): BucketScores => ({
        bucket: row.bucket,
        responses: row.responses,
        morale: row.morale_sum / row.responses,
        confidence: row.confidence_sum / row.responses,
        stress: row.stress_sum / row.responses,
        sales_strength: row.sales_strength_sum / row.responses,
        discussed: {
          morale: row.morale_discussed,
          confidence: row.confidence_discussed,
          stress: row.stress_discussed,
          sales_strength: row.sales_strength_discussed,
          blockers: row.blockers_discussed,
        },
      }),
    );
  const counts = [...blockers.entries()]
    .filter(([, n]) => n > 0)
    .sort(([a], [b]) => a - b)
    .map(([bucket, n]) => ({ bucket, count: n }));
  return { scores, blockers: counts };
}
