import { createExecutionContext, createMessageBatch, createScheduledController, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { ScheduleJob } from "../../worker/schedule/jobs";
import { utcDay } from "../../worker/shared/time";
import type { TestAdmin } from "./auth-helpers";
import { eventually } from "./notify-helpers";
import { allRowsOf, DATABASES, type DatabaseName, organizationWithTeam, rowsOf, shardOf } from "./shard-helpers";

/**
 * The schedule queue across shards (worker/schedule/jobs.ts, worker/db/shards.ts), as deployed:
 * two organizations, each in its own shard, with automatic check-ins on. One cron run through
 * the real schedule and notifications queues creates and invites each team in its own shard
 * (ids naming it), nothing of theirs lands in another database, and the daily-cap counters are
 * the platform's.
 */
const TEAM = 3;

async function scheduledOrganization(company: string): Promise<TestAdmin> {
  const names = Array.from({ length: TEAM }, (_, i) => `Rep${i}`);
  return (await organizationWithTeam(company, names, true)).admin;
}

describe("the schedule queue across shards", () => {
  it("creates and invites each organization's team in its own shard, and nowhere else", {
    timeout: 120_000,
  }, async () => {
    const north = await scheduledOrganization("northcron");
    const south = await scheduledOrganization("southcron");
    expect(await shardOf(north.organizationId)).toBe("DB_SHARD_0");
    expect(await shardOf(south.organizationId)).toBe("DB_SHARD_1");
    const now = Date.now();
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "*/15 * * * *" }), env);

    for (const [admin, own, prefix] of [
      [north, "DB_SHARD_0", "s0-"],
      [south, "DB_SHARD_1", "s1-"],
    ] as const) {
      const organizationId = admin.organizationId;
      const invited = `organization_id = '${organizationId}' and invited_at is not null`;
      await eventually(async () => (await allRowsOf(own, "check_ins", invited)) === TEAM, 90_000);
      const { results } = await DATABASES[own]
        .prepare("select id from check_ins where organization_id = ?")
        .bind(organizationId)
        .all<{ id: string }>();
      expect(results).toHaveLength(TEAM);
      for (const { id } of results) expect(id.startsWith(prefix), id).toBe(true);
      expect(
        await allRowsOf(
          own,
          "notification_deliveries",
          `organization_id = '${organizationId}' and kind = 'invitation'`,
        ),
      ).toBe(TEAM);
      for (const other of Object.keys(DATABASES) as DatabaseName[]) {
        if (other === own) continue;
        for (const table of ["check_ins", "notification_deliveries"]) {
          expect(await rowsOf(other, table, organizationId), `${table} in ${other}`).toBe(0);
        }
      }
      // The day's check-in cap is counted in the platform database, once per check-in.
      const cap = await env.DB.prepare("select count from rate_limits where key = ?")
        .bind(`cap:check_in:${organizationId}:${utcDay(now)}`)
        .first<{ count: number }>();
      expect(cap?.count).toBe(TEAM);
    }
    for (const shard of ["DB_SHARD_0", "DB_SHARD_1"] as const) expect(await allRowsOf(shard, "rate_limits")).toBe(0);
  });

  it("drops a job naming a database the Worker does not have, and runs nothing for it", async () => {
    const admin = await scheduledOrganization("nowherecron");
    const job: ScheduleJob = {
      type: "create",
      shard: "DB_SHARD_9",
      now: Date.now(),
      batchSize: 50,
      organizationId: admin.organizationId,
      after: "",
    };
    const batch = createMessageBatch<ScheduleJob>("undertone-schedule", [
      { id: "job-nowhere", timestamp: new Date(), attempts: 1, body: job },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<unknown>, env);
    const result = await getQueueResult(batch as MessageBatch<unknown>, ctx);
    expect(result.explicitAcks).toEqual(["job-nowhere"]);
    expect(result.retryMessages).toEqual([]);
    for (const name of Object.keys(DATABASES) as DatabaseName[]) {
      expect(await rowsOf(name, "check_ins", admin.organizationId), name).toBe(0);
    }
    // The same job naming the organization's own shard creates its team's check-ins.
    const own = await shardOf(admin.organizationId);
    const valid = createMessageBatch<ScheduleJob>("undertone-schedule", [
      { id: "job-own", timestamp: new Date(), attempts: 1, body: { ...job, shard: own ?? "DB" } },
    ]);
    await worker.queue(valid as MessageBatch<unknown>, env);
    expect((await getQueueResult(valid as MessageBatch<unknown>, createExecutionContext())).explicitAcks).toEqual([
      "job-own",
    ]);
    expect(await rowsOf((own ?? "DB") as DatabaseName, "check_ins", admin.organizationId)).toBe(TEAM);
  });
});
