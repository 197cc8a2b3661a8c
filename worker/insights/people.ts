import * as z from "zod/mini";
import { TEAM_MEMBER_STATUSES } from "../shared/domain";
import { type PersonRow, RISK_LEVELS, type SalesStrengthProfile } from "../shared/insights";
import type { CoachingPerson } from "./coaching";
import { RISK_RULES, SALES_STRENGTH_BANDS } from "./compute";
import { firstOpenAlerts } from "./open-alerts";
import { snapshot } from "./snapshot";
import { count, H as HOUR_MS, hourOf, nullableNumber, rowsOf, type Statement } from "./statements";

/**
 * The people of an organization as the dashboard shows them, from member_scores and
 * member_counts (drizzle/0016_summaries.sql: every member's name, status, latest check-in's
 * scores, the stress of the one before, open alerts and risk, kept by triggers), never from the
 * score rows. Each list is one index range read in its own order, so a list of 50 reads about
 * 50 rows however large the organization:
 * - the Overview's first OVERVIEW_PEOPLE people, the ones who need you first (risk, then
 *   stress, then name), and its counts;
 * - the people the coaching rules can name (coaching.ts): each rule's first COACHING_PEOPLE in
 *   its own order, ties in the dashboard's, and how many there are in all (member_counts).
 *
 * Risk is personRisk (compute.ts) as the generated column `risk` (0 high, 1 watch, 2 ok, 3 unknown).
 * Names are ordered as SQLite orders them (ASCII without case), then by the member's id
 * (README → Decisions "The dashboards read summaries").
 */
export const OVERVIEW_PEOPLE = 50;
export const COACHING_PEOPLE = 20;

/** The dashboard's order of people (member_scores_risk_idx). */
const BY_RISK = "risk_key, first_name collate nocase, last_name collate nocase, team_member_id";

/** A person's row from member_scores `m` and team_members `tm`. */
const PERSON = `m.team_member_id as id, m.first_name, m.last_name, tm.job_title, tm.region, m.status, m.recorded_at,
  m.morale, m.confidence, m.stress, m.sales_strength, m.blockers, m.uncertain, m.corrected, m.previous_stress,
  m.open_alerts, m.risk`;

/** What the coaching rules read of a person (coaching.ts CoachingPerson), from member_scores `m` alone. */
const COACHING_PERSON = `m.team_member_id as id, m.first_name, m.last_name, m.status, m.recorded_at, m.morale, m.confidence,
  m.stress, m.sales_strength, m.blockers, m.previous_stress`;

/**
 * A person's check-ins sent and answered in the range, counted in ONE walk of their range of
 * check_ins_member_idx and answered as one integer, sent × SENT_UNIT + completed (two correlated
 * counts walked it twice: 1,200 of the Overview's 7,800 rows read at 10,000 people; a join on a
 * grouped CTE materialized it and read more). A person is sent far fewer than SENT_UNIT in a range.
 */
const SENT_UNIT = 1_048_576;

/** ?1 organization, ?2 rangeStart, ?3 how many: the first people, with their check-ins sent and answered in the range. */
const TOP_PEOPLE = `select ${PERSON},
    (select count(*) * ${SENT_UNIT} + count(case when c.status = 'completed' then 1 end) from check_ins c
      where c.team_member_id = m.team_member_id and c.created_at > ?2) as sent_completed
  from (select team_member_id from member_scores where organization_id = ?1 order by ${BY_RISK} limit ?3) as top
  cross join member_scores m on m.organization_id = ?1 and m.team_member_id = top.team_member_id
  join team_members tm on tm.id = m.team_member_id
  order by m.${BY_RISK.replaceAll(", ", ", m.")}`;

const R = RISK_RULES;
const S = SALES_STRENGTH_BANDS;

/**
 * Low morale (under lowMorale) makes a person high risk (risk 0), so with stress under highStress
 * their `risk_key` (risk × 1000 + 100 − stress) lies in (100 − highStress, 1000): said in SQL, the
 * rule walks member_scores_risk_idx in its own order and stops at its first 20, where the morale
 * index read every low-morale person and sorted them (326 of 10,000 people: 0.4–0.9 ms of SQL alone).
 */
