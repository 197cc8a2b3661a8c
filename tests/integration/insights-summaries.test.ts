import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { coachingActions, coachingForPerson } from "../../worker/insights/coaching";
import { type BucketCheckIns, personRisk, RISK_RULES } from "../../worker/insights/compute";
import { COACHING_PEOPLE, OVERVIEW_PEOPLE } from "../../worker/insights/people";
import { teamAggregates } from "../../worker/insights/queries";
import { REBUILD_ROLLUPS_SQL } from "../../worker/insights/rollups-sql";
import { memberInsights, teamInsights } from "../../worker/insights/service";
import { hourOf } from "../../worker/insights/statements";
import { type CoachingAction, DEFAULT_SALES_STRENGTH, type PersonRow, RANGE_WEEKS } from "../../worker/shared/insights";
import { DAY_MS, HOUR_MS, WEEK_MS } from "../../worker/shared/time";
import { fixtureSql, generateInsightsFixture } from "../fixtures/worker/insights-fixture";

/**
 * Issue 26 §2: the Overview and the person page read summaries (member_scores, member_counts,
 * check_in_rollups, theme_rollups, theme_reporters and their hours, drizzle/0016). Every figure
 * must equal the computation from every row that the dashboard ran before them, written out
 * here: the people in the dashboard's order, the counts, sales strength, participation per
 * week, the blocker themes, the coaching actions; at several moments (a week's edge inside an
 * hour, a view of the past) and for every range. Then a run of writes of every kind (a
 * completion, an alert resolved, a member paused, renamed or removed, retention) leaves the
 * summaries equal to what `npm run rollups:rebuild` makes from the rows.
 *
 * Over 300 lines: the full computation the summaries are held to is written out here.
 */
const db = createDb(env.DB);
const now = Date.now();
const fixture = generateInsightsFixture({ now, organizationId: "summaries-org", members: 60, weeks: 52, seed: 11 });
const neighbour = generateInsightsFixture({
  now,
  organizationId: "summaries-neighbour",
  members: 15,
  weeks: 8,
  seed: 3,
});
const org = fixture.organizationId;

const run = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .run();
const all = async <T>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

beforeAll(async () => {
  for (const statements of [fixtureSql(fixture), fixtureSql(neighbour)]) {
    for (let i = 0; i < statements.length; i += 50) {
      await env.DB.batch(statements.slice(i, i + 50).map((statement) => env.DB.prepare(statement)));
    }
  }
  // What the fixture lacks: inactive people, people never asked, names that differ only in case,
  // a reach-out and an alert with no person, pending check-ins past their expiry, expired ones.
  await env.DB.batch([
    env.DB.prepare(`update team_members set status = 'inactive' where id in (?, ?, ?)`).bind(
      `${org}-tm-4`,
      `${org}-tm-9`,
      `${org}-tm-30`,
    ),
    env.DB.prepare(
      `insert into team_members (id, organization_id, first_name, last_name, email, status)
       values (?1 || '-new-1', ?1, 'ava', 'Zed', 'new1@x.test', 'active'),
              (?1 || '-new-2', ?1, 'Ava', 'zed', 'new2@x.test', 'active'),
              (?1 || '-new-3', ?1, 'Émile', 'Roux', 'new3@x.test', 'inactive')`,
    ).bind(org),
    env.DB.prepare(
      `insert into risk_alerts (id, organization_id, team_member_id, check_in_id, legacy_alert_type, legacy_priority, category, message, created_at)
       values (?1 || '-reach', ?1, ?1 || '-tm-12', ?1 || '-ci-12-51', 'other', 'medium', 'reach_out', 'Reach out', ?2),
              (?1 || '-nobody', ?1, null, null, 'other', 'low', 'blockers', 'No one', ?2),
              (?1 || '-new-alert', ?1, ?1 || '-new-2', null, 'retention', 'urgent', 'burnout', 'Burnout', ?2)`,
    ).bind(org, now - 2 * DAY_MS),
    ...[3, 17, 40, 60, 75].map((days, i) =>
      env.DB.prepare(
        `insert into check_ins (id, organization_id, team_member_id, token_hash, status, expires_at, created_at)
         values (?1, ?2, ?3, ?1, ?4, ?5, ?6)`,
      ).bind(
        `${org}-extra-${i}`,
        org,
        `${org}-tm-${i * 7}`,
        i % 2 === 0 ? "pending" : "expired",
        now - days * DAY_MS + (i === 0 ? 10 * DAY_MS : DAY_MS),
        now - days * DAY_MS,
      ),
    ),
  ]);
});

