import { type SQL, sql } from "drizzle-orm";
import { allInOneTrip, query } from "../db/batch";
import type { Database } from "../db/client";
import type { AlertItem, BlockerTheme, PersonRow, ScoreSnapshot } from "../shared/insights";
import { WEEK_MS } from "../shared/time";
import type { BucketCheckIns, BucketCount, BucketScores } from "./compute";

/**
 * The dashboard's SQL. Every statement leads with organization_id (the session's, never
 * the request's) and runs on an index whose first column it is; aggregates are GROUP BY
 * in D1, so the Worker receives per-week means and one row per person, never the raw
 * score rows. All statements of a view go in one batch: one round trip to D1.
 *
 * Windows are whole weeks counted back from `now`: bucket 0 is (now − 7 days, now],
 * bucket 1 the 7 days before, and so on (spec 2 §7 trend windows).
 *
 * Over 300 lines on purpose: every statement the dashboard runs sits here, so the
 * tenancy rule above can be checked in one file (insights-scale.test.ts reads their plans).
 */

const bucketOf = (column: string, now: number) =>
  sql.raw(`cast((${Math.trunc(now)} - ${column}) / ${WEEK_MS} as integer)`);

type ScoreRow = {
  bucket: number;
  responses: number;
  morale: number | null;
  confidence: number | null;
  stress: number | null;
  sales_strength: number | null;
  morale_discussed: number;
  confidence_discussed: number;
  stress_discussed: number;
  sales_strength_discussed: number;
  blockers_discussed: number;
};
type CountRow = { bucket: number; count: number };
type CheckInRow = { bucket: number; sent: number; completed: number; expired: number; pending: number };
type ThemeRow = {
  theme: string;
  count: number;
  people: number;
  this_week: number;
  last_week: number;
  last_reported: number;
};
type PersonSqlRow = {
  id: string;
  first_name: string;
  last_name: string;
  job_title: string | null;
  region: string | null;
  status: "active" | "inactive";
  l_morale: number | null;
  l_confidence: number | null;
  l_stress: number | null;
  l_sales_strength: number | null;
  l_blockers: number | null;
  l_recorded_at: number | null;
  p_stress: number | null;
  sent: number;
  completed: number;
};
/** One person's view also reads their email and the whole check-in before the latest. */
type MemberSqlRow = PersonSqlRow & {
  email: string | null;
  p_morale: number | null;
  p_confidence: number | null;
  p_sales_strength: number | null;
  p_blockers: number | null;
  p_recorded_at: number | null;
};
type AlertCountRow = { team_member_id: string | null; open: number; categories: string | null };
type AlertSqlRow = {
  id: string;
  team_member_id: string | null;
  first_name: string | null;
  last_name: string | null;
  category: string;
  alert_type: AlertItem["alertType"];
  priority: AlertItem["priority"];
  message: string;
  status: AlertItem["status"];
  created_at: number;
  resolved_at: number | null;
};
type ExistsRow = { present: number };

const toScores = (row: ScoreRow): BucketScores => ({
  bucket: row.bucket,
  responses: row.responses,
  morale: row.morale,
  confidence: row.confidence,
  stress: row.stress,
  salesStrength: row.sales_strength,
  discussed: {
    morale: row.morale_discussed,
    confidence: row.confidence_discussed,
    stress: row.stress_discussed,
    salesStrength: row.sales_strength_discussed,
    blockers: row.blockers_discussed,
  },
});
const toTheme = (row: ThemeRow): BlockerTheme => ({
  theme: row.theme,
  count: row.count,
  people: row.people,
  thisWeek: row.this_week,
  lastWeek: row.last_week,
  lastReportedAt: new Date(row.last_reported).toISOString(),
});

function toAlertItem(row: AlertSqlRow): AlertItem {
  return {
    id: row.id,
    teamMember:
      row.team_member_id && row.first_name !== null
        ? { id: row.team_member_id, firstName: row.first_name, lastName: row.last_name ?? "" }
        : null,
    category: row.category,
    alertType: row.alert_type,
    priority: row.priority,
    message: row.message,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at).toISOString(),
  };
}