const LOW_MORALE_RISK_KEYS = `risk_key > ${100 - RISK_RULES.highStress} and risk_key < 1000`;

/** One coaching rule's active people, its first `limit` in its own order, ties in the dashboard's. */
const rule = (where: string, order: string, limit = "?3") =>
  `select team_member_id from (select team_member_id from member_scores
     where organization_id = ?1 and status = 'active' and ${where} order by ${order ? `${order}, ` : ""}${BY_RISK}
     limit ${limit})`;

/**
 * ?1 organization, ?3 per rule, ?4 a member always included (the person page's), ?5 1 to include
 * the people of the Overview's twenty open alerts (its alert list's order). The rules'
 * conditions are coaching.ts's (worker/insights/coaching.ts); it orders and cuts them again.
 * In the dashboard's order, as coaching.ts expects its people. (Two unions of four: D1 allows
 * few terms in one compound select.)
 */
const COACHING = `with picked(id) as (
    select id from (select team_member_id as id from member_scores where organization_id = ?1 and team_member_id = ?4
      union select team_member_id from ${firstOpenAlerts("team_member_id, priority", "20")} where ?5 = 1 and team_member_id is not null
      union ${rule(`stress >= ${R.highStress}`, "stress desc")}
      union ${rule(`morale < ${R.lowMorale} and stress < ${R.highStress} and ${LOW_MORALE_RISK_KEYS}`, "")})
    union select id from (${rule("confidence < 40", "confidence").replace("select team_member_id from", "select team_member_id as id from")}
      union ${rule(`sales_strength >= ${S.strong}`, "sales_strength desc", "1")}
      union ${rule(
        `sales_strength < ${S.solid} and sales_strength <= coalesce((select sales_strength from member_scores
        where organization_id = ?1 and status = 'active' and sales_strength < ${S.solid}
        order by sales_strength limit 1 offset ?3 - 1), 100)`,
        "sales_strength",
      )}))
  select ${COACHING_PERSON}
  from picked cross join member_scores m on m.organization_id = ?1 and m.team_member_id = picked.id
  order by m.${BY_RISK.replaceAll(", ", ", m.")}`;

/**
 * ?1 organization, ?2 a week ago, ?3 the hour it falls in: the counts, and the active people whose
 * latest check-in is after it (member_latest_hours' whole hours, the rows of the first, partial one).
 */
const COUNTS = `select c.*,
    coalesce((select sum(active) from member_latest_hours where organization_id = ?1 and hour > ?3), 0)
    + (select count(*) from member_scores where organization_id = ?1 and status = 'active' and recorded_at > ?2
        and recorded_at < ?3 + ${HOUR_MS}) as this_week
  from (select 1) left join member_counts c on c.organization_id = ?1`;

/** ?1 organization, ?2 how many: the strongest first (ties in the dashboard's order), as the sales strength panel lists them. */
const SALES_STRENGTH = `select team_member_id as id, first_name, last_name, sales_strength as value from member_scores
  where organization_id = ?1 and status = 'active' and sales_strength is not null
  order by sales_strength desc, ${BY_RISK} limit ?2`;

export const peopleSql = { TOP_PEOPLE, COACHING, COUNTS, SALES_STRENGTH };

/** The Overview's four statements, in this order. */
export function overviewPeopleStatements(organizationId: string, weekAgo: number, rangeStart: number): Statement[] {
  return [
    { sql: TOP_PEOPLE, params: [organizationId, rangeStart, OVERVIEW_PEOPLE] },
    { sql: COACHING, params: [organizationId, rangeStart, COACHING_PEOPLE, null, 1] },
    { sql: COUNTS, params: [organizationId, weekAgo, hourOf(weekAgo)] },
    { sql: SALES_STRENGTH, params: [organizationId, OVERVIEW_PEOPLE] },
  ];
}

/** The person page's coaching people (their own row always among them) and counts. */
export function memberCoachingStatements(organizationId: string, memberId: string, weekAgo: number): Statement[] {
  return [
    { sql: COACHING, params: [organizationId, 0, COACHING_PEOPLE, memberId, 0] },
    { sql: COUNTS, params: [organizationId, weekAgo, hourOf(weekAgo)] },
  ];
}

