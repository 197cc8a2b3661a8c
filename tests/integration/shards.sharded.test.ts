import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { NotifyMessage } from "../../worker/notify/messages";
import { platformStatsSchema } from "../../worker/shared/console/overview";
import { insightsResponseSchema } from "../../worker/shared/insights";
import { createCheckInResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { DISTRESSED_ANSWERS } from "../fixtures/worker/distressed-answers";
import { createAdmin, createSuperAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { ChatClient, claimChat, linkOf, travel } from "./checkin-helpers";
import { request } from "./helpers";

/**
 * The tenant seam (worker/db/shards.ts), as deployed: new organizations go to DB_SHARD_0 and
 * DB_SHARD_1 (this file runs in the "integration-sharded" project, without OPEN_SHARDS). Two
 * organizations sign up, add a team, complete a distressed check-in (alerts) and have their
 * alert notifications delivered; then every row of each organization's own tables is in its
 * shard and in no other database, and the console's totals are the sums over the shards.
 */

/** Every table whose rows belong to one organization (README → Decisions, "Organizations live in shards"). */
const ORGANIZATION_TABLES = [
  "organization_settings",
  "team_members",
  "check_ins",
  "check_in_messages",
  "sentiment_scores",
  "real_time_sentiment",
  "risk_alerts",
  "user_challenges",
  "coaching_cache",
  "notification_deliveries",
  "digest_runs",
] as const;
/** What the flow below must have written for each organization (the others may stay empty). */
const WRITTEN = ["organization_settings", "team_members", "check_ins", "sentiment_scores", "risk_alerts"];

const DATABASES = { DB: env.DB, DB_SHARD_0: env.DB_SHARD_0, DB_SHARD_1: env.DB_SHARD_1 } as const;
type DatabaseName = keyof typeof DATABASES;

async function rowsOf(database: DatabaseName, table: string, organizationId: string): Promise<number> {
  const row = await DATABASES[database]
    .prepare(`select count(*) as n from ${table} where organization_id = ?`)
    .bind(organizationId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

async function shardOf(organizationId: string): Promise<string | null> {
  const row = await env.DB.prepare("select shard from organization_shards where organization_id = ?")
    .bind(organizationId)
    .first<{ shard: string }>();
  return row?.shard ?? null;
}

type Flow = { admin: TestAdmin; memberIds: string[]; checkInId: string };

/** Sign-up, a team of two, settings saved, one check-in completed (distressed: alerts), its alerts delivered. */
async function runFlow(company: string): Promise<Flow> {
  const admin = await createAdmin({ companyName: company });
  const memberIds: string[] = [];
  for (const name of ["Jordan", "Riley"]) {
    const added = await requestAs(admin, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({ firstName: name, lastName: company, email: `${name.toLowerCase()}@${company}.example` }),
    });
    expect(added.status, await added.clone().text()).toBe(201);
    memberIds.push(teamMemberResponseSchema.parse(await added.json()).member.id);
  }
  const saved = await requestAs(admin, "/api/check-in-settings", {
    method: "PUT",
    body: JSON.stringify({
      frequency: "weekly",
      durationMinutes: 10,
      autoReminders: true,
      reminderIntervalHours: 24,
      maxResponseHours: 72,
      schedulingEnabled: false,
    }),
  });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const sent = await requestAs(admin, "/api/check-ins", {
    method: "POST",
    body: JSON.stringify({ teamMemberId: memberIds[0] }),
  });
  expect(sent.status, await sent.clone().text()).toBe(201);
  const { id } = createCheckInResponseSchema.parse(await sent.json());
  const link = await linkOf(id);
  const { cookie } = await claimChat(link);
  const chat = await ChatClient.open(link, { Cookie: cookie ?? "" });
  for (const answer of DISTRESSED_ANSWERS) await chat.say(answer);
  await travel(id, 4000);
  await chat.waitFor((frame) => frame.type === "completed");
  chat.close();
  // The completion's alerts through the notifications consumer (deliveries are the organization's rows).
  const batch = createMessageBatch<NotifyMessage>("undertone-notifications", [
    {
      id: `alerts-${id}`,
      timestamp: new Date(),
      attempts: 1,
      body: { type: "alerts", organizationId: admin.organizationId, checkInId: id },
    },
  ]);
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, env);
  await getQueueResult(batch as MessageBatch<unknown>, ctx);
  return { admin, memberIds, checkInId: id };
}

describe("organizations live in shards", () => {
  let first: Flow;
  let second: Flow;
  beforeAll(async () => {
    first = await runFlow("northshard");
    second = await runFlow("southshard");
  }, 60_000);

  it("assigns each new organization a shard of its own, the least loaded, and names it in its check-ins' ids", async () => {
    expect(await shardOf(first.admin.organizationId)).toBe("DB_SHARD_0");
    expect(await shardOf(second.admin.organizationId)).toBe("DB_SHARD_1");
    expect(first.checkInId).toMatch(/^s0-/);
    expect(second.checkInId).toMatch(/^s1-/);
  });

  it("keeps every row of an organization's own tables in its shard and in no other database", async () => {
    for (const [flow, own, others] of [
      [first, "DB_SHARD_0", ["DB", "DB_SHARD_1"]],
      [second, "DB_SHARD_1", ["DB", "DB_SHARD_0"]],
    ] as const) {
      const organizationId = flow.admin.organizationId;
      for (const table of WRITTEN) {
        expect(await rowsOf(own, table, organizationId), `${table} in ${own}`).toBeGreaterThan(0);
      }
      expect(await rowsOf(own, "notification_deliveries", organizationId), "alert deliveries").toBeGreaterThan(0);
      for (const table of ORGANIZATION_TABLES) {
        for (const other of others) {
          expect(await rowsOf(other, table, organizationId), `${table} of ${organizationId} in ${other}`).toBe(0);
        }
      }
      // The platform keeps the organization itself, its trial and its admin; its shard a copy of
      // the organization (what its rows' foreign keys point at) and nothing of the platform's.
      expect(await rowsOf("DB", "trials", organizationId)).toBe(1);
      expect(await rowsOf(own, "trials", organizationId)).toBe(0);
      const copy = await DATABASES[own]
        .prepare("select count(*) as n from organizations where id = ?")
        .bind(organizationId)
        .first<{ n: number }>();
      expect(copy?.n).toBe(1);
      const accounts = await DATABASES[own].prepare("select count(*) as n from user").first<{ n: number }>();
      expect(accounts?.n).toBe(0);
    }
  });

  it("answers each Admin from their own shard, and never another organization's rows", async () => {
    for (const [flow, other] of [
      [first, second],
      [second, first],
    ] as const) {
      const insights = insightsResponseSchema.parse(
        await (await requestAs(flow.admin, "/api/insights?range=4w")).json(),
      );
      expect(insights.participation.completed).toBe(1);
      expect(insights.people.map((person) => person.id).sort()).toEqual([...flow.memberIds].sort());
      expect(insights.alerts.items.length).toBeGreaterThan(0);
      const foreign = await requestAs(flow.admin, `/api/insights/members/${other.memberIds[0]}`);
      expect(foreign.status).toBe(404);
      const revoke = await requestAs(flow.admin, `/api/check-ins/${other.checkInId}/revoke`, { method: "POST" });
      expect(revoke.status).toBe(404);
    }
  });

  it("opens a check-in link from the shard its id names, and refuses one whose id names another shard", async () => {
    const link = await linkOf(first.checkInId);
    expect((await request(`/api/check-in/${link.id}?token=${encodeURIComponent(link.token)}`)).status).toBe(404);
    // Completed: 404 from its own shard. A renamed id (the uuid moved to the other shard) is a wrong link.
    const moved = `s1-${first.checkInId.slice(3)}`;
    const forged = await linkOf(moved);
    expect((await request(`/api/check-in/${moved}?token=${encodeURIComponent(forged.token)}`)).status).toBe(404);
  });

  it("gives the console's totals as the sums over every shard", async () => {
    const operator = await createSuperAdmin();
    const stats = platformStatsSchema.parse(await (await requestAs(operator, "/api/admin/stats")).json());
    let completed = 0;
    let active = 0;
    for (const name of Object.keys(DATABASES) as DatabaseName[]) {
      const database = DATABASES[name];
      completed +=
        (
          await database
            .prepare("select count(*) as n from check_ins where status = 'completed'")
            .first<{ n: number }>()
        )?.n ?? 0;
      active +=
        (
          await database
            .prepare("select count(*) as n from team_members where status = 'active'")
            .first<{ n: number }>()
        )?.n ?? 0;
    }
    expect(completed).toBe(2);
    expect(active).toBe(4);
    expect(stats.total_checkins).toBe(completed);
    expect(stats.checkins_last_7_days).toBe(completed);
    expect(stats.total_salespeople).toBe(active);
    const list = (await (await requestAs(operator, "/api/admin/organizations")).json()) as {
      items: { id: string; userCount: number; activityCount: number }[];
    };
    for (const flow of [first, second]) {
      const row = list.items.find((item) => item.id === flow.admin.organizationId);
      // One admin account and two team members; one check-in completed.
      expect(row).toMatchObject({ userCount: 3, activityCount: 1 });
    }
  });

  it("lists, opens and resolves every shard's alerts and deliveries in the console", async () => {
    const operator = await createSuperAdmin();
    const alerts = (await (await requestAs(operator, "/api/admin/alerts?view=all")).json()) as {
      items: { id: string; organization_id: string; organization_name: string }[];
      total: number;
    };
    const shardAlerts = async (name: DatabaseName) =>
      (await DATABASES[name].prepare("select count(*) as n from risk_alerts").first<{ n: number }>())?.n ?? 0;
    expect(alerts.total).toBe((await shardAlerts("DB_SHARD_0")) + (await shardAlerts("DB_SHARD_1")));
    const owners = new Set(alerts.items.map((alert) => alert.organization_name));
    expect(owners).toEqual(new Set(["northshard", "southshard"]));
    const fromSecond = alerts.items.find((alert) => alert.organization_id === second.admin.organizationId);
    expect(fromSecond).toBeDefined();
    const detail = await requestAs(operator, `/api/admin/alerts/${fromSecond?.id}`);
    expect(detail.status).toBe(200);
    const resolved = await requestAs(operator, `/api/admin/alerts/${fromSecond?.id}/resolve`, { method: "POST" });
    expect(resolved.status).toBe(200);
    const row = await env.DB_SHARD_1.prepare("select status from risk_alerts where id = ?")
      .bind(fromSecond?.id)
      .first<{ status: string }>();
    expect(row?.status).toBe("resolved");
    const deliveries = (await (await requestAs(operator, "/api/admin/deliveries")).json()) as {
      items: { organizationName: string }[];
      total: number;
    };
    expect(new Set(deliveries.items.map((d) => d.organizationName))).toEqual(new Set(["northshard", "southshard"]));
  });
});
