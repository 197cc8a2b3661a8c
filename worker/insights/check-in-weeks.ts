import * as z from "zod/mini";
import type { BucketCheckIns } from "./compute";
import {
  count,
  H,
  hourBucket,
  inEdgeHour,
  notAnEdge,
  rowBucket,
  rowsOf,
  type Statement,
  W,
  type WeekWindow,
} from "./statements";

/**
 * An organization's check-ins per week by when they were sent: how many, and how many were
 * answered, expired, or are still open. From check_in_rollups (drizzle/0016_summaries.sql:
 * sent, completed and expired by status, per hour of sending) and the weeks' edge hours from
 * the rows (statements.ts). A pending check-in past its expiry counts as expired, as it always
 * did; that depends on now, so the pending rows of the other hours are read from their index
 * (`check_ins_org_status_idx`, which carries `expires_at`): few, the ones not answered yet.
 */

/** ?1 nowHour, ?2 organization, ?3 weeks. */
const ROLLUP_WEEKS = `select ${hourBucket("?1", "hour")} as bucket, sum(sent) as sent, sum(completed) as completed,
  sum(expired) as expired
  from check_in_rollups where organization_id = ?2 and ${notAnEdge("?1", "?3", "hour")}
  group by bucket`;

/** ?1 nowHour, ?2 organization, ?3 weeks, ?4 now: pending rows outside the edge hours that are past their expiry. */
const OVERDUE = `select ${hourBucket("?1", `(created_at / ${H}) * ${H}`)} as bucket, count(*) as overdue
  from check_ins where organization_id = ?2 and status = 'pending' and created_at >= ?1 - ?3 * ${W}
    and created_at < ?1 and ${notAnEdge("?1", "?3", `(created_at / ${H}) * ${H}`)} and expires_at <= ?4
  group by bucket`;

/** ?1 wholeNow, ?2 organization, ?3 edges, ?4 rangeStart, ?5 now. */
const EDGES = `select ${rowBucket("?1", "c.created_at")} as bucket, count(*) as sent,
  sum(c.status = 'completed') as completed,
  sum(c.status = 'expired' or (c.status = 'pending' and c.expires_at <= ?5)) as expired,
  sum(c.status = 'pending' and c.expires_at > ?5) as pending
  from json_each(?3) as j cross join check_ins c
  where c.organization_id = ?2 and ${inEdgeHour("c.created_at")} and c.created_at > ?4 and c.created_at <= ?5
  group by bucket`;

export function checkInWeekStatements(organizationId: string, w: WeekWindow): Statement[] {
  return [
    { sql: ROLLUP_WEEKS, params: [w.nowHour, organizationId, w.weeks] },
    { sql: OVERDUE, params: [w.nowHour, organizationId, w.weeks, w.now] },
    { sql: EDGES, params: [w.wholeNow, organizationId, w.edges, w.rangeStart, w.now] },
  ];
}

const rollupRow = z.object({ bucket: count, sent: count, completed: count, expired: count });
const overdueRow = z.object({ bucket: count, overdue: count });
const edgeRow = z.object({ bucket: count, sent: count, completed: count, expired: count, pending: count });

export function checkInWeeksFrom(results: readonly (D1Result | undefined)[]): BucketCheckIns[] {
  const [rollups, overdue, edges] = results;
  const weeks = new Map<number, BucketCheckIns>();
  const add = (row: BucketCheckIns) => {
    const into = weeks.get(row.bucket);
    if (!into) return weeks.set(row.bucket, { ...row });
    into.sent += row.sent;
    into.completed += row.completed;
    into.expired += row.expired;
    into.pending += row.pending;
    return weeks;
  };
  for (const row of rowsOf(rollups, rollupRow)) add({ ...row, pending: row.sent - row.completed - row.expired });
  for (const row of rowsOf(overdue, overdueRow)) {
    add({ bucket: row.bucket, sent: 0, completed: 0, expired: row.overdue, pending: -row.overdue });
  }
  for (const row of rowsOf(edges, edgeRow)) add(row);
  return [...weeks.values()].filter((row) => row.sent > 0).sort((a, b) => a.bucket - b.bucket);
}
