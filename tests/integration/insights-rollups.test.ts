import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { platformStats } from "../../worker/admin/stats";
import { type CompletionResult, persistCompletion } from "../../worker/checkin/persist";
import { createDb } from "../../worker/db/client";
import { teamAggregates } from "../../worker/insights/queries";
import { REBUILD_ROLLUPS_SQL } from "../../worker/insights/rollups-sql";
import { hourOf } from "../../worker/insights/statements";
import { judgeCheckIn } from "../../worker/scoring/judge-check-in";
import { DAY_MS, HOUR_MS, WEEK_MS } from "../../worker/shared/time";
import { fixtureSql, generateInsightsFixture } from "../fixtures/worker/insights-fixture";
import { createCheckIn } from "./checkin-helpers";

/**
 * Issue 26 §2: the Overview's weekly means and blockers, and the console's completed
 * check-ins, come from hourly rollups. They must equal a computation from every row (the
 * statements the dashboard ran before), for any `now` (its weeks' edges fall inside hours);
 * a completion adds itself once (triggers on the score and blocker rows), a deletion takes
 * away; `npm run rollups:rebuild`'s statements restore them.
 */
const db = createDb(env.DB);
const now = Date.now();
const fixture = generateInsightsFixture({ now, members: 60, weeks: 52 });
const neighbour = generateInsightsFixture({ now, organizationId: "rollup-neighbour", members: 20, weeks: 52, seed: 5 });
const org = fixture.organizationId;

beforeAll(async () => {
  for (const statements of [fixtureSql(fixture), fixtureSql(neighbour)]) {
    for (let i = 0; i < statements.length; i += 50) {
      await env.DB.batch(statements.slice(i, i + 50).map((statement) => env.DB.prepare(statement)));
    }
  }
  // The inserts' triggers made the rollups; the rebuild command makes the same.
  await env.DB.batch(REBUILD_ROLLUPS_SQL.map((statement) => env.DB.prepare(statement)));
}, 180_000);

/** The dashboard's per-week statements before the rollups, over every row. */
async function fromScratch(organizationId: string, at: number, weeks: number) {
  const range = [Math.trunc(at), organizationId, at - weeks * WEEK_MS, at] as const;
  const scores = await env.DB.prepare(
    `select cast((?1 - recorded_at) / ${WEEK_MS} as integer) as bucket, count(*) as responses,
       avg(morale) as morale, avg(confidence) as confidence, avg(stress) as stress,
       avg(coalesce(sales_strength, 75)) as sales_strength,
       sum(coalesce(morale_evidence, 1) > 0) as m, sum(coalesce(confidence_evidence, 1) > 0) as c,
       sum(coalesce(stress_evidence, 1) > 0) as s, sum(coalesce(sales_strength_evidence, 1) > 0) as ss,
       sum(coalesce(blockers_evidence, 1) > 0) as b
     from sentiment_scores where organization_id = ?2 and recorded_at > ?3 and recorded_at <= ?4
     group by bucket order by bucket`,
  )
    .bind(...range)
    .all<Record<string, number>>();
  const blockers = await env.DB.prepare(
    `select cast((?1 - created_at) / ${WEEK_MS} as integer) as bucket, count(*) as count
     from user_challenges where organization_id = ?2 and created_at > ?3 and created_at <= ?4
     group by bucket order by bucket`,
  )
    .bind(...range)
    .all<{ bucket: number; count: number }>();
  return {
    scores: scores.results.map((r) => ({
      bucket: r.bucket,
      responses: r.responses,
      morale: r.morale,
      confidence: r.confidence,
      stress: r.stress,
      sales_strength: r.sales_strength,
      discussed: { morale: r.m, confidence: r.c, stress: r.s, sales_strength: r.ss, blockers: r.b },
    })),
    blockers: blockers.results,
  };
}

