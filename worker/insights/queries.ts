import { type AnyColumn, and, count, countDistinct, desc, eq, gt, lte, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { avgOf, countWhere, epochMs, maxOf } from "../db/aggregates";
import { alertId, alertIdIs } from "../db/alert-id";
import { anyAlert, openAlert, resolvedAlert } from "../db/alert-status";
import {
  bindPlain,
  type PlainRows,
  type PlainSelect,
  type PreparedPlain,
  plainFields,
  preparePlain,
} from "../db/batch";
import type { Database } from "../db/client";
import { checkIns, riskAlerts, sentimentScores, teamMembers, userChallenges } from "../db/schema";
import { alertMessageOf } from "../scoring/alert-facts";
import {
  type AlertItem,
  type BlockerTheme,
  DEFAULT_SALES_STRENGTH,
  type PersonRow,
  type SalesStrengthProfile,
  type ScoreSnapshot,
} from "../shared/insights";
import { SCORE_DIMENSIONS } from "../shared/pillars";
import { WEEK_MS } from "../shared/time";
import { checkInWeekStatements, checkInWeeksFrom } from "./check-in-weeks";
import type { CoachingPerson } from "./coaching";
import type { BucketCheckIns, BucketCount, BucketScores, Discussed } from "./compute";
import { type OpenAlertRow, openAlertRows, openAlertStatement } from "./open-alerts";
import {
  coachingRows,
  memberCoachingStatements,
  overviewPeopleStatements,
  type PeopleCounts,
  peopleCounts,
  peopleRows,
  salesStrengthOf,
} from "./people";
import { scoreWeekStatements, scoreWeeksFrom } from "./score-weeks";
import { disputedOf, snapshot } from "./snapshot";
import { prepare, type Statement, weekWindow } from "./statements";
import { themeStatements, themesFrom } from "./themes";

/**
 * The dashboard's queries. Every statement leads with organization_id (the session's, never
 * the request's) and runs on an index whose first column it is. The Overview reads summaries
 * (score-weeks.ts, check-in-weeks.ts, themes.ts, people.ts: rollups and member_scores kept by
 * triggers) and only its alert list here; one person's view reads their own rows, an index
 * range of one member. A view's statements are compiled once per isolate and sent in one D1
 * batch with the summaries' (one round trip, D1's rows as they come), so each select's keys
 * are the names D1 answers (`plainFields`: snake_case, `.as(…)` on every expression).
 *
 * Windows are whole weeks counted back from `now`: bucket 0 is (now − 7 days, now],
 * bucket 1 the 7 days before, and so on (spec 2 §7 trend windows).
 *
 * Over 300 lines on purpose: every builder statement the dashboard runs sits here, so the
 * tenancy rule above can be checked in one file (insights-scale.test.ts reads their plans).
 */

/**
 * What a view's statements bind: they are built and compiled once per isolate with these
 * placeholders (`preparePlain`), and each request binds its organization, member and window.
 */
const P = {
  organizationId: sql.placeholder("organizationId"),
  memberId: sql.placeholder("memberId"),
  now: sql.placeholder("now"),
  /** `now` in whole milliseconds, for the bucket's integer arithmetic. */
  wholeNow: sql.placeholder("wholeNow"),
  rangeStart: sql.placeholder("rangeStart"),
  weekAgo: sql.placeholder("weekAgo"),
  twoWeeksAgo: sql.placeholder("twoWeeksAgo"),
};

const windowValues = (now: number, weeks: number) => ({
  now,
  wholeNow: Math.trunc(now),
  rangeStart: now - weeks * WEEK_MS,
  weekAgo: now - WEEK_MS,
  twoWeeksAgo: now - 2 * WEEK_MS,
});

/** How many whole weeks before `now` the time falls. */
const bucketOf = (column: AnyColumn) =>
  sql<number>`cast((${P.wholeNow} - ${column}) / ${sql.raw(String(WEEK_MS))} as integer)`.mapWith(Number).as("bucket");

/** The rows of a table the view covers: the organization's, or one member's of it. */
type Scope = (table: { organizationId: AnyColumn; teamMemberId: AnyColumn }) => SQL | undefined;

/**
 * The organization's rows, as a condition that no index serves (unary `+`): one member's view
 * reads their rows by the member's own indexes. SQLite chose the organization's index for the
 * range instead and read all of a 10,000-person team's rows in it (1.3 million for one page).
 */
const ofOrganizationNoIndex = (column: AnyColumn) => sql`+${column} = ${P.organizationId}`;

/** `column` within (rangeStart, now]. */
const inRange = (column: AnyColumn) => and(gt(column, P.rangeStart), lte(column, P.now));

/** A response that talked about the score (an unknown evidence counts as talked about). */
const discussed = (evidence: AnyColumn, name: string) => countWhere(sql`coalesce(${evidence}, 1) > 0`).as(name);

const scoresQuery = (db: Database, scope: Scope) => {
  const bucket = bucketOf(sentimentScores.recordedAt);
  return db
    .select(
      plainFields({
        bucket,
        responses: count().as("responses"),
        morale: avgOf(sentimentScores.morale).as("morale"),
        confidence: avgOf(sentimentScores.confidence).as("confidence"),
        stress: avgOf(sentimentScores.stress).as("stress"),
        sales_strength: avgOf(
          sql`coalesce(${sentimentScores.salesStrength}, ${sql.raw(String(DEFAULT_SALES_STRENGTH))})`,
        ).as("sales_strength"),
        morale_discussed: discussed(sentimentScores.moraleEvidence, "morale_discussed"),
        confidence_discussed: discussed(sentimentScores.confidenceEvidence, "confidence_discussed"),
        stress_discussed: discussed(sentimentScores.stressEvidence, "stress_discussed"),
        sales_strength_discussed: discussed(sentimentScores.salesStrengthEvidence, "sales_strength_discussed"),
        blockers_discussed: discussed(sentimentScores.blockersEvidence, "blockers_discussed"),
      }),
    )
    .from(sentimentScores)
    .where(and(scope(sentimentScores), inRange(sentimentScores.recordedAt)))
    .groupBy(sql`${bucket}`);
};

const toScores = (row: Awaited<ReturnType<typeof scoresQuery>>[number]): BucketScores => ({
  bucket: row.bucket,
  responses: row.responses,
  morale: row.morale,
  confidence: row.confidence,
  stress: row.stress,
  sales_strength: row.sales_strength,
  discussed: {
    morale: row.morale_discussed,
    confidence: row.confidence_discussed,
    stress: row.stress_discussed,
    sales_strength: row.sales_strength_discussed,
    blockers: row.blockers_discussed,
  },
});

/**
 * One member's blocker rows, reached through their check-ins (the member index, then each
 * check-in's blockers by check_in_id): user_challenges has no member index of its own.
 */
const memberBlockerRows = () =>
  and(
    ofOrganizationNoIndex(checkIns.organizationId),
    eq(checkIns.teamMemberId, P.memberId),
    inRange(userChallenges.createdAt),
  );

const blockersQuery = (db: Database) => {
  const bucket = bucketOf(userChallenges.createdAt);
  return db
    .select(plainFields({ bucket, count: count().as("count") }))
    .from(checkIns)
    .innerJoin(userChallenges, eq(userChallenges.checkInId, checkIns.id))
    .where(memberBlockerRows())
    .groupBy(sql`${bucket}`);
};

const checkInsQuery = (db: Database, scope: Scope) => {
  const pending = eq(checkIns.status, "pending");
  const bucket = bucketOf(checkIns.createdAt);
  return db
    .select(
      plainFields({
        bucket,
        sent: count().as("sent"),
        completed: countWhere(eq(checkIns.status, "completed")).as("completed"),
        expired: countWhere(or(eq(checkIns.status, "expired"), and(pending, lte(checkIns.expiresAt, P.now)))).as(
          "expired",
        ),
        pending: countWhere(and(pending, gt(checkIns.expiresAt, P.now))).as("pending"),
      }),
    )
    .from(checkIns)
    .where(and(scope(checkIns), inRange(checkIns.createdAt)))
    .groupBy(sql`${bucket}`);
};

const themesQuery = (db: Database) => {
  const reports = count().as("count");
  const lastReported = maxOf(userChallenges.createdAt).as("last_reported");
  return db
    .select(
      plainFields({
        theme: userChallenges.theme,
        count: reports,
        people: countDistinct(userChallenges.teamMemberId).as("people"),
        this_week: countWhere(gt(userChallenges.createdAt, P.weekAgo)).as("this_week"),
        last_week: countWhere(
          and(gt(userChallenges.createdAt, P.twoWeeksAgo), lte(userChallenges.createdAt, P.weekAgo)),
        ).as("last_week"),
        last_reported: lastReported,
      }),
    )
    .from(checkIns)
    .innerJoin(userChallenges, eq(userChallenges.checkInId, checkIns.id))
    .where(memberBlockerRows())
    .groupBy(userChallenges.theme)
    .orderBy(desc(reports), desc(lastReported), userChallenges.theme)
    .limit(8);
};

const toTheme = (row: Awaited<ReturnType<typeof themesQuery>>[number]): BlockerTheme => ({
  theme: row.theme,
  count: row.count,
  people: row.people,
  thisWeek: row.this_week,
  lastWeek: row.last_week,
  // max() over a non-empty group: never null here.
  lastReportedAt: new Date(row.last_reported ?? 0).toISOString(),
});

/**
 * One member's per-week statements: mean scores, blockers reported, check-ins sent and how
 * they ended, and the blocker themes of the range.
 */
const memberWindowStatements = (db: Database) => {
  const ofMember: Scope = (table) =>
    and(ofOrganizationNoIndex(table.organizationId), eq(table.teamMemberId, P.memberId));
  return [scoresQuery(db, ofMember), blockersQuery(db), checkInsQuery(db, ofMember), themesQuery(db)] as const;
};

const latest = alias(sentimentScores, "l");
const previous = alias(sentimentScores, "p");
const scoreOf = alias(sentimentScores, "s");

/** The check-in of a member's n-th newest score (0 = the latest), an index seek per person. */
const nthScoreId = (db: Database, n: number) => {
  const newest = db
    .select({ id: scoreOf.checkInId })
    .from(scoreOf)
    .where(eq(scoreOf.teamMemberId, teamMembers.id))
    .orderBy(desc(scoreOf.recordedAt))
    .limit(1);
  return n === 0 ? newest : newest.offset(n);
};

/** A left-joined column under its own name (l.morale and p.morale would collide in a batch). */
const joined = (column: AnyColumn, name: string) => sql<number | null>`${column}`.mapWith(Number).as(name);

/**
 * One row per person: their latest check-in's scores and the stress of the one before,
 * and how many check-ins they were sent and answered in the range. The team view keeps the
 * row narrow (200 of them cross the D1 boundary); one person's view adds their email and
 * the whole previous check-in (`memberPeopleQuery`).
 */
const personFields = (db: Database) => {
  const sentSince = (member: AnyColumn) => and(eq(checkIns.teamMemberId, member), gt(checkIns.createdAt, P.rangeStart));
  return {
    id: teamMembers.id,
    first_name: teamMembers.firstName,
    last_name: teamMembers.lastName,
    job_title: teamMembers.jobTitle,
    region: teamMembers.region,
    status: teamMembers.status,
    l_morale: joined(latest.morale, "l_morale"),
    l_confidence: joined(latest.confidence, "l_confidence"),
    l_stress: joined(latest.stress, "l_stress"),
    l_sales_strength: joined(latest.salesStrength, "l_sales_strength"),
    l_blockers: joined(latest.blockers, "l_blockers"),
    l_recorded_at: joined(latest.recordedAt, "l_recorded_at"),
    // Issue 24: which of the latest scores are uncertain or the salesperson's own correction (JSON lists).
    l_uncertain: sql<string | null>`${latest.uncertain}`.as("l_uncertain"),
    l_corrected: sql<string | null>`${latest.corrected}`.as("l_corrected"),
    p_stress: joined(previous.stress, "p_stress"),
    sent: db.$count(checkIns, sentSince(teamMembers.id)).as("sent"),
    completed: db.$count(checkIns, and(sentSince(teamMembers.id), eq(checkIns.status, "completed"))).as("completed"),
  };
};

const memberFields = (db: Database) => ({
  ...personFields(db),
  email: teamMembers.email,
  p_morale: joined(previous.morale, "p_morale"),
  p_confidence: joined(previous.confidence, "p_confidence"),
  p_sales_strength: joined(previous.salesStrength, "p_sales_strength"),
  p_blockers: joined(previous.blockers, "p_blockers"),
  p_recorded_at: joined(previous.recordedAt, "p_recorded_at"),
  // How many answers touched each score of both check-ins (issue 14 §5: "not discussed").
  l_morale_evidence: joined(latest.moraleEvidence, "l_morale_evidence"),
  l_confidence_evidence: joined(latest.confidenceEvidence, "l_confidence_evidence"),
  l_stress_evidence: joined(latest.stressEvidence, "l_stress_evidence"),
  l_sales_strength_evidence: joined(latest.salesStrengthEvidence, "l_sales_strength_evidence"),
  l_blockers_evidence: joined(latest.blockersEvidence, "l_blockers_evidence"),
  p_morale_evidence: joined(previous.moraleEvidence, "p_morale_evidence"),
  p_confidence_evidence: joined(previous.confidenceEvidence, "p_confidence_evidence"),
  p_stress_evidence: joined(previous.stressEvidence, "p_stress_evidence"),
  p_sales_strength_evidence: joined(previous.salesStrengthEvidence, "p_sales_strength_evidence"),
  p_blockers_evidence: joined(previous.blockersEvidence, "p_blockers_evidence"),
  // The latest check-in's disagreement between the LLM judge and the reader (figures only), when marked.
  l_review: sql<
    string | null
  >`(select ${checkIns.conversationState} from ${checkIns} where ${checkIns.id} = ${latest.checkInId} and ${checkIns.needsReview} = 1)`.as(
    "l_review",
  ),
});

const memberPeopleQuery = (db: Database) =>
  db
    .select(plainFields(memberFields(db)))
    .from(teamMembers)
    .leftJoin(latest, eq(latest.checkInId, nthScoreId(db, 0)))
    .leftJoin(previous, eq(previous.checkInId, nthScoreId(db, 1)))
    .where(and(eq(teamMembers.organizationId, P.organizationId), eq(teamMembers.id, P.memberId)));

export type PersonBase = Omit<PersonRow, "openAlerts" | "risk">;
export type MemberBase = PersonBase & {
  email: string | null;
  previous: ScoreSnapshot | null;
  /** The evidence behind the latest and the previous check-in's scores (absent without one). */
  latestDiscussed: Discussed | undefined;
  previousDiscussed: Discussed | undefined;
};

type EvidenceColumns = { [K in keyof Discussed]: number | null };

/** A check-in's evidence per score; rows stored before it was kept (null) count as discussed. */
function discussedOf(recordedAt: number | null, columns: EvidenceColumns): Discussed | undefined {
  if (recordedAt === null) return undefined;
  return Object.fromEntries(SCORE_DIMENSIONS.map((dimension) => [dimension, columns[dimension] ?? 1])) as Discussed;
}

function toPerson(row: Awaited<ReturnType<typeof memberPeopleQuery>>[number]): PersonBase {
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
      uncertain: row.l_uncertain,
      corrected: row.l_corrected,
    }),
    previousStress: row.p_stress,
    completedInRange: row.completed,
    sentInRange: row.sent,
  };
}