// ── The full computation, from every row ─────────────────────────────────────────

type PeopleRow = {
  id: string;
  first_name: string;
  last_name: string;
  job_title: string | null;
  region: string | null;
  status: "active" | "inactive";
  recorded_at: number | null;
  morale: number | null;
  confidence: number | null;
  stress: number | null;
  sales_strength: number | null;
  blockers: number | null;
  uncertain: string | null;
  corrected: string | null;
  previous_stress: number | null;
  categories: string | null;
  open: number;
  sent: number;
  completed: number;
};

/** Everyone, as the Overview's people query read them before the summaries, in the dashboard's order. */
async function everyone(organizationId: string, at: number, weeks: number): Promise<PersonRow[]> {
  const rows = await all<PeopleRow>(
    `select tm.id, tm.first_name, tm.last_name, tm.job_title, tm.region, tm.status, l.recorded_at, l.morale,
       l.confidence, l.stress, l.sales_strength, l.blockers, l.uncertain, l.corrected,
       (select p.stress from sentiment_scores p where p.team_member_id = tm.id order by p.recorded_at desc limit 1 offset 1)
         as previous_stress,
       (select group_concat(distinct a.category) from risk_alerts a where a.organization_id = tm.organization_id
         and a.team_member_id = tm.id and a.status in ('unread', 'read')) as categories,
       (select count(*) from risk_alerts a where a.organization_id = tm.organization_id and a.team_member_id = tm.id
         and a.status in ('unread', 'read')) as open,
       (select count(*) from check_ins c where c.team_member_id = tm.id and c.created_at > ?2) as sent,
       (select count(*) from check_ins c where c.team_member_id = tm.id and c.created_at > ?2 and c.status = 'completed')
         as completed
     from team_members tm
     left join sentiment_scores l on l.check_in_id = (select s.check_in_id from sentiment_scores s where s.team_member_id = tm.id
       order by s.recorded_at desc limit 1)
     where tm.organization_id = ?1
     order by tm.first_name collate nocase, tm.last_name collate nocase, tm.id`,
    organizationId,
    at - weeks * WEEK_MS,
  );
  const order = { high: 0, watch: 1, ok: 2, unknown: 3 } as const;
  return rows
    .map((row): PersonRow => {
      const latest =
        row.recorded_at === null
          ? null
          : {
              morale: row.morale ?? 50,
              confidence: row.confidence ?? 50,
              stress: row.stress ?? 50,
              salesStrength: row.sales_strength ?? DEFAULT_SALES_STRENGTH,
              blockers: row.blockers ?? 50,
              recordedAt: new Date(row.recorded_at).toISOString(),
            };
      return {
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        jobTitle: row.job_title,
        region: row.region,
        status: row.status,
        latest,
        previousStress: row.previous_stress,
        completedInRange: row.completed,
        sentInRange: row.sent,
        openAlerts: row.open,
        risk: personRisk(latest, row.categories?.split(",") ?? []),
      };
    })
    .sort((a, b) => order[a.risk] - order[b.risk] || (b.latest?.stress ?? 0) - (a.latest?.stress ?? 0));
}

async function checkInsFromRows(organizationId: string, at: number, weeks: number): Promise<BucketCheckIns[]> {
  return all<BucketCheckIns>(
    `select cast((?1 - created_at) / ${WEEK_MS} as integer) as bucket, count(*) as sent,
       sum(status = 'completed') as completed,
       sum(status = 'expired' or (status = 'pending' and expires_at <= ?4)) as expired,
       sum(status = 'pending' and expires_at > ?4) as pending
     from check_ins where organization_id = ?2 and created_at > ?3 and created_at <= ?4
     group by bucket order by bucket`,
    Math.trunc(at),
    organizationId,
    at - weeks * WEEK_MS,
    at,
  );
}

