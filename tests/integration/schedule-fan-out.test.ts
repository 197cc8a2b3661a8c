import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { sendEmail } from "../../worker/email/send";
import worker from "../../worker/index";
import { readConfig } from "../../worker/lib/config";
import { queueMailer } from "../../worker/notify/mailer";
import type { JobContext } from "../../worker/schedule/job-context";
import type { ScheduleJob } from "../../worker/schedule/jobs";
import { runSchedule } from "../../worker/schedule/run";
import { runJob } from "../../worker/schedule/run-job";
import { getGlobalSettings } from "../../worker/settings/global";
import { defaultsFor } from "../../worker/settings/organization";
import { dailyCapFor } from "../../worker/shared/daily-limits";
import { utcDay } from "../../worker/shared/time";
import { countRows } from "./helpers";
import { eventually } from "./notify-helpers";

/**
 * Issue 26 item 3: the cron run hands its work to the schedule queue in batches. A large
 * organization's Monday, through the real queues and consumers: everyone gets one check-in
 * and one invitation; a job run twice (a queue retry) creates and sends nothing twice; the
 * daily check-in cap holds across batches.
 */
const db = createDb(env.DB);
const config = readConfig(env);

async function organization(name: string, members: number) {
  const id = `${name}-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare("insert into organizations (id, name) values (?, ?)").bind(id, name),
    env.DB.prepare(
      "insert into organization_settings (organization_id, frequency, duration_minutes, max_response_hours, scheduling_enabled) values (?, 'weekly', 10, 72, 1)",
    ).bind(id),
  ]);
  for (let i = 0; i < members; i += 100) {
    await env.DB.batch(
      Array.from({ length: Math.min(100, members - i) }, (_, j) =>
        env.DB.prepare(
          "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, ?, 'Seller', ?, 'active')",
        ).bind(`${id}-m${String(i + j).padStart(4, "0")}`, id, `Rep${i + j}`, `rep${i + j}@${id}.example`),
      ),
    );
  }
  return id;
}

/** Runs jobs in-process, as the consumer would, keeping every job any of them sends. */
async function context(): Promise<{ ctx: JobContext; sent: ScheduleJob[] }> {
  const sent: ScheduleJob[] = [];
  const ctx: JobContext = {
    db,
    config,
    send: queueMailer(env, { capAsFailure: true }),
    sink: { send: async (jobs) => void sent.push(...jobs) },
    origin: config.BETTER_AUTH_URL?.replace(/\/$/, ""),
    fallback: defaultsFor(await getGlobalSettings(db)),
  };
  return { ctx, sent };
}

describe("the schedule queue", () => {
  it("creates and invites a large organization's Monday exactly once, a batch per job", {
    timeout: 120_000,
  }, async () => {
    const members = 300;
    const org = await organization("large", members);
    const now = Date.now();
    // 25 members per create job: twelve create jobs and as many invite jobs, through the real queue.
    const smallBatches = Object.assign({}, env, { SCHEDULE_BATCH_SIZE: "25" });
    await worker.scheduled(createScheduledController({ scheduledTime: now, cron: "*/15 * * * *" }), smallBatches);
    await eventually(
      async () => (await countRows("check_ins", `organization_id = '${org}' and invited_at is not null`)) === members,
      90_000,
    );
    await eventually(
      async () =>
        (await countRows("email_outbox", `organization_id = '${org}' and kind = 'check_in_invite'`)) === members,
      90_000,
    );
    expect(await countRows("check_ins", `organization_id = '${org}'`)).toBe(members);
    const doubled = await env.DB.prepare(
      "select team_member_id from check_ins where organization_id = ? group by team_member_id having count(*) > 1",
    )
      .bind(org)
      .all();
    expect(doubled.results).toEqual([]);
    const twice = await env.DB.prepare(
      "select to_address from email_outbox where organization_id = ? group by to_address having count(*) > 1",
    )
      .bind(org)
      .all();
    expect(twice.results).toEqual([]);

    // The cron again, 15 minutes later (in-process, so it returns when its jobs are done): nothing new.
    const again = await runSchedule({
      db,
      config,
      send: (message) => sendEmail(env, db, message),
      now: now + 15 * 60_000,
      batchSize: 25,
    });
    expect(again.errors).toEqual([]);
    expect(again.created).toBe(0);
    expect(again.invited).toBe(0);
    expect(await countRows("check_ins", `organization_id = '${org}'`)).toBe(members);
    // The day's check-in cap counted each check-in once: a run that finds nobody due reserves nothing.
    const cap = await env.DB.prepare("select count from rate_limits where key = ?")
      .bind(`cap:check_in:${org}:${utcDay(now)}`)
      .first<{ count: number }>();
    expect(cap?.count).toBe(members);
  });

  it("creates and sends nothing twice when a job runs again (a queue retry)", async () => {
    const org = await organization("retried", 30);
    const { ctx, sent } = await context();
    const now = Date.now();
    const create: ScheduleJob = { type: "create", shard: "DB", now, batchSize: 50, organizationId: org, after: "" };
    expect(await runJob(ctx, create)).toEqual({ created: 30 });
    expect(await runJob(ctx, create)).toEqual({});
    expect(await countRows("check_ins", `organization_id = '${org}'`)).toBe(30);

    // Only the first run had anything to invite: one invite job for the 30.
    const invites = sent.filter((job) => job.type === "invite");
    expect(invites).toHaveLength(1);
    const invite = invites[0] as ScheduleJob;
    expect(await runJob(ctx, invite)).toEqual({ invited: 30 });
    expect(await runJob(ctx, invite)).toEqual({ invited: 0 });
    expect(await countRows("notification_deliveries", `organization_id = '${org}' and kind = 'invitation'`)).toBe(30);
    await eventually(
      async () => (await countRows("email_outbox", `organization_id = '${org}' and kind = 'check_in_invite'`)) === 30,
    );
  });

  it("hands out bounded work: a page of members per create job, at most the batch per invite job", async () => {
    const org = await organization("paged", 60);
    const { ctx, sent } = await context();
    const now = Date.now();
    const jobs: ScheduleJob[] = [{ type: "create", shard: "DB", now, batchSize: 25, organizationId: org, after: "" }];
    const created: number[] = [];
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      sent.length = 0;
      const report = await runJob(ctx, job);
      if (job.type === "create") created.push(report.created ?? 0);
      // The walk goes on page by page; the invitations are left for their own jobs here.
      jobs.push(...sent.filter((next) => next.type === "create"));
      for (const invite of sent.filter((next) => next.type === "invite")) {
        expect(invite.type === "invite" && invite.checkInIds.length).toBeLessThanOrEqual(25);
      }
    }
    // 60 members at 25 a page: three create jobs, each creating only its own page.
    expect(created).toEqual([25, 25, 10]);
    expect(await countRows("check_ins", `organization_id = '${org}'`)).toBe(60);
  });

  it("sends one invite job within the organization's email cap: what fits goes, the rest stay owed", async () => {
    const org = await organization("mail-capped", 12);
    const { ctx, sent } = await context();
    const now = Date.now();
    expect(
      await runJob(ctx, { type: "create", shard: "DB", now, batchSize: 50, organizationId: org, after: "" }),
    ).toEqual({
      created: 12,
    });
    // Five emails left today.
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, ?)")
      .bind(`cap:email:${org}:${utcDay(Date.now())}`, Date.now(), dailyCapFor("email", 12) - 5)
      .run();
    const invite = sent.find((job) => job.type === "invite") as ScheduleJob;
    expect(await runJob(ctx, invite)).toEqual({ invited: 5 });
    expect(await countRows("check_ins", `organization_id = '${org}' and invited_at is not null`)).toBe(5);
    expect(await countRows("notification_deliveries", `organization_id = '${org}' and kind = 'invitation'`)).toBe(5);
    // The refusal is on the operator's audit log once; the other seven are still owed.
    expect(
      await countRows("audit_logs", `organization_id = '${org}' and action = 'organization.daily_cap_reached'`),
    ).toBe(1);
    expect(await countRows("check_ins", `organization_id = '${org}' and invited_at is null`)).toBe(7);
    // Tomorrow's cap (the counter gone): the same job sends the seven it owes, and only them.
    await env.DB.prepare("delete from rate_limits where key = ?")
      .bind(`cap:email:${org}:${utcDay(Date.now())}`)
      .run();
    expect(await runJob(ctx, invite)).toEqual({ invited: 7 });
    expect(await countRows("notification_deliveries", `organization_id = '${org}' and kind = 'invitation'`)).toBe(12);
  });

  it("invites on the next run what a job created but never handed on", async () => {
    const org = await organization("handed", 5);
    const { ctx } = await context();
    const now = Date.now() - 60_000;
    // The job dies after its inserts, before its invite job is sent; the queue retries it.
    const failing: JobContext = {
      ...ctx,
      sink: {
        send: async (jobs) => {
          if (jobs.some((job) => job.type === "invite")) throw new Error("queue unavailable");
        },
      },
    };
    const create: ScheduleJob = { type: "create", shard: "DB", now, batchSize: 50, organizationId: org, after: "" };
    await expect(runJob(failing, create)).rejects.toThrow("queue unavailable");
    expect(await runJob(ctx, create)).toEqual({});
    expect(await countRows("check_ins", `organization_id = '${org}' and invited_at is null`)).toBe(5);
    // The next cron run's invite walk finds them.
    const report = await runSchedule({ db, config, send: (message) => sendEmail(env, db, message) });
    expect(report.invited).toBeGreaterThanOrEqual(5);
    expect(await countRows("check_ins", `organization_id = '${org}' and invited_at is null`)).toBe(0);
  });

  it("keeps the daily check-in cap across batches: what fits is created, the rest stay due", {
    timeout: 120_000,
  }, async () => {
    const members = 60;
    const org = await organization("capped", members);
    const now = Date.now();
    const cap = dailyCapFor("check_in", members);
    // 30 left today, handed out over three batches of 25.
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, ?)")
      .bind(`cap:check_in:${org}:${utcDay(now)}`, now, cap - 30)
      .run();
    const report = await runSchedule({
      db,
      config,
      send: (message) => sendEmail(env, db, message),
      now,
      batchSize: 25,
    });
    expect(report.errors).toEqual([]);
    expect(await countRows("check_ins", `organization_id = '${org}'`)).toBe(30);
    // Tomorrow the rest are still due.
    const tomorrow = await runSchedule({
      db,
      config,
      send: (message) => sendEmail(env, db, message),
      now: now + 24 * 3_600_000,
      batchSize: 25,
    });
    expect(tomorrow.errors).toEqual([]);
    expect(await countRows("check_ins", `organization_id = '${org}'`)).toBe(members);
  });
});