function toMember(row: Awaited<ReturnType<typeof memberPeopleQuery>>[number]): MemberBase {
  const previous = snapshot({
    morale: row.p_morale,
    confidence: row.p_confidence,
    stress: row.p_stress,
    salesStrength: row.p_sales_strength,
    blockers: row.p_blockers,
    recordedAt: row.p_recorded_at,
  });
  const latestDiscussed = discussedOf(row.l_recorded_at, {
    morale: row.l_morale_evidence,
    confidence: row.l_confidence_evidence,
    stress: row.l_stress_evidence,
    sales_strength: row.l_sales_strength_evidence,
    blockers: row.l_blockers_evidence,
  });
  const previousDiscussed = discussedOf(row.p_recorded_at, {
    morale: row.p_morale_evidence,
    confidence: row.p_confidence_evidence,
    stress: row.p_stress_evidence,
    sales_strength: row.p_sales_strength_evidence,
    blockers: row.p_blockers_evidence,
  });
  const person = toPerson(row);
  const latest = person.latest ? { ...person.latest, ...disputedOf(row.l_review) } : null;
  return { ...person, latest, email: row.email, previous, latestDiscussed, previousDiscussed };
}

/** The alert list's order: most urgent first, newest first within a priority. */
const alertOrder = () => [
  sql`case ${riskAlerts.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`,
  desc(riskAlerts.createdAt),
  // Ties by id, as people.ts picks the people of the first twenty.
  alertId,
];

