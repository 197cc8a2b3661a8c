import { HOUR_MS, WEEK_MS } from "../shared/time";
import type { BucketCount, BucketScores } from "./compute";
import { REBUILD_ROLLUPS_SQL } from "./rollups-sql";

export { REBUILD_ROLLUPS_SQL };

/**
 * The hourly rollups (score_rollups, drizzle/0015_rollups.sql): kept by triggers on the score
 * and blocker rows (so in the completion's own batch), read by the Overview and the console,
 * rebuilt by `npm run rollups:rebuild`.
 *
 * The dashboard's weeks are the last 7 days counted back from `now` (spec 2 §7), so their
 * edges fall inside an hour. Every edge `now − k weeks` lies in the hour `nowHour − k weeks`
 * (a week is a whole number of hours): those hours, one per edge, are read from the score and
 * blocker rows; every other hour of the range lies in one week and is read from its rollup.
 * The sums are integers, so the means equal the ones SQL's avg() gave over every row.
 */

const H = HOUR_MS;
const W = WEEK_MS;

export const hourOf = (time: number) => Math.floor(time / H) * H;

export async function rebuildRollups(d1: D1Database) {
  await d1.batch(REBUILD_ROLLUPS_SQL.map((statement) => d1.prepare(statement)));
}

type SumsRow = {
  bucket: number;
  responses: number;
  morale_sum: number;
  confidence_sum: number;
  stress_sum: number;
  sales_strength_sum: number;
  morale_discussed: number;
  confidence_discussed: number;
  stress_discussed: number;
  sales_strength_discussed: number;
  blockers_discussed: number;
};
type BlockersRow = { bucket: number; blockers: number };

const SUMS = `sum(responses) as responses, sum(morale_sum) as morale_sum, sum(confidence_sum) as confidence_sum,
  sum(stress_sum) as stress_sum, sum(sales_strength_sum) as sales_strength_sum,
  sum(morale_discussed) as morale_discussed, sum(confidence_discussed) as confidence_discussed,
  sum(stress_discussed) as stress_discussed, sum(sales_strength_discussed) as sales_strength_discussed,
  sum(blockers_discussed) as blockers_discussed`;

/** The hours of the range that hold no week's edge: from the rollups, by week. */
const ROLLUP_WEEKS = `select cast((?1 - hour) / ${W} as integer) as bucket, ${SUMS}, sum(blockers) as blockers
  from score_rollups
  where organization_id = ?2 and hour >= ?1 - ?3 * ${W} and hour <= ?1 and cast(?1 - hour as integer) % ${W} != 0
  group by bucket`;

/** The edge hours (a JSON array of their starts), row by row, within (rangeStart, now]. */
const EDGE_SCORES = `select cast((?1 - s.recorded_at) / ${W} as integer) as bucket, count(*) as responses,
  sum(s.morale) as morale_sum, sum(s.confidence) as confidence_sum, sum(s.stress) as stress_sum,
  sum(coalesce(s.sales_strength, 75)) as sales_strength_sum,
  sum(coalesce(s.morale_evidence, 1) > 0) as morale_discussed,
  sum(coalesce(s.confidence_evidence, 1) > 0) as confidence_discussed,
  sum(coalesce(s.stress_evidence, 1) > 0) as stress_discussed,
  sum(coalesce(s.sales_strength_evidence, 1) > 0) as sales_strength_discussed,
  sum(coalesce(s.blockers_evidence, 1) > 0) as blockers_discussed
  from json_each(?3) as j
  join sentiment_scores s on s.organization_id = ?2 and s.recorded_at >= j.value and s.recorded_at < j.value + ${H}
  where s.recorded_at > ?4 and s.recorded_at <= ?5
  group by bucket`;

const EDGE_BLOCKERS = `select cast((?1 - u.created_at) / ${W} as integer) as bucket, count(*) as blockers
  from json_each(?3) as j
  join user_challenges u on u.organization_id = ?2 and u.created_at >= j.value and u.created_at < j.value + ${H}
  where u.created_at > ?4 and u.created_at <= ?5
  group by bucket`;

/** The three statements of an organization's weekly scores and blockers, to run in the view's batch. */
export function weeklyRollupStatements(d1: D1Database, organizationId: string, now: number, weeks: number) {
  const nowHour = hourOf(now);
  const edges = JSON.stringify(Array.from({ length: weeks + 1 }, (_, k) => nowHour - k * W));
  const rangeStart = now - weeks * W;
  const wholeNow = Math.trunc(now);
  return [
    d1.prepare(ROLLUP_WEEKS).bind(nowHour, organizationId, weeks),
    d1.prepare(EDGE_SCORES).bind(wholeNow, organizationId, edges, rangeStart, now),
    d1.prepare(EDGE_BLOCKERS).bind(wholeNow, organizationId, edges, rangeStart, now),
  ] as const;
}

/** The week's means and blocker counts from the rollups' and the edge hours' sums. */
export function weeklyFromRollups(results: readonly [D1Result, D1Result, D1Result]): {
  scores: BucketScores[];
  blockers: BucketCount[];
} {
  const [rollups, edgeScores, edgeBlockers] = results;
  const sums = new Map<number, SumsRow>();
  const blockers = new Map<number, number>();
  const add = (row: SumsRow) => {
    const into = sums.get(row.bucket);
    if (!into) return sums.set(row.bucket, { ...row });
    for (const key of Object.keys(row) as (keyof SumsRow)[]) if (key !== "bucket") into[key] += row[key];
    return sums;
  };
  for (const row of rollups.results as (SumsRow & BlockersRow)[]) {
    const { blockers: count, ...rest } = row;
    add(rest);
    blockers.set(row.bucket, (blockers.get(row.bucket) ?? 0) + count);
  }
  for (const row of edgeScores.results as SumsRow[]) add(row);
  for (const row of edgeBlockers.results as BlockersRow[]) {
    blockers.set(row.bucket, (blockers.get(row.bucket) ?? 0) + row.blockers);
  }
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
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a - b)
    .map(([bucket, count]) => ({ bucket, count }));
  return { scores, blockers: counts };
}
