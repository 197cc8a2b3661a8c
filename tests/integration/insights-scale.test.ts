import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { bindPlain, plainRowsInOneTrip } from "../../worker/db/batch";
import { createDb } from "../../worker/db/client";
import { allStatements, memberStatements, teamStatements } from "../../worker/insights/queries";
import { memberInsights, teamInsights } from "../../worker/insights/service";
import { INSIGHT_RANGES, RANGE_WEEKS } from "../../worker/shared/insights";
import { fixtureSql, generateInsightsFixture } from "../fixtures/worker/insights-fixture";

/**
 * The large fixture (200 salespeople × 52 weekly check-ins, ~80k rows) in D1: every
 * statement behind the dashboard must search an index (no table scans), and the whole
 * aggregation stays far inside the 50 ms budget. The HTTP figure (with the session check)
 * is measured by `npm run bench`; this guards the SQL from regressions.
 */
const db = createDb(env.DB);
const now = Date.now();
const fixture = generateInsightsFixture({ now });
// A second organization of the same size shares the tables, as in production.
const neighbour = generateInsightsFixture({ now, organizationId: "neighbour-org", seed: 7 });

beforeAll(async () => {
  for (const statements of [fixtureSql(fixture), fixtureSql(neighbour)]) {
    for (let i = 0; i < statements.length; i += 50) {
      await env.DB.batch(statements.slice(i, i + 50).map((statement) => env.DB.prepare(statement)));
    }
  }
}, 180_000);

async function planOf({ sql, params }: { sql: string; params: readonly unknown[] }): Promise<string[]> {
  const { results } = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((row) => row.detail);
}

/**
 * A full scan of a table (by name or by the aliases the statements use), a summary's included.
 * Scanning a subquery's materialized result, `json_each`'s edge hours (`SCAN j`) or the
 * exists() wrapper's constant row is not one.
 */
const TABLE_SCAN =
  /^SCAN (organizations|team_members|check_ins|sentiment_scores|real_time_sentiment|user_challenges|risk_alerts|score_rollups|check_in_rollups|theme_rollups|theme_reporters|theme_reporter_hours|member_scores|member_counts|tm|a|s|l|p|m|c|u|r)\b/;

describe("insights on 200 members × 52 weeks", () => {
  it("loads the fixture it claims", () => {
    expect(fixture.counts).toMatchObject({ team_members: 200, sentiment_scores: 10_400, real_time_sentiment: 52_000 });
  });

  it("every statement searches an index, for every range", async () => {
    for (const range of INSIGHT_RANGES) {
      const team = teamStatements(db, fixture.organizationId, now, RANGE_WEEKS[range]);
      const member = memberStatements(
        db,
        fixture.organizationId,
        `${fixture.organizationId}-tm-7`,
        now,
        RANGE_WEEKS[range],
      );
      const statements = [...allStatements(team), ...allStatements(member)];
      for (const statement of statements) {
        const plan = await planOf(statement);
        expect(
          plan.filter((line) => TABLE_SCAN.test(line)),
          plan.join("\n"),
        ).toEqual([]);
      }
    }
  });

  it("reads one person's rows by the member's indexes, never the organization's range", async () => {
    for (const range of INSIGHT_RANGES) {
      const member = memberStatements(
        db,
        fixture.organizationId,
        `${fixture.organizationId}-tm-7`,
        now,
        RANGE_WEEKS[range],
      );
      for (const statement of bindPlain(member.prepared, member.values)) {
        const plan = await planOf(statement);
        // 200 people here; at 10,000 an organization's range was 1.3 million rows for one page.
        expect(
          plan.filter((line) => /(sentiment_scores|check_ins|user_challenges)\w* .*\(organization_id=\?/.test(line)),
          plan.join("\n"),
        ).toEqual([]);
      }
    }
  });

  it("lists people by reading each one's range once, and the coaching's low morale in the dashboard's order", async () => {
    for (const range of INSIGHT_RANGES) {
      const weeks = RANGE_WEEKS[range];
      const [top, coaching] = teamStatements(db, fixture.organizationId, now, weeks).summaries.people;
      if (!top || !coaching) throw new Error("the Overview's people statements are missing");
      // 50 people, each one walk of their weekly check-ins in the range (two walks read 1,550 rows at 12 weeks).
      const { meta } = await env.DB.prepare(top.sql)
        .bind(...top.params)
        .all();
      expect(meta.rows_read).toBeLessThanOrEqual(50 * (weeks + 1) + 300);
      // Low morale is high risk: its first 20 come from the risk index in order, not all of them sorted.
      const plan = await planOf(coaching);
      expect(plan.join("\n")).not.toMatch(/member_scores_morale_idx|morale<\?/);
      expect(plan.join("\n")).toMatch(/member_scores_risk_idx \(organization_id=\? AND risk_key>\? AND risk_key<\?\)/);
    }
  });

  it("answers D1's rows as they come exactly as Drizzle would map them", async () => {
    for (const range of INSIGHT_RANGES) {
      const member = `${fixture.organizationId}-tm-7`;
      const team = teamStatements(db, fixture.organizationId, now, RANGE_WEEKS[range]);
      const one = memberStatements(db, fixture.organizationId, member, now, RANGE_WEEKS[range]);
      const drizzleRows = ({ prepared, values }: typeof team | typeof one) =>
        Promise.all(prepared.queries.map((query) => query.prepare().all(values)));
      expect(await plainRowsInOneTrip(db, team.prepared, team.values)).toEqual(await drizzleRows(team));
      expect(await plainRowsInOneTrip(db, one.prepared, one.values)).toEqual(await drizzleRows(one));
    }
  });

  it("answers every range for 200 people from aggregates", async () => {
    const timings: Record<string, { p50: number; p95: number }> = {};
    for (const range of INSIGHT_RANGES) {
      const samples: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const insights = await teamInsights(db, fixture.organizationId, range, { now });
        samples.push(performance.now() - started);
        // The first 50 (the ones who need you first); the counts cover all 200.
        expect(insights.people).toHaveLength(50);
        expect(insights.team.totalMembers).toBe(200);
        expect(insights.trend).toHaveLength(RANGE_WEEKS[range]);
      }
      samples.sort((a, b) => a - b);
      timings[range] = { p50: samples[10] ?? 0, p95: samples[18] ?? 0 };
    }
    // For information only: timings live in `npm run bench` (insights_ms), never in npm test,
    // where a shared 2-core machine decides them. The plan test above holds the design.
    console.info(`insights service on the large fixture (ms): ${JSON.stringify(timings)}`);
  });

  it("the numbers are those of this organization only", async () => {
    const insights = await teamInsights(db, fixture.organizationId, "52w", { now });
    expect(insights.people.every((person) => person.id.startsWith(`${fixture.organizationId}-`))).toBe(true);
    expect(insights.trend.reduce((sum, point) => sum + point.responses, 0)).toBe(10_400);
    expect(insights.participation.completed).toBe(10_400);
    const member = await memberInsights(db, fixture.organizationId, `${fixture.organizationId}-tm-7`, "52w", { now });
    expect(member?.trend.reduce((sum, point) => sum + point.responses, 0)).toBe(52);
    expect(await memberInsights(db, fixture.organizationId, "neighbour-org-tm-7", "52w", { now })).toBeNull();
  });
});