async function themesFromRows(organizationId: string, at: number, weeks: number) {
  const rows = await all<{
    theme: string;
    count: number;
    people: number;
    this_week: number;
    last_week: number;
    last_reported: number;
  }>(
    `select theme, count(*) as count, count(distinct team_member_id) as people,
       sum(created_at > ?3) as this_week, sum(created_at > ?4 and created_at <= ?3) as last_week,
       max(created_at) as last_reported
     from user_challenges where organization_id = ?1 and created_at > ?2 and created_at <= ?5
     group by theme order by count desc, last_reported desc, theme limit 8`,
    organizationId,
    at - weeks * WEEK_MS,
    at - WEEK_MS,
    at - 2 * WEEK_MS,
    at,
  );
  return rows.map((row) => ({
    theme: row.theme,
    count: row.count,
    people: row.people,
    thisWeek: row.this_week,
    lastWeek: row.last_week,
    lastReportedAt: new Date(row.last_reported).toISOString(),
  }));
}

/** The sales strength panel over everyone: active people with a check-in, strongest first, ties in the dashboard's order. */
function salesStrengthFrom(people: readonly PersonRow[]) {
  const scored = people
    .filter((p) => p.status === "active" && p.latest)
    .map((p) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName, value: p.latest?.salesStrength ?? 0 }))
    .sort((a, b) => b.value - a.value);
  const sum = scored.reduce((n, p) => n + p.value, 0);
  return {
    average: scored.length > 0 ? Math.round(sum / scored.length) : null,
    bands: {
      strong: scored.filter((p) => p.value >= 75).length,
      solid: scored.filter((p) => p.value >= 60 && p.value < 75).length,
      developing: scored.filter((p) => p.value < 60).length,
    },
    people: scored.slice(0, OVERVIEW_PEOPLE),
    ...(scored.length > OVERVIEW_PEOPLE ? { scored: scored.length } : {}),
  };
}

const MOMENTS = [now, hourOf(now) + 17, hourOf(now) + HOUR_MS - 1, now - 5 * DAY_MS, now - 20 * DAY_MS];
const withoutLists = ({ teamMemberIds: _, ...rest }: CoachingAction) => rest;

// ── The Overview ─────────────────────────────────────────────────────────────────

describe("the Overview from summaries", () => {
  it("lists the first people and counts everyone exactly as every row says", async () => {
    for (const at of MOMENTS) {
      for (const range of ["4w", "12w"] as const) {
        const people = await everyone(org, at, RANGE_WEEKS[range]);
        const insights = await teamInsights(db, org, range, { now: at });
        expect(insights.people, `people at ${at}, ${range}`).toEqual(people.slice(0, OVERVIEW_PEOPLE));
        const count = (risk: PersonRow["risk"]) => people.filter((p) => p.risk === risk).length;
        expect(insights.riskCounts).toEqual({
          high: count("high"),
          watch: count("watch"),
          ok: count("ok"),
          unknown: count("unknown"),
        });
        const active = people.filter((p) => p.status === "active");
        expect(insights.team).toMatchObject({ totalMembers: people.length, activeMembers: active.length });
        expect(insights.participation.membersThisWeek).toBe(
          active.filter((p) => p.latest && Date.parse(p.latest.recordedAt) > at - WEEK_MS).length,
        );
        expect(insights.salesStrength).toEqual(salesStrengthFrom(people));
      }
    }
    expect((await everyone(org, now, 12)).length).toBeGreaterThan(OVERVIEW_PEOPLE);
  });

  it("counts check-ins per week and the blocker themes exactly as every row says, at any moment", async () => {
    for (const at of MOMENTS) {
      for (const weeks of [4, 12, 52]) {
        const aggregates = await teamAggregates(db, org, at, weeks);
        expect(aggregates.checkIns, `check-ins at ${at}, ${weeks} weeks`).toEqual(
          await checkInsFromRows(org, at, weeks),
        );
        expect(aggregates.themes, `themes at ${at}, ${weeks} weeks`).toEqual(await themesFromRows(org, at, weeks));
      }
    }
    const recent = await checkInsFromRows(org, now, 12);
    expect(recent.some((week) => week.pending > 0) && recent.some((week) => week.expired > 0)).toBe(true);
  });

  it("derives the coaching actions the whole team gives", async () => {
    for (const at of MOMENTS) {
      const insights = await teamInsights(db, org, "12w", { now: at });
      const people = await everyone(org, at, 12);
      const expected = coachingActions({
        rangeWeeks: 12,
        pillars: insights.pillars,
        people,
        blockers: insights.blockers,
        alerts: insights.alerts.items,
        participation: insights.participation,
      });
      expect(insights.coaching.map(withoutLists)).toEqual(expected.map(withoutLists));
      // The lists name each rule's first people (COACHING_PEOPLE at most), in the same order.
      for (const action of insights.coaching) {
        const full = expected.find((a) => a.id === action.id)?.teamMemberIds ?? [];
        const first = Math.min(full.length, COACHING_PEOPLE - 3);
        expect(action.teamMemberIds.slice(0, first)).toEqual(full.slice(0, first));
        expect(full).toEqual(expect.arrayContaining(action.teamMemberIds));
      }
    }
  });
});