/** An alert with its salesperson's name: every alert list reads these columns. */
const alertsWhere = (db: Database, where: SQL | undefined) =>
  db
    .select(
      plainFields({
        id: alertId.as("id"),
        team_member_id: riskAlerts.teamMemberId,
        first_name: teamMembers.firstName,
        last_name: teamMembers.lastName,
        category: riskAlerts.category,
        alert_type: riskAlerts.alertType,
        priority: riskAlerts.priority,
        // The stored message, if any: toAlertItem renders the others (scoring/alert-facts.ts).
        message: riskAlerts.message,
        facts: riskAlerts.facts,
        status: riskAlerts.status,
        created_at: epochMs(riskAlerts.createdAt).as("created_at"),
        resolved_at: epochMs<true>(riskAlerts.resolvedAt).as("resolved_at"),
      }),
    )
    .from(riskAlerts)
    .leftJoin(teamMembers, eq(teamMembers.id, riskAlerts.teamMemberId))
    .where(where);

/** An alert list's row: the builder's (alertsWhere) or the Overview's first open ones (open-alerts.ts). */
function toAlertItem(row: Awaited<ReturnType<typeof alertsWhere>>[number] | OpenAlertRow): AlertItem {
  return {
    id: row.id,
    teamMember:
      row.team_member_id && row.first_name !== null
        ? { id: row.team_member_id, firstName: row.first_name, lastName: row.last_name ?? "" }
        : null,
    category: row.category,
    alertType: row.alert_type,
    priority: row.priority,
    message: alertMessageOf({
      category: row.category,
      message: row.message,
      facts: row.facts,
      firstName: row.first_name,
      lastName: row.last_name,
    }),
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    resolvedAt: row.resolved_at === null ? null : new Date(row.resolved_at).toISOString(),
  };
}

