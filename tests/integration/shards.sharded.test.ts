import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ALERT_ID_SQL } from "../../worker/db/alert-id";
import { CLOSED_ANSWERS, notMeInfoSchema } from "../../worker/shared/checkin-protocol";
import { platformStatsSchema } from "../../worker/shared/console/overview";
import { insightsResponseSchema } from "../../worker/shared/insights";
import { createSuperAdmin, latestEmail, requestAs } from "./auth-helpers";
import { linkOf, type TestCheckIn } from "./checkin-helpers";
import { Browser, IPHONE, notMeParts, WINDOWS } from "./checkin-move-helpers";
import { request } from "./helpers";
import { connectSlack } from "./notify-helpers";
import {
  allRowsOf,
  DATABASES,
  type DatabaseName,
  type Flow,
  ORGANIZATION_TABLES,
  PLATFORM_TABLES,
  rowsOf,
  runFlow,
  SHARDS,
  sendCheckIn,
  shardOf,
} from "./shard-helpers";

/**
 * The tenant seam (worker/db/shards.ts), as deployed: new organizations go to DB_SHARD_0 and
 * DB_SHARD_1 (this file runs in the "integration-sharded" project, without OPEN_SHARDS). Two
 * organizations sign up, add a team, complete a distressed check-in (alerts) with a corrected
 * closing summary and have their alert notifications delivered; a moved chat is disputed
 * ("This wasn't me") and a check-in goes by Slack DM. Then every row of each organization's own
 * tables is in its shard and in no other database, no platform row is in a shard, and the
 * console's totals are the sums over the shards. The console's tabs: console-shards.sharded.test.ts.
 */