// ── Risk at every line ────────────────────────────────────────────────────────────

describe("a person's risk from member_scores", () => {
  it("is personRisk's at every line of RISK_RULES, with and without open alerts", async () => {
    const lines = "risk-lines-org";
    const R = RISK_RULES;
    const cases: { morale: number; confidence: number; stress: number; alert?: string }[] = [
      ...[R.highStress - 1, R.highStress, R.watchStress - 1, R.watchStress].map((stress) => ({
        morale: 70,
        confidence: 70,
        stress,
      })),
      ...[R.lowMorale - 1, R.lowMorale, R.watchMorale - 1, R.watchMorale].map((morale) => ({
        morale,
        confidence: 70,
        stress: 30,
      })),
      ...[R.watchConfidence - 1, R.watchConfidence].map((confidence) => ({ morale: 70, confidence, stress: 30 })),
      { morale: 70, confidence: 70, stress: 30, alert: "low_confidence" },
      { morale: 70, confidence: 70, stress: 30, alert: "reach_out" },
      { morale: 70, confidence: 70, stress: 30, alert: "burnout" },
    ];
    const at = now - DAY_MS;
    await env.DB.prepare("insert into organizations (id, name) values (?, 'Risk Lines')").bind(lines).run();
    await env.DB.batch(
      cases.flatMap((c, i) => [
        env.DB.prepare(
          "insert into team_members (id, organization_id, first_name, last_name, email) values (?, ?, ?, 'Line', ?)",
        ).bind(`${lines}-${i}`, lines, `P${String(i).padStart(2, "0")}`, `line${i}@x.test`),
        env.DB.prepare(
          `insert into check_ins (id, organization_id, team_member_id, token_hash, status, expires_at, created_at, completed_at)
           values (?, ?, ?, ?, 'completed', ?, ?, ?)`,
        ).bind(`${lines}-ci-${i}`, lines, `${lines}-${i}`, `h${i}`, at + DAY_MS, at - HOUR_MS, at),
        env.DB.prepare(
          `insert into sentiment_scores (organization_id, check_in_id, team_member_id, morale, confidence, stress,
             sales_strength, blockers, conversation_quality_score, recorded_at) values (?, ?, ?, ?, ?, ?, 70, 70, 80, ?)`,
        ).bind(lines, `${lines}-ci-${i}`, `${lines}-${i}`, c.morale, c.confidence, c.stress, at),
        ...(c.alert
          ? [
              env.DB.prepare(
                `insert into risk_alerts (id, organization_id, team_member_id, check_in_id, legacy_alert_type, legacy_priority, category, message, created_at)
                 values (?, ?, ?, ?, 'other', 'medium', ?, 'Line', ?)`,
              ).bind(`${lines}-a-${i}`, lines, `${lines}-${i}`, `${lines}-ci-${i}`, c.alert, at),
            ]
          : []),
      ]),
    );
    const people = await everyone(lines, now, 12);
    const insights = await teamInsights(db, lines, "12w", { now });
    expect(insights.people.map((p) => [p.firstName, p.risk])).toEqual(people.map((p) => [p.firstName, p.risk]));
    expect(new Set(people.map((p) => p.risk))).toEqual(new Set(["high", "watch", "ok"]));
  });
});

