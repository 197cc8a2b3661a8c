import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { type EmailMessage, sendEmail } from "../../worker/email/send";
import worker from "../../worker/index";
import { readConfig } from "../../worker/lib/config";
import { runSchedule } from "../../worker/schedule/run";
import { checkInSettingsResponseSchema } from "../../worker/shared/schedule";
import { createAdmin, requestAs } from "./auth-helpers";
import { countRows } from "./helpers";
import { eventually } from "./notify-helpers";

/**
 * The Cron run: due check-ins, invitations, reminders every interval until answered,
 * expiry after the max response time, retention — and no double send when a run that died
 * half-way runs again. Time is passed in, so days go by in milliseconds.
 */
const db = createDb(env.DB);
const config = readConfig(env);
const realSend = (message: EmailMessage) => sendEmail(env, db, message);
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
// Monday 16 November 2026, 09:00 UTC.
const MONDAY = Date.parse("2026-11-16T09:00:00Z");

type OrgOptions = { scheduling?: boolean; reminders?: boolean; interval?: number; maxHours?: number; members?: number };

async function organization(name: string, options: OrgOptions = {}) {
  const id = `${name}-${crypto.randomUUID().slice(0, 8)}`;
  const members = Array.from({ length: options.members ?? 3 }, (_, i) => ({
    id: `${id}-m${i}`,
    email: `rep${i}@${id}.example`,
  }));
  await env.DB.batch([
    env.DB.prepare("insert into organizations (id, name) values (?, ?)").bind(id, name),
    env.DB.prepare(
      "insert into organization_settings (organization_id, frequency, duration_minutes, auto_reminders, reminder_interval_hours, max_response_hours, scheduling_enabled) values (?, 'weekly', 10, ?, ?, ?, ?)",
    ).bind(
      id,
      options.reminders === false ? 0 : 1,
      options.interval ?? 24,
      options.maxHours ?? 72,
      options.scheduling === false ? 0 : 1,
    ),
    ...members.map((m, i) =>
      env.DB.prepare(
        "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, ?, 'Seller', ?, 'active')",
      ).bind(m.id, id, `Rep${i}`, m.email),
    ),
    // A paused member is never scheduled.
    env.DB.prepare(
      "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, 'Paused', 'Person', ?, 'inactive')",
    ).bind(`${id}-paused`, id, `paused@${id}.example`),
  ]);
  return { id, members };
}

const emailsTo = (orgId: string, kind: string) =>
  countRows("email_outbox", `organization_id = '${orgId}' and kind = '${kind}'`);
const checkInsOf = (orgId: string, where = "1 = 1") =>
  countRows("check_ins", `organization_id = '${orgId}' and ${where}`);
const run = (now: number, send = realSend) => runSchedule({ db, config, send, now });