/** What the flow must have written for each organization (the others may stay empty). */
const WRITTEN = [
  "organization_settings",
  "team_members",
  "check_ins",
  "sentiment_scores",
  "risk_alerts",
  "score_corrections",
  "notification_deliveries",
  // The summaries, by the shard's own triggers.
  "score_rollups",
  "member_scores",
  "member_counts",
  "member_latest_hours",
  "check_in_rollups",
  "theme_rollups",
  "theme_reporters",
  "theme_reporter_hours",
];

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
    expect(first.checkInId).toMatch(/^s0-[\w-]{16}$/);
    expect(second.checkInId).toMatch(/^s1-[\w-]{16}$/);
  });

  it("places every table: the platform's or an organization's (a migration's new table must say which)", async () => {
    const { results } = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%' and name <> 'd1_migrations'",
    ).all<{ name: string }>();
    const placed = new Set<string>([...ORGANIZATION_TABLES, ...PLATFORM_TABLES, "organizations"]);
    expect(results.map((row) => row.name).filter((name) => !placed.has(name))).toEqual([]);
    expect(results.length).toBe(placed.size);
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

  it("keeps a moved chat's 'This wasn't me' in the platform's audit log and closes the check-in in its shard", async () => {
    const id = await sendCheckIn(second.admin, second.memberIds[1] ?? "");
    expect(id).toMatch(/^s1-/);
    const checkIn: TestCheckIn = {
      ...(await linkOf(id)),
      organizationId: second.admin.organizationId,
      teamMemberId: second.memberIds[1] ?? "",
    };
    const address = `riley@${second.company}.example`;
    const phone = new Browser(IPHONE);
    const laptop = new Browser(WINDOWS);
    expect((await phone.start(checkIn)).status).toBe(200);
    expect((await laptop.askFreshLink(checkIn)).status).toBe(200);
    const claim = (await latestEmail(address, "check_in_fresh_link"))?.text.match(/[?&]claim=([\w-]{43})/)?.[1];
    expect((await laptop.start(checkIn, claim)).status).toBe(200);
    const link = notMeParts((await latestEmail(address, "check_in_moved"))?.text);
    const body = { move: link.move, at: link.at, notme: link.notme };

    const viewed = await request(`/api/check-in/${id}/not-me?${new URLSearchParams(body)}`);
    expect(viewed.status).toBe(200);
    expect(notMeInfoSchema.parse(await viewed.json())).toMatchObject({ organizationName: "southshard", state: "open" });
    const confirmed = await request(`/api/check-in/${id}/not-me`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(await confirmed.json()).toEqual({ closed: true, state: "closed" });
    const status = await env.DB_SHARD_1.prepare("select status from check_ins where id = ?")
      .bind(id)
      .first<string>("status");
    expect(status).toBe("expired");
    expect(await allRowsOf("DB", "audit_logs", `action = 'check_in.move_disputed' and target_id = '${id}'`)).toBe(1);
    // Both devices' links say why: the alert is found in the platform database.
    const answer = await phone.open(checkIn);
    expect(answer.status).toBe(410);
    expect(await answer.json()).toMatchObject({ error: { code: CLOSED_ANSWERS.not_me.code } });
  });

  it("sends a check-in by Slack DM when the organization's Slack installation (a platform row) says so", async () => {
    await connectSlack(first.admin, "C0ALERTS", true);
    const id = await sendCheckIn(first.admin, first.memberIds[1] ?? "");
    const route = await env.DB_SHARD_0.prepare("select delivery_route from check_ins where id = ?")
      .bind(id)
      .first<string>("delivery_route");
    expect(route).toBe("slack_dm");
  });

  it("gives the console's totals as the sums over every shard", async () => {
    const operator = await createSuperAdmin();
    const stats = platformStatsSchema.parse(await (await requestAs(operator, "/api/admin/stats")).json());
    let completed = 0;
    let members = 0;
    for (const name of Object.keys(DATABASES) as DatabaseName[]) {
      const database = DATABASES[name];
      completed +=
        (
          await database
            .prepare("select count(*) as n from check_ins where status = 'completed'")
            .first<{ n: number }>()
        )?.n ?? 0;
      members += (await database.prepare("select count(*) as n from team_members").first<{ n: number }>())?.n ?? 0;
    }
    expect(completed).toBe(2);
    expect(members).toBe(4);
    expect(stats.total_checkins).toBe(completed);
    expect(stats.checkins_last_7_days).toBe(completed);
    // Every team member, paused or not (worker/admin/people-counts.ts); no salesperson accounts here.
    expect(stats.total_salespeople).toBe(members);
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
    // The id as the app spells it (db/alert-id.ts): a new alert stores none of its own.
    const row = await env.DB_SHARD_1.prepare(`select status from risk_alerts where ${ALERT_ID_SQL} = ?`)
      .bind(fromSecond?.id)
      .first<{ status: string }>();
    expect(row?.status).toBe("resolved");
    const deliveries = (await (await requestAs(operator, "/api/admin/deliveries")).json()) as {
      items: { organizationName: string }[];
      total: number;
    };
    expect(new Set(deliveries.items.map((d) => d.organizationName))).toEqual(new Set(["northshard", "southshard"]));
  });

  it("keeps every row of an organization's own tables in its shard and in no other database, and no platform row in a shard", async () => {
    for (const [flow, own, others] of [
      [first, "DB_SHARD_0", ["DB", "DB_SHARD_1"]],
      [second, "DB_SHARD_1", ["DB", "DB_SHARD_0"]],
    ] as const) {
      const organizationId = flow.admin.organizationId;
      for (const table of WRITTEN) {
        expect(await rowsOf(own, table, organizationId), `${table} in ${own}`).toBeGreaterThan(0);
      }
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
    // Everything the flows above wrote of the platform's (accounts, audit log, email log, rate
    // limits, trials, Slack, the map itself) is in the platform database and in no shard.
    for (const shard of SHARDS) {
      for (const table of PLATFORM_TABLES) expect(await allRowsOf(shard, table), `${table} in ${shard}`).toBe(0);
    }
    expect(await allRowsOf("DB", "audit_logs", "action = 'check_in.move_disputed'")).toBe(1);
  });
});