type SnapshotColumns = {
  morale: number | null;
  confidence: number | null;
  stress: number | null;
  salesStrength: number | null;
  blockers: number | null;
  recordedAt: number | null;
};

function snapshot(columns: SnapshotColumns): ScoreSnapshot | null {
  if (columns.recordedAt === null) return null;
  return {
    morale: columns.morale ?? 50,
    confidence: columns.confidence ?? 50,
    stress: columns.stress ?? 50,
    salesStrength: columns.salesStrength ?? 75,
    blockers: columns.blockers ?? 50,
    recordedAt: new Date(columns.recordedAt).toISOString(),
  };
}

export type PersonBase = Omit<PersonRow, "openAlerts" | "risk">;
export type MemberBase = PersonBase & { email: string | null; previous: ScoreSnapshot | null };

function toPerson(row: PersonSqlRow): PersonBase {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    jobTitle: row.job_title,
    region: row.region,
    status: row.status,
    latest: snapshot({
      morale: row.l_morale,
      confidence: row.l_confidence,
      stress: row.l_stress,
      salesStrength: row.l_sales_strength,
      blockers: row.l_blockers,
      recordedAt: row.l_recorded_at,
    }),
    previousStress: row.p_stress,
    completedInRange: row.completed,
    sentInRange: row.sent,
  };
}

function toMember(row: MemberSqlRow): MemberBase {
  const previous = snapshot({
    morale: row.p_morale,
    confidence: row.p_confidence,
    stress: row.p_stress,
    salesStrength: row.p_sales_strength,
    blockers: row.p_blockers,
    recordedAt: row.p_recorded_at,
  });
  return { ...toPerson(row), email: row.email, previous };
}

/** The alert list's order: most urgent first, newest first within a priority. */
const ALERT_ORDER = sql.raw(
  "case a.priority when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end, a.created_at desc",
);

/**
 * One row per person: their latest check-in's scores and the stress of the one before
 * (index seeks per person), and how many check-ins they were sent and answered in the range.
 * The team view keeps the row narrow (200 of them cross the D1 boundary); one person's view
 * adds their email and the whole previous check-in.
 */
const peopleSql = (organizationId: string, rangeStart: number, memberId?: string) => sql`
  select tm.id, tm.first_name, tm.last_name, tm.job_title, tm.region, tm.status,
    l.morale as l_morale, l.confidence as l_confidence, l.stress as l_stress,
    l.sales_strength as l_sales_strength, l.blockers as l_blockers, l.recorded_at as l_recorded_at,
    p.stress as p_stress,
    ${
      memberId
        ? sql`tm.email, p.morale as p_morale, p.confidence as p_confidence, p.sales_strength as p_sales_strength,
      p.blockers as p_blockers, p.recorded_at as p_recorded_at,`
        : sql``
    }
    (select count(*) from check_ins ci where ci.team_member_id = tm.id and ci.created_at > ${rangeStart}) as sent,
    (select count(*) from check_ins ci
      where ci.team_member_id = tm.id and ci.created_at > ${rangeStart} and ci.status = 'completed') as completed
  from team_members tm
  left join sentiment_scores l on l.id = (
    select s.id from sentiment_scores s where s.team_member_id = tm.id order by s.recorded_at desc limit 1)
  left join sentiment_scores p on p.id = (
    select s.id from sentiment_scores s where s.team_member_id = tm.id order by s.recorded_at desc limit 1 offset 1)
  where tm.organization_id = ${organizationId} ${memberId ? sql`and tm.id = ${memberId}` : sql``}
  order by tm.first_name collate nocase, tm.last_name collate nocase, tm.id`;

/** An alert with its salesperson's name: every alert list reads these columns. */
const ALERT_SELECT = sql`
  select a.id, a.team_member_id, tm.first_name, tm.last_name, a.category, a.alert_type, a.priority,
    a.message, a.status, a.created_at, a.resolved_at
  from risk_alerts a left join team_members tm on tm.id = a.team_member_id`;

