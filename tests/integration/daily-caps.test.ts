import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { dailyEmailCap, sendEmail } from "../../worker/email/send";
import worker from "../../worker/index";
import { readConfig } from "../../worker/lib/config";
import { DAILY_CAP_MESSAGES } from "../../worker/lib/daily-caps";
import { runSchedule } from "../../worker/schedule/run";
import { bulkInviteResultSchema } from "../../worker/shared/bulk-invite";
import { organizationDetailSchema } from "../../worker/shared/console/organizations";
import { dailyCapFor } from "../../worker/shared/daily-limits";
import { checkInSettingsResponseSchema } from "../../worker/shared/schedule";
import { utcDay } from "../../worker/shared/time";
import { createAdmin, createSuperAdmin, requestAs } from "./auth-helpers";
import { dailyCapAudits } from "./cap-audit";
import { ChatClient, createCheckIn } from "./checkin-helpers";
import { countRows } from "./helpers";
import { eventually } from "./notify-helpers";

/**
 * Issue 12 item 4: an organization's outbound email is capped per day. Creating and
 * revoking check-ins in a loop (each one emails any address, under a sender name the
 * organization chooses) stops at the cap with a clear 429; the operator sees who hit it in
 * the console's audit log; the cron run goes on for everyone else.
 */
describe("the per-organization daily email cap", () => {
  it("answers 429 past the cap, records it for the operator, and does not stop the cron", async () => {
    const admin = await createAdmin({ companyName: "Looping Co" });
    const member = await requestAs(admin, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({ firstName: "Lou", lastName: "Loop", email: `loop-${Date.now()}@example.com` }),
    });
    expect(member.status).toBe(201);
    const { member: created } = (await member.json()) as { member: { id: string } };
    const cap = await dailyEmailCap(createDb(env.DB), admin.organizationId);
    expect(cap).toBe(55);

    // All but two of today's emails already sent (as by a long create-and-revoke loop).
    const day = new Date().toISOString().slice(0, 10);
    await env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, ?)")
      .bind(`cap:email:${admin.organizationId}:${day}`, Date.now(), cap - 2)
      .run();

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const checkIn = await requestAs(admin, "/api/check-ins", {
        method: "POST",
        body: JSON.stringify({ teamMemberId: created.id, sendEmail: true }),
      });
      statuses.push(checkIn.status);
      if (checkIn.status === 429) {
        expect(await checkIn.json()).toMatchObject({
          error: { code: "daily_limit_reached", message: DAILY_CAP_MESSAGES.email(cap) },
        });
        break;
      }
      const { id } = (await checkIn.json()) as { id: string };
      expect((await requestAs(admin, `/api/check-ins/${id}/revoke`, { method: "POST" })).status).toBe(200);
    }
    expect(statuses).toEqual([201, 201, 429]);
    // The two accepted invitations reach the notifications queue, which renders each when it
    // sends: a check-in revoked by then is not announced (its link would not open), so each
    // ends delivered or "not sent", and only the delivered ones are in the outbox.
    const settled = await eventually(async () => {
      const rows = await env.DB.prepare(
        "select status, last_error from notification_deliveries where organization_id = ? and kind = 'invitation'",
      )
        .bind(admin.organizationId)
        .all<{ status: string; last_error: string | null }>();
      const done = rows.results.filter((row) => row.status === "delivered" || row.status === "failed");
      return rows.results.length === 2 && done.length === 2 ? rows.results : null;
    });
    for (const row of settled.filter((r) => r.status === "failed")) {
      expect(row.last_error).toBe("Not sent: The check-in is no longer open.");
    }
    expect(await countRows("email_outbox", `organization_id = '${admin.organizationId}'`)).toBe(
      settled.filter((row) => row.status === "delivered").length,
    );

    expect(await dailyCapAudits()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          targetId: admin.organizationId,
          details: expect.objectContaining({ kind: "email" }),
        }),
      ]),
    );

    // A scheduled run with this organization's invitations capped still finishes every step.
    await env.DB.prepare(
      "insert into check_ins (id, organization_id, team_member_id, token_hash, status, duration_minutes, expires_at, schedule_key) values (?, ?, ?, 'h', 'pending', 10, ?, 'capped-run')",
    )
      .bind(crypto.randomUUID(), admin.organizationId, created.id, Date.now() + 86_400_000)
      .run();
    const errors: string[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args.join(" "));
    try {
      await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "*/15 * * * *" }), env);
    } finally {
      console.error = original;
    }
    expect(errors.filter((line) => line.includes("schedule_step_failed"))).toEqual([]);
  });
});

/**
 * Issue 22 item 5: check-ins are capped per organization and day on every route that
 * creates them, a handed-over one (no email, so no email cap) too: each opens a chat that
 * costs model calls. Settings and the console show the figures.
 */