export type TeamAggregates = {
  scores: BucketScores[];
  blockers: BucketCount[];
  checkIns: BucketCheckIns[];
  themes: BlockerTheme[];
  /** The first OVERVIEW_PEOPLE people, the ones who need you first. */
  people: PersonRow[];
  /** The people the coaching rules can name, in the same order (people.ts). */
  coachingPeople: CoachingPerson[];
  counts: PeopleCounts;
  salesStrength: SalesStrengthProfile;
  openAlerts: AlertItem[];
  openAlertTotal: number;
  anyCheckIn: boolean;
  /** Anyone in the organization has a completed check-in. */
  hasData: boolean;
};

/** The Overview's own statements (the rest are the summaries'), with placeholders for the organization. */
const teamView = (db: Database) => {
  const ofOrganization = eq(riskAlerts.organizationId, P.organizationId);
  return preparePlain([
    db
      .select(plainFields({ open: count().as("open") }))
      .from(riskAlerts)
      .where(and(ofOrganization, openAlert)),
    // Whether any check-in was ever sent, and any answered: one index entry answers each.
    db
      .select(plainFields({ present: sql<number>`1`.as("present") }))
      .from(checkIns)
      .where(eq(checkIns.organizationId, P.organizationId))
      .limit(1),
    db
      .select(plainFields({ scored: sql<number>`1`.as("scored") }))
      .from(sentimentScores)
      .where(eq(sentimentScores.organizationId, P.organizationId))
      .limit(1),
  ] as const);
};
let team: ReturnType<typeof teamView> | undefined;