/**
 * The per-week statements both views share, over the rows `scope` selects (the
 * organization's, or one member's): mean scores, blockers reported, check-ins sent and how
 * they ended, and the blocker themes of the range.
 */
const windowStatements = (scope: SQL, now: number, rangeStart: number) =>
  [
    query<ScoreRow>(sql`
      select ${bucketOf("recorded_at", now)} as bucket, count(*) as responses,
        avg(morale) as morale, avg(confidence) as confidence, avg(stress) as stress,
        avg(coalesce(sales_strength, 75)) as sales_strength,
        sum(coalesce(morale_evidence, 1) > 0) as morale_discussed,
        sum(coalesce(confidence_evidence, 1) > 0) as confidence_discussed,
        sum(coalesce(stress_evidence, 1) > 0) as stress_discussed,
        sum(coalesce(sales_strength_evidence, 1) > 0) as sales_strength_discussed,
        sum(coalesce(blockers_evidence, 1) > 0) as blockers_discussed
      from sentiment_scores
      where ${scope} and recorded_at > ${rangeStart} and recorded_at <= ${now}
      group by bucket`),
    query<CountRow>(sql`
      select ${bucketOf("created_at", now)} as bucket, count(*) as count
      from user_challenges
      where ${scope} and created_at > ${rangeStart} and created_at <= ${now}
      group by bucket`),
    query<CheckInRow>(sql`
      select ${bucketOf("created_at", now)} as bucket, count(*) as sent,
        sum(status = 'completed') as completed,
        sum(status = 'expired' or (status = 'pending' and expires_at <= ${now})) as expired,
        sum(status = 'pending' and expires_at > ${now}) as pending
      from check_ins
      where ${scope} and created_at > ${rangeStart} and created_at <= ${now}
      group by bucket`),
    query<ThemeRow>(sql`
      select theme, count(*) as count, count(distinct team_member_id) as people,
        sum(created_at > ${now - WEEK_MS}) as this_week,
        sum(created_at > ${now - 2 * WEEK_MS} and created_at <= ${now - WEEK_MS}) as last_week,
        max(created_at) as last_reported
      from user_challenges
      where ${scope} and created_at > ${rangeStart} and created_at <= ${now}
      group by theme order by count desc, last_reported desc, theme limit 8`),
  ] as const;

export type TeamAggregates = {
  scores: BucketScores[];
  blockers: BucketCount[];
  checkIns: BucketCheckIns[];
  themes: BlockerTheme[];
  people: PersonBase[];
  alertCounts: Map<string, { open: number; categories: string[] }>;
  openAlerts: AlertItem[];
  openAlertTotal: number;
  anyCheckIn: boolean;
};

/** The Overview's statements (exported so a test can EXPLAIN each one on a large fixture). */
export function teamStatements(organizationId: string, now: number, weeks: number) {
  const rangeStart = now - weeks * WEEK_MS;
  const scope = sql`organization_id = ${organizationId}`;
  return [
    ...windowStatements(scope, now, rangeStart),
    query<PersonSqlRow>(peopleSql(organizationId, rangeStart)),
    query<AlertCountRow>(sql`
      select team_member_id, count(*) as open, group_concat(distinct category) as categories
      from risk_alerts
      where organization_id = ${organizationId} and status in ('unread', 'read')
      group by team_member_id`),
    query<AlertSqlRow>(sql`${ALERT_SELECT}
      where a.organization_id = ${organizationId} and a.status in ('unread', 'read')
      order by ${ALERT_ORDER} limit 20`),
    query<ExistsRow>(sql`
      select exists(select 1 from check_ins where organization_id = ${organizationId}) as present`),
  ] as const;
}

