import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { dailyEmailCap } from "../../worker/email/send";
import worker from "../../worker/index";
import { DAILY_CAP_MESSAGES } from "../../worker/lib/daily-caps";
import { createAdmin, requestAs } from "./auth-helpers";
import { dailyCapAudits } from "./cap-audit";
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