/**
 * The Overview's statements, in the order of its one batch: its own (builder, compiled once),
 * then the summaries' (a test EXPLAINs each on a large fixture).
 */
export function teamStatements(db: Database, organizationId: string, now: number, weeks: number) {
  team ??= teamView(db);
  const w = weekWindow(now, weeks);
  const summaries = {
    alerts: [openAlertStatement(organizationId, 20)],
    scores: scoreWeekStatements(organizationId, w),
    checkIns: checkInWeekStatements(organizationId, w),
    themes: themeStatements(organizationId, w),
    people: overviewPeopleStatements(organizationId, now - WEEK_MS, w.rangeStart),
  };
  return { prepared: team, values: { organizationId, ...windowValues(now, weeks) }, summaries };
}

/** Statements as text and values, the summaries' after the view's own (for EXPLAIN and the batch). */
export function allStatements(statements: {
  prepared: PreparedPlain<readonly PlainSelect[]>;
  values: Record<string, unknown>;
  summaries: Record<string, Statement[]>;
}): Statement[] {
  return [...bindPlain(statements.prepared, statements.values), ...Object.values(statements.summaries).flat()];
}

export async function teamAggregates(
  db: Database,
  organizationId: string,
  now: number,
  weeks: number,
): Promise<TeamAggregates> {
  const statements = teamStatements(db, organizationId, now, weeks);
  const { prepared, summaries } = statements;
  // One round trip: the view's statements, then the summaries'.
  const d1 = db.$client;
  const results = await d1.batch(allStatements(statements).map((statement) => prepare(d1, statement)));
  const own = prepared.compiled.length;
  const [openTotal, anyCheckIn, scored] = results.slice(0, own).map((result) => result.results) as PlainRows<
    typeof prepared
  >;
  const next = (() => {
    let at = own;
    return (n: number) => {
      at += n;
      return results.slice(at - n, at);
    };
  })();
  const [openAlerts] = next(summaries.alerts.length);
  const weekly = scoreWeeksFrom(next(summaries.scores.length));
  const checkInRows = checkInWeeksFrom(next(summaries.checkIns.length));
  const themes = themesFrom(next(summaries.themes.length));
  const [people, coachingPeople, countsResult, strength] = next(summaries.people.length);
  const counts = peopleCounts(countsResult);
  return {
    scores: weekly.scores,
    blockers: weekly.blockers,
    checkIns: checkInRows,
    themes,
    people: peopleRows(people),
    coachingPeople: coachingRows(coachingPeople),
    counts,
    salesStrength: salesStrengthOf(strength, counts),
    openAlerts: openAlertRows(openAlerts).map(toAlertItem),
    openAlertTotal: openTotal[0]?.open ?? 0,
    anyCheckIn: anyCheckIn.length > 0,
    hasData: scored.length > 0,
  };
}