export async function teamAggregates(
  db: Database,
  organizationId: string,
  now: number,
  weeks: number,
): Promise<TeamAggregates> {
  const [scores, blockers, checkIns, themes, people, alertCounts, openAlerts, anyCheckIn] = await allInOneTrip(
    db,
    teamStatements(organizationId, now, weeks),
  );

  const counts = new Map<string, { open: number; categories: string[] }>();
  let openAlertTotal = 0;
  for (const row of alertCounts) {
    openAlertTotal += row.open;
    if (row.team_member_id) {
      counts.set(row.team_member_id, { open: row.open, categories: row.categories?.split(",") ?? [] });
    }
  }
  return {
    scores: scores.map(toScores),
    blockers: blockers.map((row) => ({ bucket: row.bucket, count: row.count })),
    checkIns: checkIns.map((row) => ({ ...row })),
    themes: themes.map(toTheme),
    people: people.map(toPerson),
    alertCounts: counts,
    openAlerts: openAlerts.map(toAlertItem),
    openAlertTotal,
    anyCheckIn: (anyCheckIn[0]?.present ?? 0) === 1,
  };
}

export type MemberAggregates = {
  person: MemberBase | null;
  scores: BucketScores[];
  blockers: BucketCount[];
  checkIns: BucketCheckIns[];
  themes: BlockerTheme[];
  alerts: AlertItem[];
};

export function memberStatements(organizationId: string, memberId: string, now: number, weeks: number) {
  const rangeStart = now - weeks * WEEK_MS;
  const scope = sql`organization_id = ${organizationId} and team_member_id = ${memberId}`;
  return [
    query<MemberSqlRow>(peopleSql(organizationId, rangeStart, memberId)),
    ...windowStatements(scope, now, rangeStart),
    query<AlertSqlRow>(sql`${ALERT_SELECT}
      where a.organization_id = ${organizationId} and a.team_member_id = ${memberId}
        and (a.status in ('unread', 'read') or a.created_at > ${rangeStart})
      order by a.status = 'resolved', ${ALERT_ORDER} limit 20`),
  ] as const;
}

/** One person's view. The member must belong to the organization, or person is null (→ 404). */
export async function memberAggregates(
  db: Database,
  organizationId: string,
  memberId: string,
  now: number,
  weeks: number,
): Promise<MemberAggregates> {
  const [people, scores, blockers, checkIns, themes, alerts] = await allInOneTrip(
    db,
    memberStatements(organizationId, memberId, now, weeks),
  );
  return {
    person: people[0] ? toMember(people[0]) : null,
    scores: scores.map(toScores),
    blockers: blockers.map((row) => ({ bucket: row.bucket, count: row.count })),
    checkIns: checkIns.map((row) => ({ ...row })),
    themes: themes.map(toTheme),
    alerts: alerts.map(toAlertItem),
  };
}

/** GET /api/alerts: the organization's alerts, open ones most urgent first, resolved ones newest first. */
export async function alertList(
  db: Database,
  organizationId: string,
  filters: { status: "open" | "resolved" | "all"; teamMemberId?: string | undefined },
): Promise<AlertItem[]> {
  const { status, teamMemberId } = filters;
  const rows = await db.all<AlertSqlRow>(sql`${ALERT_SELECT}
    where a.organization_id = ${organizationId}
      ${status === "open" ? sql`and a.status in ('unread', 'read')` : sql``}
      ${status === "resolved" ? sql`and a.status = 'resolved'` : sql``}
      ${teamMemberId ? sql`and a.team_member_id = ${teamMemberId}` : sql``}
    order by ${status === "resolved" ? sql.raw("a.resolved_at desc, a.created_at desc") : ALERT_ORDER}
    limit 100`);
  return rows.map(toAlertItem);
}

/** One of the organization's alerts, or null (→ 404): another organization's reads as absent. */
export async function alertById(db: Database, organizationId: string, id: string): Promise<AlertItem | null> {
  const [row] = await db.all<AlertSqlRow>(sql`${ALERT_SELECT}
    where a.id = ${id} and a.organization_id = ${organizationId}`);
  return row ? toAlertItem(row) : null;
}