describe("the per-organization daily check-in cap", () => {
  const day = () => new Date().toISOString().slice(0, 10);
  const setCount = (organizationId: string, kind: string, count: number) =>
    env.DB.prepare(
      "insert into rate_limits (key, window_start, count) values (?, ?, ?) on conflict(key) do update set count = excluded.count",
    )
      .bind(`cap:${kind}:${organizationId}:${day()}`, Date.now(), count)
      .run();

  it("counts a handed-over check-in too: a create-and-revoke loop stops at the cap with a clear 429, shown in Settings and the console", async () => {
    const admin = await createAdmin({ companyName: "No Mail Loop Co" });
    const member = await requestAs(admin, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({ firstName: "Nia", lastName: "Nomail" }),
    });
    const { member: created } = (await member.json()) as { member: { id: string } };
    const cap = dailyCapFor("check_in", 1);
    expect(cap).toBe(23);
    await setCount(admin.organizationId, "check_in", cap - 2);

    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const sent = await requestAs(admin, "/api/check-ins", {
        method: "POST",
        body: JSON.stringify({ teamMemberId: created.id }),
      });
      statuses.push(sent.status);
      if (sent.status === 429) {
        expect(await sent.json()).toMatchObject({
          error: { code: "daily_limit_reached", message: DAILY_CAP_MESSAGES.check_in(cap) },
        });
        break;
      }
      const { id, url } = (await sent.json()) as { id: string; url?: string };
      expect(url).toBeDefined(); // handed over: no email was sent, yet it counted
      expect((await requestAs(admin, `/api/check-ins/${id}/revoke`, { method: "POST" })).status).toBe(200);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect(await countRows("check_ins", `organization_id = '${admin.organizationId}'`)).toBe(2);

    const settings = checkInSettingsResponseSchema.parse(
      await (await requestAs(admin, "/api/check-in-settings")).json(),
    );
    expect(settings.dailyLimits).toMatchObject({ day: day(), checkIns: { used: cap, limit: cap } });
    expect(settings.dailyLimits.emails).toEqual({ used: 0, limit: dailyCapFor("email", 1) });
    const operator = await createSuperAdmin();
    const detail = organizationDetailSchema.parse(
      await (await requestAs(operator, `/api/admin/organizations/${admin.organizationId}`)).json(),
    );
    expect(detail.dailyLimits.checkIns).toEqual({ used: cap, limit: cap });
    expect(await dailyCapAudits()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          targetId: admin.organizationId,
          details: expect.objectContaining({ kind: "check_in", limit: cap }),
        }),
      ]),
    );
  });

  it("stops the schedule at the cap: what fits is created, the rest stay due, other organizations go on", async () => {
    const capped = await scheduledOrganization("capped", 3);
    const other = await scheduledOrganization("uncapped", 2);
    await setCount(capped, "check_in", dailyCapFor("check_in", 3) - 1);
    const db = createDb(env.DB);
    const report = await runSchedule({ db, config: readConfig(env), send: (message) => sendEmail(env, db, message) });
    expect(report.created).toBeGreaterThanOrEqual(3);
    expect(await countRows("check_ins", `organization_id = '${capped}'`)).toBe(1);
    expect(await countRows("check_ins", `organization_id = '${other}'`)).toBe(2);
  });

  it("counts the operator's bulk invite too, and says so per person", async () => {
    const admin = await createAdmin({ companyName: "Bulk Cap Co" });
    await setCount(admin.organizationId, "check_in", dailyCapFor("check_in", 1));
    const operator = await createSuperAdmin();
    const invited = await requestAs(operator, "/api/admin/users/invite", {
      method: "POST",
      body: JSON.stringify({
        organizationId: admin.organizationId,
        role: "salesperson",
        sendCheckIn: true,
        people: [{ email: "capped@bulk.example", firstName: "Cap", lastName: "Ped" }],
      }),
    });
    expect(invited.status).toBe(200);
    expect(bulkInviteResultSchema.parse(await invited.json()).results).toEqual([
      { email: "capped@bulk.example", outcome: "added", note: "Added; today's check-in limit is reached" },
    ]);
    expect(await countRows("check_ins", `organization_id = '${admin.organizationId}'`)).toBe(0);
  });
});

/** An organization with automatic check-ins on and `members` salespeople, none checked in yet. */
async function scheduledOrganization(name: string, members: number): Promise<string> {
  const id = `${name}-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.batch([
    env.DB.prepare("insert into organizations (id, name, status) values (?, ?, 'active')").bind(id, name),
    env.DB.prepare(
      "insert into organization_settings (organization_id, frequency, duration_minutes, auto_reminders, reminder_interval_hours, max_response_hours, scheduling_enabled) values (?, 'weekly', 10, 0, 24, 72, 1)",
    ).bind(id),
    ...Array.from({ length: members }, (_, i) =>
      env.DB.prepare(
        "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, ?, 'Seller', ?, 'active')",
      ).bind(`${id}-m${i}`, id, `Rep${i}`, `rep${i}@${id}.example`),
    ),
  ]);
  return id;
}

describe("the daily model-call cap, with the built-in interviewer", () => {
  it("reserves nothing for a chat no model answers: its start and replies leave the organization's day untouched", async () => {
    const checkIn = await createCheckIn({ firstName: "Embeda" });
    const chat = await ChatClient.open(checkIn);
    try {
      await chat.say("A steady week, two demos booked.");
      const counted = await env.DB.prepare("select count(*) as n from rate_limits where key = ?")
        .bind(`cap:llm:${checkIn.organizationId}:${utcDay(Date.now())}`)
        .first<number>("n");
      expect(counted).toBe(0);
    } finally {
      chat.close();
    }
  });
});