// ── Coaching past each rule's first 50 ───────────────────────────────────────────

describe("coaching for a team larger than the people it reads", () => {
  it("names the same people and counts everyone, the Overview and each person's page alike", async () => {
    // Most of the team's latest check-in goes over the stress line and under 40 confidence: more
    // people than a rule reads (COACHING_PEOPLE).
    const at = now + HOUR_MS;
    // (Ids made here: D1 binds a JS number as a real, and `||` would write "0.0".)
    const statements = Array.from({ length: 56 }, (_, m) =>
      env.DB.prepare(
        `insert into sentiment_scores (organization_id, check_in_id, team_member_id, morale, confidence, stress,
           sales_strength, blockers, conversation_quality_score, recorded_at)
         values (?, ?, ?, 40, ?, ?, ?, 70, 80, ?)`,
      ).bind(org, `${org}-ci-${m}-51`, `${org}-tm-${m}`, 20 + (m % 15), 70 + (m % 20), 50 + (m % 9), at - m * 1000),
    );
    // A score row per check-in: the late ones replace the last week's.
    await env.DB.batch([
      env.DB.prepare(
        `delete from sentiment_scores where check_in_id like ?1 || '-ci-%-51' and organization_id = ?1`,
      ).bind(org),
      ...statements,
    ]);
    const people = await everyone(org, at, 12);
    const overBurnout = people.filter((p) => p.status === "active" && (p.latest?.stress ?? 0) >= 70).length;
    expect(overBurnout).toBeGreaterThan(COACHING_PEOPLE);

    const insights = await teamInsights(db, org, "12w", { now: at });
    const expected = coachingActions({
      rangeWeeks: 12,
      pillars: insights.pillars,
      people,
      blockers: insights.blockers,
      alerts: insights.alerts.items,
      participation: insights.participation,
    });
    expect(insights.coaching.map(withoutLists)).toEqual(expected.map(withoutLists));
    // More people than were read, counted all the same (the stress line's, and an open burnout alert's).
    const more = insights.coaching.find((a) => a.id === "burnout:more");
    expect(Number.parseInt(more?.title ?? "", 10) + 3).toBeGreaterThanOrEqual(overBurnout);
    // Everyone's quota confidence is under 40 now: more than the pipeline rule reads.
    const lowConfidence = people
      .filter((p) => p.status === "active" && p.latest && p.latest.confidence < 40)
      .sort((a, b) => (a.latest?.confidence ?? 0) - (b.latest?.confidence ?? 0));
    expect(lowConfidence.length).toBeGreaterThan(COACHING_PEOPLE);
    // The lists name each rule's first people in the same order (then, maybe, people of the
    // twenty open alerts further down), never anyone the rule does not name.
    for (const action of insights.coaching) {
      const full = expected.find((a) => a.id === action.id)?.teamMemberIds ?? [];
      const first = Math.min(action.teamMemberIds.length, COACHING_PEOPLE - 3);
      expect(action.teamMemberIds.slice(0, first)).toEqual(full.slice(0, first));
      expect(full).toEqual(expect.arrayContaining(action.teamMemberIds));
    }

    // A person far down the burnout list still sees the team's action that is about them.
    const last = people.filter((p) => p.status === "active" && (p.latest?.stress ?? 0) >= 70).at(-1);
    expect(last).toBeDefined();
    for (const member of [last?.id ?? "", lowConfidence.at(-1)?.id ?? "", `${org}-tm-12`, `${org}-tm-1`]) {
      const page = await memberInsights(db, org, member, "12w", { now: at });
      const person = people.find((p) => p.id === member);
      expect(page && person).toBeTruthy();
      if (!page || !person) continue;
      const mine = {
        ...person,
        openAlerts: page.alerts.filter((a) => a.status !== "resolved").length,
        risk: page.risk,
      };
      const expectedMine = coachingForPerson(
        {
          rangeWeeks: 12,
          pillars: [],
          people: people.map((p) => (p.id === member ? mine : p)),
          blockers: [],
          alerts: page.alerts,
          participation: { rate: null, completed: 0, expired: 0 },
        },
        mine,
        page.blockers,
      );
      expect(page.coaching.map(withoutLists), member).toEqual(expectedMine.map(withoutLists));
      for (const action of page.coaching) expect(action.teamMemberIds).toContain(member);
      if (member === lowConfidence.at(-1)?.id) expect(page.coaching.map((a) => a.id)).toContain("pipeline:people");
    }
  });
});

