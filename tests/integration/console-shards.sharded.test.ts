import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { judgementOverviewSchema } from "../../worker/shared/console/judgement";
import { companyComparisonSchema, sentimentSummarySchema } from "../../worker/shared/console/sentiment";
import { systemStatusSchema } from "../../worker/shared/console/system";
import { type PlatformPerson, userListSchema, userStatsSchema } from "../../worker/shared/console/users";
import { createSuperAdmin, requestAs, type TestAccount } from "./auth-helpers";
import { allRowsOf, type DatabaseName, type Flow, rowsOf, runFlow, SHARDS, shardOf } from "./shard-helpers";

/**
 * The console's tabs across shards (worker/db/fan-out.ts): Users, Sentiment Data (with where
 * the reader is wrong), Reports and the system's health read every shard and merge, as the
 * overview, alerts and deliveries do (shards.sharded.test.ts). Two organizations, one in each
 * shard, each with two salespeople and one completed check-in whose summary was corrected.
 */
const sum = async (query: string) => {
  let total = 0;
  for (const shard of SHARDS) {
    total += (await env[shard].prepare(query).first<{ n: number }>())?.n ?? 0;
  }
  return total;
};

const csvLines = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.text()).trim().split("\r\n");
};

describe("the console reads every shard", () => {
  let first: Flow;
  let second: Flow;
  let operator: TestAccount;
  beforeAll(async () => {
    first = await runFlow("northshard");
    second = await runFlow("southshard");
    operator = await createSuperAdmin();
    // The second organization is renamed in the console: its shard's copy follows (search, order).
    const renamed = await requestAs(operator, `/api/admin/organizations/${second.admin.organizationId}`, {
      method: "PATCH",
      body: JSON.stringify({ name: "Southern Lights" }),
    });
    expect(renamed.status, await renamed.clone().text()).toBe(200);
    // The LLM judge and the reader disagreed on the second's check-in (an embedded run never does).
    await env.DB_SHARD_1.prepare("update check_ins set needs_review = 1, conversation_state = ? where id = ?")
      .bind(JSON.stringify({ review: [{ dimension: "stress", llm: 90, reader: 55 }] }), second.checkInId)
      .run();
    // A notification the queue gave up on, in the first organization's shard.
    await env.DB_SHARD_0.prepare(
      "insert into notification_deliveries (id, organization_id, kind, channel, recipient, subject, status, attempts, updated_at) values (?, ?, 'alert', 'email', 'x@northshard.example', 'Alert', 'failed', 5, ?)",
    )
      .bind(crypto.randomUUID(), first.admin.organizationId, Date.now())
      .run();
  }, 90_000);

  it("puts the two organizations in different shards", async () => {
    expect(new Set([await shardOf(first.admin.organizationId), await shardOf(second.admin.organizationId)])).toEqual(
      new Set(SHARDS),
    );
  });

  it("Users: counts, lists, searches, pages and exports every shard's salespeople with the accounts", async () => {
    const accounts = await allRowsOf("DB", "user");
    const stats = userStatsSchema.parse(await (await requestAs(operator, "/api/admin/users/stats")).json());
    expect(stats).toMatchObject({
      total_users: accounts + 4,
      total_salespeople: 4,
      active_users: accounts + 4,
      new_users_last_30_days: accounts + 4,
    });

    const sales = userListSchema.parse(
      await (await requestAs(operator, "/api/admin/users?role=salesperson&pageSize=100")).json(),
    );
    expect(sales.total).toBe(4);
    expect(sales.items.map((p) => [p.name, p.organizationName]).sort()).toEqual([
      ["Jordan northshard", "northshard"],
      ["Jordan southshard", "Southern Lights"],
      ["Riley northshard", "northshard"],
      ["Riley southshard", "Southern Lights"],
    ]);
    // By the organization's new name: its Admin (platform) and its salespeople (its shard's copy).
    const byName = userListSchema.parse(await (await requestAs(operator, "/api/admin/users?search=southern")).json());
    expect(byName.total).toBe(3);
    expect(new Set(byName.items.map((p) => p.organizationName))).toEqual(new Set(["Southern Lights"]));

    // Every page of two, merged newest first across the platform and both shards: each person once, in order.
    const all = userListSchema.parse(await (await requestAs(operator, "/api/admin/users?pageSize=100")).json());
    expect(all.total).toBe(accounts + 4);
    const paged: PlatformPerson[] = [];
    for (let page = 1; paged.length < all.total; page++) {
      const body = userListSchema.parse(
        await (await requestAs(operator, `/api/admin/users?pageSize=2&page=${page}`)).json(),
      );
      expect(body.total).toBe(all.total);
      expect(body.items.length).toBeGreaterThan(0);
      paged.push(...body.items);
    }
    expect(paged.map((p) => p.id)).toEqual(all.items.map((p) => p.id));
    const times = paged.map((p) => p.createdAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const csv = await csvLines(await requestAs(operator, "/api/admin/users/export?role=salesperson"));
    expect(csv).toHaveLength(5);
    expect(csv.filter((line) => line.includes("Southern Lights"))).toHaveLength(2);
  });

  it("Sentiment Data: the summary and the comparison over every shard's responses", async () => {
    const summary = sentimentSummarySchema.parse(
      await (await requestAs(operator, "/api/admin/sentiment/summary")).json(),
    );
    const meanStress = (await sum("select sum(stress) as n from sentiment_scores")) / 2;
    expect(summary).toMatchObject({
      total_responses: 2,
      sample_size: 2,
      global_stress: Math.round(meanStress),
      global_blockers_count: await sum("select count(*) as n from user_challenges"),
      volume: { last_7_days: 2, last_30_days: 2 },
    });
    expect(summary.global_blockers_count).toBeGreaterThan(0);

    const byName = companyComparisonSchema.parse(
      await (await requestAs(operator, "/api/admin/sentiment/companies?sort=name")).json(),
    );
    expect(byName.total).toBe(2);
    expect(byName.items.map((c) => [c.organizationName, c.responses])).toEqual([
      ["northshard", 1],
      ["Southern Lights", 1],
    ]);
    for (const company of byName.items) expect(company.activeAlerts).toBeGreaterThan(0);
    // One per page, from either shard.
    const pages = [];
    for (const page of [1, 2]) {
      const body = companyComparisonSchema.parse(
        await (await requestAs(operator, `/api/admin/sentiment/companies?sort=name&pageSize=1&page=${page}`)).json(),
      );
      pages.push(...body.items.map((c) => c.organizationName));
    }
    expect(pages).toEqual(["northshard", "Southern Lights"]);
  });

  it("Sentiment Data: every shard's corrections counted and disputed check-ins listed", async () => {
    const judgement = judgementOverviewSchema.parse(
      await (await requestAs(operator, "/api/admin/sentiment/judgement")).json(),
    );
    expect(judgement.completed).toBe(2);
    expect(judgement.correctedCheckIns).toBe(2);
    expect(judgement.corrections.find((c) => c.dimension === "morale")).toMatchObject({
      total: 2,
      byChosen: { middle: 2 },
    });
    expect(judgement.disputedTotal).toBe(1);
    expect(judgement.disputed).toMatchObject([
      {
        checkInId: second.checkInId,
        organizationName: "Southern Lights",
        disputes: [{ dimension: "stress", llm: 90, reader: 55 }],
      },
    ]);
  });

  it("Reports: organizations, sentiment, alerts and users from every shard", async () => {
    const organizations = await csvLines(await requestAs(operator, "/api/admin/reports/organizations"));
    for (const [flow, name] of [
      [first, "northshard"],
      [second, "Southern Lights"],
    ] as const) {
      const line = organizations.find((row) => row.startsWith(`${flow.admin.organizationId},${name},`));
      // …, accounts 1, active team members 2, check-ins completed 1, three means, alerts raised.
      expect(line?.split(",").slice(7, 10)).toEqual(["1", "2", "1"]);
      expect(Number(line?.split(",").at(-1))).toBe(
        await rowsOf(
          (await shardOf(flow.admin.organizationId)) as DatabaseName,
          "risk_alerts",
          flow.admin.organizationId,
        ),
      );
    }
    const sentiment = await csvLines(await requestAs(operator, "/api/admin/reports/sentiment"));
    expect(sentiment).toHaveLength(3);
    expect(sentiment.slice(1).map((line) => line.split(",")[1])).toEqual(
      expect.arrayContaining(["northshard", "Southern Lights"]),
    );
    const alerts = await csvLines(await requestAs(operator, "/api/admin/reports/alerts"));
    expect(alerts).toHaveLength(1 + (await sum("select count(*) as n from risk_alerts")));
    expect(alerts.slice(1).every((line) => !line.includes("Unknown Organization"))).toBe(true);
    const users = await csvLines(await requestAs(operator, "/api/admin/reports/users"));
    expect(users.filter((line) => line.includes("Team member"))).toHaveLength(4);
  });

  it("System: deliveries that failed in the shards are reported", async () => {
    const failedInShards = () =>
      sum("select count(*) as n from notification_deliveries where status in ('failed', 'retrying')");
    expect(await failedInShards()).toBeGreaterThan(0);
    expect(await allRowsOf("DB", "notification_deliveries")).toBe(0);
    // The flows' own alerts are still going through the queue and may fail meanwhile: the
    // console's figure is compared with the shards' count read beside it, until both agree.
    const reported = async () => {
      const status = systemStatusSchema.parse(await (await requestAs(operator, "/api/admin/system")).json());
      const failed = await failedInShards();
      return {
        check: status.checks.find((check) => check.id === "deliveries"),
        expected: {
          ok: false,
          detail: `${failed} queued notification${failed === 1 ? "" : "s"} failed in the last hour`,
        },
      };
    };
    await expect
      .poll(
        async () => {
          const { check, expected } = await reported();
          return check?.ok === expected.ok && check.detail === expected.detail
            ? "agree"
            : JSON.stringify({ check, expected });
        },
        { timeout: 10_000 },
      )
      .toBe("agree");
  });

  it("deletes an organization's rows from its shard with it", async () => {
    const organizationId = first.admin.organizationId;
    const shard = (await shardOf(organizationId)) as DatabaseName;
    const deleted = await requestAs(operator, `/api/admin/organizations/${organizationId}`, { method: "DELETE" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    for (const table of ["team_members", "check_ins", "sentiment_scores", "risk_alerts", "score_corrections"]) {
      expect(await rowsOf(shard, table, organizationId), table).toBe(0);
    }
    expect(await shardOf(organizationId)).toBeNull();
    // The other organization's rows are untouched.
    const other = (await shardOf(second.admin.organizationId)) as DatabaseName;
    expect(await rowsOf(other, "team_members", second.admin.organizationId)).toBe(2);
  });
});