export type MemberAggregates = {
  person: MemberBase | null;
  scores: BucketScores[];
  blockers: BucketCount[];
  checkIns: BucketCheckIns[];
  themes: BlockerTheme[];
  alerts: AlertItem[];
  /** The team's people the coaching rules can name, this person among them, in the dashboard's order. */
  coachingPeople: CoachingPerson[];
  counts: PeopleCounts;
};

/** One person's statements, with placeholders for the organization, the member and the window. */
const memberView = (db: Database) =>
  preparePlain([
    memberPeopleQuery(db),
    ...memberWindowStatements(db),
    alertsWhere(
      db,
      and(
        eq(riskAlerts.organizationId, P.organizationId),
        eq(riskAlerts.teamMemberId, P.memberId),
        // Open ones, and those resolved in the window (db/alert-status.ts: one index each).
        sql`(${openAlert} or (${resolvedAlert} and ${gt(riskAlerts.createdAt, P.rangeStart)}))`,
      ),
    )
      .orderBy(sql`${riskAlerts.status} = 'resolved'`, ...alertOrder())
      .limit(20),
  ] as const);
let member: ReturnType<typeof memberView> | undefined;

/** One person's statements: their own rows, then the coaching's people and counts (people.ts). */
export function memberStatements(db: Database, organizationId: string, memberId: string, now: number, weeks: number) {
  member ??= memberView(db);
  return {
    prepared: member,
    values: { organizationId, memberId, ...windowValues(now, weeks) },
    summaries: { coaching: memberCoachingStatements(organizationId, memberId, now - WEEK_MS) },
  };
}