describe("the Cron run", () => {
  it("creates due check-ins once per period and invites each member once", async () => {
    const org = await organization("weekly");
    const first = await run(MONDAY);
    expect(first.errors).toEqual([]);
    expect(await checkInsOf(org.id)).toBe(3);
    expect(await checkInsOf(org.id, "schedule_key = 'weekly:2026-W47' and invited_at is not null")).toBe(3);
    expect(await emailsTo(org.id, "check_in_invite")).toBe(3);
    expect(await checkInsOf(org.id, `team_member_id = '${org.id}-paused'`)).toBe(0);

    // Every 15 minutes the Cron runs again: nothing new this week.
    await run(MONDAY + 15 * 60 * 1000);
    await run(MONDAY + 2 * DAY);
    expect(await checkInsOf(org.id)).toBe(3);
    expect(await emailsTo(org.id, "check_in_invite")).toBe(3);

    // The invitation carries a link that works: its token hashes to the stored hash.
    const email = await env.DB.prepare(
      "select text from email_outbox where organization_id = ? and kind = 'check_in_invite' limit 1",
    )
      .bind(org.id)
      .first<{ text: string }>();
    expect(email?.text).toMatch(/http:\/\/localhost:5173\/check-in\/[\w-]{16}\?token=[\w-]{43}/);
  });

  it("reminds every interval until answered, then expires after the max response time", async () => {
    const org = await organization("reminders", { interval: 24, maxHours: 72 });
    await run(MONDAY);
    const [answered] = org.members;
    await env.DB.prepare("update check_ins set status = 'completed', completed_at = ? where team_member_id = ?")
      .bind(MONDAY + HOUR, answered?.id)
      .run();

    expect((await run(MONDAY + 23 * HOUR)).reminded).toBe(0);
    expect((await run(MONDAY + 24 * HOUR)).reminded).toBe(2);
    expect((await run(MONDAY + 25 * HOUR)).reminded).toBe(0);
    expect((await run(MONDAY + 48 * HOUR + 60_000)).reminded).toBe(2);
    expect(await emailsTo(org.id, "check_in_reminder")).toBe(4);
    expect(await checkInsOf(org.id, "reminder_count = 2")).toBe(2);
    // Nothing goes to the one who answered.
    expect(await countRows("email_outbox", `to_address = '${answered?.email}' and kind = 'check_in_reminder'`)).toBe(0);

    // 72 hours: the link expires instead of a third reminder.
    const expiry = await run(MONDAY + 72 * HOUR);
    expect(expiry.expired).toBeGreaterThanOrEqual(2);
    expect(expiry.reminded).toBe(0);
    expect(await checkInsOf(org.id, "status = 'expired'")).toBe(2);
    expect(await checkInsOf(org.id, "status = 'completed'")).toBe(1);

    // The next Monday brings everyone a new check-in.
    await run(MONDAY + 7 * DAY);
    expect(await checkInsOf(org.id, "schedule_key = 'weekly:2026-W48'")).toBe(3);
  });

  it("reminds no one whose check-ins were paused after the invitation", async () => {
    const org = await organization("paused-later", { interval: 24, maxHours: 72 });
    await run(MONDAY);
    const [paused] = org.members;
    // The Admin pauses them on the Team page ("Check-ins paused"); their link stays open.
    await env.DB.prepare("update team_members set status = 'inactive' where id = ?").bind(paused?.id).run();
    expect((await run(MONDAY + 24 * HOUR)).reminded).toBe(2);
    expect(await countRows("email_outbox", `to_address = '${paused?.email}' and kind = 'check_in_reminder'`)).toBe(0);
  });

  it("sends no reminders when they are off, and nothing for an organization with the schedule off", async () => {
    const quiet = await organization("quiet", { reminders: false });
    const off = await organization("off", { scheduling: false });
    await run(MONDAY);
    await run(MONDAY + 30 * HOUR);
    expect(await emailsTo(quiet.id, "check_in_reminder")).toBe(0);
    expect(await checkInsOf(off.id)).toBe(0);
  });

  it("a run that dies half-way sends nothing twice when it runs again", async () => {
    const org = await organization("crash", { members: 4 });
    // The mail goes out, then the Worker dies before it records the invitation.
    let sent = 0;
    const crashAfterTwo = async (message: EmailMessage) => {
      const result = await realSend(message);
      sent++;
      if (sent === 2) throw new Error("isolate killed");
      return result;
    };
    const broken = await run(MONDAY, crashAfterTwo);
    expect(broken.errors).toEqual(["invite: isolate killed"]);
    expect(await checkInsOf(org.id)).toBe(4);
    expect(await emailsTo(org.id, "check_in_invite")).toBe(2);
    // A job marks its batch invited after its sends, in one statement: the crash left none marked.
    expect(await checkInsOf(org.id, "invited_at is not null")).toBe(0);

    const again = await run(MONDAY + 15 * 60 * 1000);
    expect(again.errors).toEqual([]);
    expect(await emailsTo(org.id, "check_in_invite")).toBe(4);
    expect(await checkInsOf(org.id, "invited_at is not null")).toBe(4);
    // One email per check-in: the outbox's dedupe keys are all distinct.
    const keys = await env.DB.prepare(
      "select count(*) as n, count(distinct dedupe_key) as d from email_outbox where organization_id = ? and kind = 'check_in_invite'",
    )
      .bind(org.id)
      .first<{ n: number; d: number }>();
    expect(keys).toEqual({ n: 4, d: 4 });

    // The same for reminders.
    let reminders = 0;
    const crashOnFirstReminder = async (message: EmailMessage) => {
      const result = await realSend(message);
      if (message.kind === "check_in_reminder" && ++reminders === 1) throw new Error("isolate killed");
      return result;
    };
    await run(MONDAY + 24 * HOUR, crashOnFirstReminder);
    await run(MONDAY + 24 * HOUR + 15 * 60 * 1000);
    await run(MONDAY + 24 * HOUR + 30 * 60 * 1000);
    expect(await emailsTo(org.id, "check_in_reminder")).toBe(4);
    expect(await checkInsOf(org.id, "reminder_count = 1")).toBe(4);
  });

  it("runs through the Worker's scheduled handler", async () => {
    const org = await organization("handler", { members: 1 });
    await worker.scheduled(createScheduledController({ scheduledTime: MONDAY, cron: "*/15 * * * *" }), env);
    // The run hands its work to the schedule queue; its consumer creates and invites.
    await eventually(async () => (await checkInsOf(org.id, "invited_at is not null")) === 1);
  });

  it("applies data retention: raw rows after the raw window, summaries after theirs", async () => {
    const org = await organization("retention", { members: 1, scheduling: false });
    const member = `${org.id}-m0`;
    const old = MONDAY - 400 * DAY; // past the 365-day raw window, inside the 1095-day summary window
    const ancient = MONDAY - 1200 * DAY; // past both
    const statements = [];
    for (const [id, at] of [
      [`${org.id}-old`, old],
      [`${org.id}-ancient`, ancient],
      [`${org.id}-recent`, MONDAY - 10 * DAY],
    ] as const) {
      statements.push(
        env.DB.prepare(
          "insert into check_ins (id, organization_id, team_member_id, token_hash, status, expires_at, completed_at, created_at) values (?, ?, ?, 'h', 'completed', ?, ?, ?)",
        ).bind(id, org.id, member, at + 3 * DAY, at, at),
        env.DB.prepare(
          "insert into check_in_messages (id, check_in_id, organization_id, seq, content, sender, timestamp) values (?, ?, ?, 0, 'private words', 'user', ?)",
        ).bind(`${id}-msg`, id, org.id, at),
        env.DB.prepare(
          "insert into sentiment_scores (organization_id, check_in_id, team_member_id, morale, confidence, stress, sales_strength, blockers, conversation_quality_score, recorded_at) values (?, ?, ?, 60, 60, 40, 70, 70, 60, ?)",
        ).bind(org.id, id, member, at),
        env.DB.prepare(
          "insert into real_time_sentiment (id, organization_id, check_in_id, team_member_id, pillar, sentiment_score, confidence_level, concern_level, recorded_at) values (?, ?, ?, ?, 'job_satisfaction', 60, 80, 'low', ?)",
        ).bind(`${id}-rt`, org.id, id, member, at),
        env.DB.prepare(
          "insert into user_challenges (organization_id, check_in_id, team_member_id, theme, own_description, created_at) values (?, ?, ?, 'CRM admin', 'My own words about the CRM', ?)",
        ).bind(org.id, id, member, at),
      );
    }
    await env.DB.batch(statements);

    const report = await runSchedule({ db, config, send: realSend, now: MONDAY, forceRetention: true });
    expect(report.retention.ran).toBe(true);
    expect(await countRows("check_in_messages", `organization_id = '${org.id}'`)).toBe(1);
    expect(await countRows("real_time_sentiment", `organization_id = '${org.id}'`)).toBe(1);
    expect(await countRows("sentiment_scores", `organization_id = '${org.id}'`)).toBe(2);
    expect(await countRows("check_ins", `organization_id = '${org.id}'`)).toBe(2);
    // Anonymization (on by default): the old blocker keeps its theme, not the words.
    const blockers = await env.DB.prepare(
      "select check_in_id, description from user_challenges where organization_id = ? order by created_at",
    )
      .bind(org.id)
      .all<{ check_in_id: string; description: string }>();
    expect(blockers.results).toEqual([
      { check_in_id: `${org.id}-old`, description: "CRM admin" },
      { check_in_id: `${org.id}-recent`, description: "My own words about the CRM" },
    ]);
  });
});