/** A person's latest score columns, as TOP_PEOPLE and COACHING select them. */
const latestColumns = {
  recorded_at: nullableNumber,
  morale: nullableNumber,
  confidence: nullableNumber,
  stress: nullableNumber,
  sales_strength: nullableNumber,
  blockers: nullableNumber,
};
const latestOf = (row: z.output<z.ZodMiniObject<typeof latestColumns>>) => ({
  morale: row.morale,
  confidence: row.confidence,
  stress: row.stress,
  salesStrength: row.sales_strength,
  blockers: row.blockers,
  recordedAt: row.recorded_at,
});

const personRow = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  job_title: z.nullable(z.string()),
  region: z.nullable(z.string()),
  status: z.enum(TEAM_MEMBER_STATUSES),
  ...latestColumns,
  uncertain: z.nullable(z.string()),
  corrected: z.nullable(z.string()),
  previous_stress: nullableNumber,
  open_alerts: count,
  risk: z.number(),
  sent_completed: count,
});

function toPerson(row: z.output<typeof personRow>): PersonRow {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    jobTitle: row.job_title,
    region: row.region,
    status: row.status,
    latest: snapshot({ ...latestOf(row), uncertain: row.uncertain, corrected: row.corrected }),
    previousStress: row.previous_stress,
    completedInRange: row.sent_completed % SENT_UNIT,
    sentInRange: Math.floor(row.sent_completed / SENT_UNIT),
    openAlerts: row.open_alerts,
    risk: RISK_LEVELS[row.risk] ?? "unknown",
  };
}

/** The rows of TOP_PEOPLE as the dashboard's people, in their order. */
export const peopleRows = (result: D1Result | undefined) => rowsOf(result, personRow).map(toPerson);

const coachingRow = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  status: z.enum(TEAM_MEMBER_STATUSES),
  ...latestColumns,
  previous_stress: nullableNumber,
});

/** The rows of COACHING as the people coaching.ts reads, in the dashboard's order. */
export const coachingRows = (result: D1Result | undefined): CoachingPerson[] =>
  rowsOf(result, coachingRow).map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status,
    latest: snapshot(latestOf(row)),
    previousStress: row.previous_stress,
  }));

const countsRow = z.object({
  members: nullableNumber,
  active: nullableNumber,
  high: nullableNumber,
  watch: nullableNumber,
  ok: nullableNumber,
  unknown: nullableNumber,
  scored: nullableNumber,
  strength_sum: nullableNumber,
  strong: nullableNumber,
  solid: nullableNumber,
  developing: nullableNumber,
  high_stress: nullableNumber,
  low_confidence: nullableNumber,
  this_week: count,
});
export type PeopleCounts = { [K in keyof z.output<typeof countsRow>]: number };

/** member_counts' row (zeros for an organization that never had a member) and this week's count. */
export function peopleCounts(result: D1Result | undefined): PeopleCounts {
  const [row] = rowsOf(result, countsRow);
  return {
    members: row?.members ?? 0,
    active: row?.active ?? 0,
    high: row?.high ?? 0,
    watch: row?.watch ?? 0,
    ok: row?.ok ?? 0,
    unknown: row?.unknown ?? 0,
    scored: row?.scored ?? 0,
    strength_sum: row?.strength_sum ?? 0,
    strong: row?.strong ?? 0,
    solid: row?.solid ?? 0,
    developing: row?.developing ?? 0,
    high_stress: row?.high_stress ?? 0,
    low_confidence: row?.low_confidence ?? 0,
    this_week: row?.this_week ?? 0,
  };
}

const strengthRow = z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), value: count });

/** The sales strength panel: the team's average and bands over everyone, the strongest people listed. */
export function salesStrengthOf(result: D1Result | undefined, counts: PeopleCounts): SalesStrengthProfile {
  const people = rowsOf(result, strengthRow).map((row) => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    value: row.value,
  }));
  return {
    average: counts.scored > 0 ? Math.round(counts.strength_sum / counts.scored) : null,
    bands: { strong: counts.strong, solid: counts.solid, developing: counts.developing },
    people,
    ...(counts.scored > people.length ? { scored: counts.scored } : {}),
  };
}