// ── Writes of every kind keep them as a rebuild makes them ───────────────────────

const SUMMARIES = {
  member_scores: "select * from member_scores order by organization_id, team_member_id",
  member_counts: "select * from member_counts where members > 0 order by organization_id",
  member_latest_hours: "select * from member_latest_hours order by organization_id, hour",
  check_in_rollups: "select * from check_in_rollups where sent > 0 order by organization_id, hour",
  theme_rollups: "select * from theme_rollups order by organization_id, hour, theme",
  theme_reporters: "select * from theme_reporters order by organization_id, theme, team_member_id",
  theme_reporter_hours: "select * from theme_reporter_hours order by organization_id, hour, theme",
  score_rollups: "select * from score_rollups where responses > 0 or blockers > 0 order by organization_id, hour",
};

async function summaries() {
  const out: Record<string, unknown[]> = {};
  for (const [table, sql] of Object.entries(SUMMARIES)) out[table] = await all(sql);
  return out;
}

describe("the triggers", () => {
  it("keep every summary as the rebuild makes it, through writes of every kind", async () => {
    const member = (n: number) => `${org}-tm-${n}`;
    await run(
      `update risk_alerts set status = 'resolved', resolved_at = ? where team_member_id = ? and status = 'unread'`,
      now,
      member(2),
    );
    await run(`update risk_alerts set status = 'read' where team_member_id = ? and status = 'unread'`, member(5));
    await run(`update team_members set status = 'inactive', first_name = 'renamed' where id = ?`, member(6));
    await run(`update team_members set status = 'active' where id = ?`, member(4));
    await run(`delete from team_members where id = ?`, member(8));
    await run(`delete from check_ins where id = ?`, `${org}-ci-10-51`);
    await run(`delete from user_challenges where organization_id = ? and created_at < ?`, org, now - 40 * WEEK_MS);
    await run(`delete from sentiment_scores where organization_id = ? and recorded_at < ?`, org, now - 45 * WEEK_MS);
    await run(`update check_ins set status = 'expired' where id = ?`, `${org}-extra-0`);
    await run(
      `insert into user_challenges (organization_id, check_in_id, team_member_id, theme, own_description, created_at)
       values (?1, ?1 || '-ci-11-50', ?1 || '-tm-11', 'Compensation', 'Compensation', ?2)`,
      org,
      now - 9 * DAY_MS,
    );
    await run(`delete from organizations where id = ?`, neighbour.organizationId);

    const kept = await summaries();
    expect(kept.member_scores?.length).toBeGreaterThan(0);
    await env.DB.batch(REBUILD_ROLLUPS_SQL.map((statement) => env.DB.prepare(statement)));
    expect(await summaries()).toEqual(kept);
  });

  it("are what the rebuild restores when a summary was lost", async () => {
    const before = await summaries();
    await env.DB.batch([
      env.DB.prepare("delete from member_scores where organization_id = ?").bind(org),
      env.DB.prepare("update member_counts set high = high + 7"),
      env.DB.prepare("delete from theme_reporter_hours"),
      env.DB.prepare("update member_latest_hours set active = active + 1 where organization_id = ?").bind(org),
      env.DB.prepare("delete from check_in_rollups where organization_id = ?").bind(org),
    ]);
    expect(await summaries()).not.toEqual(before);
    await env.DB.batch(REBUILD_ROLLUPS_SQL.map((statement) => env.DB.prepare(statement)));
    expect(await summaries()).toEqual(before);
  });
});