describe("GET|PUT /api/check-in-settings", () => {
  it("starts from the global defaults and saves the organization's own", async () => {
    const admin = await createAdmin({ companyName: "Settings Co" });
    const initial = checkInSettingsResponseSchema.parse(
      await (await requestAs(admin, "/api/check-in-settings")).json(),
    );
    expect(initial).toMatchObject({
      customized: false,
      settings: {
        frequency: "weekly",
        durationMinutes: 10,
        autoReminders: true,
        reminderIntervalHours: 24,
        maxResponseHours: 72,
        schedulingEnabled: false,
      },
      nextCheckInsAt: null,
    });
    expect(initial.defaults).toEqual(initial.settings);
    // The zone its periods start in, for the page to write the next one's start as its clock reads it.
    await env.DB.prepare("update organizations set time_zone = 'Europe/Berlin' where id = ?")
      .bind(admin.organizationId)
      .run();
    const zoned = checkInSettingsResponseSchema.parse(await (await requestAs(admin, "/api/check-in-settings")).json());
    expect(zoned.timeZone).toBe("Europe/Berlin");

    const next = { ...initial.settings, frequency: "biweekly", durationMinutes: 12, schedulingEnabled: true };
    const saved = await requestAs(admin, "/api/check-in-settings", { method: "PUT", body: JSON.stringify(next) });
    expect(saved.status).toBe(200);
    const body = checkInSettingsResponseSchema.parse(await saved.json());
    expect(body).toMatchObject({ customized: true, settings: next });
    expect(Date.parse(body.nextCheckInsAt ?? "")).toBeGreaterThan(Date.now());

    for (const bad of [
      { ...next, frequency: "hourly" },
      { ...next, durationMinutes: 2 },
      { ...next, durationMinutes: 10.5 },
      { ...next, maxResponseHours: 0 },
      { ...next, autoReminders: "yes" },
      {},
    ]) {
      const response = await requestAs(admin, "/api/check-in-settings", { method: "PUT", body: JSON.stringify(bad) });
      expect(response.status).toBe(400);
    }
    const after = checkInSettingsResponseSchema.parse(await (await requestAs(admin, "/api/check-in-settings")).json());
    expect(after.settings).toEqual(next);
  });
});