async function completedFromScratch(at: number) {
  const count = async (from: number, to = Number.MAX_SAFE_INTEGER) =>
    (
      await env.DB.prepare(
        "select count(*) as n from check_ins where status = 'completed' and completed_at >= ? and completed_at < ?",
      )
        .bind(from, to)
        .first<{ n: number }>()
    )?.n ?? 0;
  return {
    total_checkins: await count(0),
    checkins_last_30_days: await count(at - 30 * DAY_MS),
    checkins_last_7_days: await count(at - 7 * DAY_MS),
    checkins_previous_7_days: await count(at - 14 * DAY_MS, at - 7 * DAY_MS),
  };
}

// Weeks' edges at the hour's start, in its middle, on its last millisecond, and now itself.
const MOMENTS = [now, hourOf(now) + 17, hourOf(now) + HOUR_MS / 2 + 3, hourOf(now) + HOUR_MS - 1, now - 5 * DAY_MS];

describe("the Overview's weeks from the rollups", () => {
  it("equal the computation from every score and blocker row, for every range and any moment", async () => {
    expect(fixture.counts.sentiment_scores).toBe(60 * 52);
    for (const at of MOMENTS) {
      for (const weeks of [4, 12, 52]) {
        const rolled = await teamAggregates(db, org, at, weeks);
        const scratch = await fromScratch(org, at, weeks);
        expect(scratch.scores.length).toBeGreaterThan(0);
        expect(rolled.scores, `scores at ${at}, ${weeks} weeks`).toEqual(scratch.scores);
        expect(rolled.blockers, `blockers at ${at}, ${weeks} weeks`).toEqual(scratch.blockers);
      }
    }
  });

  it("give the console the completed check-ins the check_ins rows count", async () => {
    const stats = await platformStats(db, [db], now);
    expect(stats).toMatchObject(await completedFromScratch(now));
    expect(stats.checkins_last_7_days).toBeGreaterThan(0);
  });
});

/** A completion of `checkIn` as the object computes it (a short chat, judged by the reader). */
function completionOf(checkIn: { id: string; organizationId: string; teamMemberId: string }, completedAt: number) {
  const judged = judgeCheckIn(
    [
      { sender: "assistant", content: "How has your week been?", pillar: "morale" },
      { sender: "user", content: "Exhausted, and pricing approvals block every deal.", pillar: "morale" },
    ],
    { memberName: "Casey Tester" },
  );
  return {
    ...judged,
    checkInId: checkIn.id,
    organizationId: checkIn.organizationId,
    teamMemberId: checkIn.teamMemberId,
    startedAt: completedAt - 600_000,
    completedAt,
    fallbackUsed: false,
    questionsAsked: 1,
    pillarsExplored: 1,
    corrections: [],
  } satisfies CompletionResult;
}

const rollupOf = (organizationId: string, hour: number) =>
  env.DB.prepare("select * from score_rollups where organization_id = ? and hour = ?")
    .bind(organizationId, hour)
    .first<Record<string, number>>();