/** One person's view. The member must belong to the organization, or person is null (→ 404). */
export async function memberAggregates(
  db: Database,
  organizationId: string,
  memberId: string,
  now: number,
  weeks: number,
): Promise<MemberAggregates> {
  const statements = memberStatements(db, organizationId, memberId, now, weeks);
  const d1 = db.$client;
  const results = await d1.batch(allStatements(statements).map((statement) => prepare(d1, statement)));
  const own = statements.prepared.compiled.length;
  const [people, scores, blockers, checkInRows, themes, alerts] = results
    .slice(0, own)
    .map((result) => result.results) as PlainRows<typeof statements.prepared>;
  const [coachingPeople, counts] = results.slice(own);
  return {
    person: people[0] ? toMember(people[0]) : null,
    scores: scores.map(toScores),
    blockers,
    checkIns: checkInRows,
    themes: themes.map(toTheme),
    alerts: alerts.map(toAlertItem),
    coachingPeople: coachingRows(coachingPeople),
    counts: peopleCounts(counts),
  };
}

/** GET /api/alerts: the organization's alerts, open ones most urgent first, resolved ones newest first. */
export async function alertList(
  db: Database,
  organizationId: string,
  filters: { status: "open" | "resolved" | "all"; teamMemberId?: string | undefined },
): Promise<AlertItem[]> {
  const { status, teamMemberId } = filters;
  const rows = await alertsWhere(
    db,
    and(
      eq(riskAlerts.organizationId, organizationId),
      status === "open" ? openAlert : status === "resolved" ? resolvedAlert : anyAlert,
      teamMemberId ? eq(riskAlerts.teamMemberId, teamMemberId) : undefined,
    ),
  )
    .orderBy(...(status === "resolved" ? [desc(riskAlerts.resolvedAt), desc(riskAlerts.createdAt)] : alertOrder()))
    .limit(100);
  return rows.map(toAlertItem);
}

/** One of the organization's alerts, or null (→ 404): another organization's reads as absent. */
export async function alertById(db: Database, organizationId: string, id: string): Promise<AlertItem | null> {
  const [row] = await alertsWhere(db, and(alertIdIs(id), eq(riskAlerts.organizationId, organizationId)));
  return row ? toAlertItem(row) : null;
}