describe("a completion", () => {
  it("adds its check-in to its hour's rollup once, however often the batch is retried", async () => {
    const checkIn = await createCheckIn();
    const completedAt = Date.now();
    const result = completionOf(checkIn, completedAt);
    expect(await rollupOf(checkIn.organizationId, hourOf(completedAt))).toBeNull();
    await persistCompletion(env.DB, result);
    const once = await rollupOf(checkIn.organizationId, hourOf(completedAt));
    expect(once).toMatchObject({
      responses: 1,
      morale_sum: result.scores.morale,
      stress_sum: result.scores.stress,
      blockers: result.blockers.length,
    });
    expect(result.blockers.length).toBeGreaterThan(0);
    // The same batch again (the object did not hear it land): nothing is added twice.
    await persistCompletion(env.DB, result);
    expect(await rollupOf(checkIn.organizationId, hourOf(completedAt))).toEqual(once);
    // The Overview reads it at once.
    const weeks = await teamAggregates(db, checkIn.organizationId, Date.now(), 12);
    expect(weeks.scores).toEqual((await fromScratch(checkIn.organizationId, Date.now(), 12)).scores);
    expect(weeks.scores[0]?.responses).toBe(1);
  });

  it("writes each row once, keyed by its check-in, however often the batch is retried", async () => {
    const checkIn = await createCheckIn();
    const result = completionOf(checkIn, Date.now());
    expect(result.alerts.length).toBeGreaterThan(0);
    const rowsOf = async () => {
      const keys = async (table: string, key: string) =>
        (
          await env.DB.prepare(`select ${key} as key from ${table} where check_in_id = ? order by key`)
            .bind(checkIn.id)
            .all<{ key: string }>()
        ).results.map((row) => row.key);
      return {
        scores: await keys("sentiment_scores", "rowid"),
        blockers: await keys("user_challenges", "theme"),
        alerts: await keys(
          "risk_alerts",
          "category || ':' || coalesce(id, '-') || ':' || coalesce(message, '-') || ':' || facts",
        ),
      };
    };
    await persistCompletion(env.DB, result);
    const once = await rowsOf();
    expect(once.scores).toHaveLength(1);
    expect(once.blockers).toHaveLength(result.blockers.length);
    expect(once.alerts).toHaveLength(result.alerts.length);
    // Issue 26 §1: an alert stores no id and no message, only its facts (drizzle/0021); a score and
    // a blocker have no id of their own (drizzle/0019): each is keyed by its check-in.
    for (const key of once.alerts) expect(key).toMatch(/^[a-z_]+:-:-:\d+(,[^,:]+)*$/);
    // Retried, the batch's rows meet the stored ones on their keys per check-in.
    await persistCompletion(env.DB, result);
    expect(await rowsOf()).toEqual(once);
  });

  it("of a check-in revoked meanwhile adds nothing", async () => {
    const checkIn = await createCheckIn({ status: "expired" });
    const completedAt = Date.now();
    const { landed } = await persistCompletion(env.DB, completionOf(checkIn, completedAt));
    expect(landed).toBe(false);
    // Its rows were inserted and undone in the same batch: the hour holds nothing of it.
    expect(await rollupOf(checkIn.organizationId, hourOf(completedAt))).toMatchObject({
      responses: 0,
      morale_sum: 0,
      blockers: 0,
    });
  });

  it("of a member removed later leaves the rollups with the member's rows (cascades fire the triggers)", async () => {
    const memberId = `${org}-tm-3`;
    await env.DB.prepare("delete from team_members where id = ?").bind(memberId).run();
    expect(
      await env.DB.prepare("select count(*) as n from sentiment_scores where team_member_id = ?")
        .bind(memberId)
        .first("n"),
    ).toBe(0);
    for (const weeks of [4, 52]) {
      const rolled = await teamAggregates(db, org, now, weeks);
      const scratch = await fromScratch(org, now, weeks);
      expect(rolled.scores).toEqual(scratch.scores);
      expect(rolled.blockers).toEqual(scratch.blockers);
    }
  });
});

describe("npm run rollups:rebuild", () => {
  it("restores rollups that were lost or wrong, and runs in one batch of the statements it prints", async () => {
    // Hours whose rows were all deleted keep a row of zeros until a rebuild: compared without them.
    const kept = "select * from score_rollups where responses > 0 or blockers > 0 order by organization_id, hour";
    const before = await env.DB.prepare(kept).all();
    await env.DB.batch([
      env.DB.prepare("delete from score_rollups where organization_id = ? and hour > ?").bind(org, now - 30 * DAY_MS),
      env.DB.prepare(
        "update score_rollups set responses = responses + 5, stress_sum = 0 where organization_id = ?",
      ).bind(neighbour.organizationId),
    ]);
    const broken = await teamAggregates(db, org, now, 12);
    expect(broken.scores).not.toEqual((await fromScratch(org, now, 12)).scores);
    await env.DB.batch(REBUILD_ROLLUPS_SQL.map((statement) => env.DB.prepare(statement)));
    const after = await env.DB.prepare(kept).all();
    expect(after.results).toEqual(before.results);
    expect((await teamAggregates(db, org, now, 12)).scores).toEqual((await fromScratch(org, now, 12)).scores);
  });
});
