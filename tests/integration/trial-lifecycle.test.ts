import { env } from "cloudflare:workers";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { applyStripeEvent } from "../../worker/billing/webhook";
import { createDb } from "../../worker/db/client";
import { type EmailMessage, sendEmail } from "../../worker/email/send";
import { readConfig } from "../../worker/lib/config";
import { runSchedule } from "../../worker/schedule/run";
import { TRIAL_ENDED_MESSAGE } from "../../worker/shared/plan-access";
import { createAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { countRows } from "./helpers";

/**
 * Issue 13 §3: the Free Trial ends. The clock moves: the cron is given its `now`, and the
 * trial's own dates are set relative to the real clock the API reads.
 */
const db = createDb(env.DB);
const config = readConfig(env);
const send = (message: EmailMessage) => sendEmail(env, db, message);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function trialOrganization(startedAt: number) {
  const admin = await createAdmin();
  const org = admin.organizationId;
  // The organization's trial started with it (drizzle/0012_billing.sql); moved back in time here.
  await env.DB.batch([
    env.DB.prepare(
      "update trials set user_id = ?, trial_start_date = ?, trial_end_date = ?, chosen_at = ? where organization_id = ?",
    ).bind(admin.userId, startedAt, startedAt + 14 * DAY, startedAt, org),
    env.DB.prepare(
      "insert into organization_settings (organization_id, frequency, duration_minutes, auto_reminders, reminder_interval_hours, max_response_hours, scheduling_enabled) values (?, 'weekly', 10, 0, 24, 72, 1)",
    ).bind(org),
    ...["a", "b"].map((m) =>
      env.DB.prepare(
        "insert into team_members (id, organization_id, first_name, last_name, email, status) values (?, ?, ?, 'Seller', ?, 'active')",
      ).bind(`${org}-${m}`, org, `Rep ${m}`, `rep-${m}@${org}.example`),
    ),
  ]);
  return admin;
}

const emails = (org: string, kind: string) =>
  countRows("email_outbox", `organization_id = '${org}' and kind = '${kind}'`);
const checkIns = (org: string) => countRows("check_ins", `organization_id = '${org}'`);
const sendCheckIn = (admin: TestAdmin, member: string) =>
  requestAs(admin, "/api/check-ins", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ teamMemberId: `${admin.organizationId}-${member}` }),
  });
const setSubscription = (org: string, status: string) =>
  env.DB.prepare(
    "insert into subscriptions (id, organization_id, subscription_status) values (?, ?, ?) on conflict (organization_id) do update set subscription_status = excluded.subscription_status",
  )
    .bind(`sub-${org}`, org, status)
    .run();

describe("the Free Trial's lifecycle", () => {
  it("reminds at 7, 3 and 1 days, pauses on day 14, keeps history readable, and resumes on upgrade", async () => {
    const start = Date.now() - 14 * DAY - 3 * HOUR; // ended three hours ago by the real clock
    const admin = await trialOrganization(start);
    const org = admin.organizationId;
    const run = async (now: number) => {
      const report = await runSchedule({ db, config, send, now });
      expect(report.errors).toEqual([]);
      return report;
    };

    await run(start + HOUR);
    expect(await checkIns(org)).toBe(2); // the trial runs its schedule
    await run(start + 6 * DAY);
    expect(await emails(org, "trial_reminder")).toBe(0);
    for (const [day, sent] of [
      [7, 1],
      [7.5, 1],
      [11, 2],
      [13, 3],
      [13.9, 3],
    ] as const) {
      await run(start + day * DAY + HOUR);
      expect(await emails(org, "trial_reminder")).toBe(sent);
    }
    const subjects = await env.DB.prepare(
      "select subject from email_outbox where organization_id = ? and kind = 'trial_reminder' order by created_at",
    )
      .bind(org)
      .all<{ subject: string }>();
    expect(subjects.results.map((r) => r.subject)).toEqual([
      "Your Undertone free trial ends in 7 days",
      "Your Undertone free trial ends in 3 days",
      "Your Undertone free trial ends in 1 day",
    ]);

    // Day 14, a new week: the schedule pauses, the admin is told once, the trial is expired.
    const before = await checkIns(org);
    const ended = await run(start + 14 * DAY + 2 * HOUR);
    expect(ended.trial.ended).toBe(1);
    await run(start + 14 * DAY + 3 * HOUR);
    expect(await checkIns(org)).toBe(before);
    expect(await emails(org, "trial_ended")).toBe(1);
    expect(await countRows("trials", `organization_id = '${org}' and trial_status = 'expired'`)).toBe(1);

    // A new check-in is refused with the way to upgrade; history stays readable.
    const refused = await sendCheckIn(admin, "b");
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({ error: { code: "plan_required", message: TRIAL_ENDED_MESSAGE } });
    expect((await requestAs(admin, "/api/check-ins")).status).toBe(200);
    expect((await requestAs(admin, "/api/insights?range=4w")).status).toBe(200);

    // Upgrading (Stripe's checkout webhook) restores the schedule and new check-ins.
    const event = {
      id: `evt_${org}`,
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          client_reference_id: org,
          mode: "subscription",
          payment_status: "paid",
          customer: "cus_1",
          subscription: `sub_${org}`,
          metadata: { quantity: "2" },
        },
      },
    } as unknown as Stripe.Event;
    expect(await applyStripeEvent(db, event)).toBe("applied");
    const resumed = await run(start + 21 * DAY + HOUR);
    expect(resumed.created).toBeGreaterThanOrEqual(1);
    expect(resumed.trial.converted).toBe(1);
    expect(await checkIns(org)).toBeGreaterThan(before);
  });

  it.each(["past_due", "unpaid", "canceled"])("pauses a Pro organization whose subscription is %s", async (status) => {
    const start = Date.now() - 30 * DAY;
    const admin = await trialOrganization(start);
    const org = admin.organizationId;
    await setSubscription(org, "active");
    expect((await sendCheckIn(admin, "a")).status).toBe(201);
    await setSubscription(org, status);
    const refused = await sendCheckIn(admin, "b");
    expect(refused.status).toBe(402);
    const body = await refused.json<{ error: { message: string } }>();
    expect(body.error.message).toMatch(
      status === "canceled" ? /Choose the Pro plan again to resume them/ : /under Manage billing to resume them/,
    );
    const before = await checkIns(org);
    const report = await runSchedule({ db, config, send, now: Date.now() + 8 * DAY });
    expect(report.errors).toEqual([]);
    expect(await checkIns(org)).toBe(before);
    await setSubscription(org, "active");
    await runSchedule({ db, config, send, now: Date.now() + 8 * DAY });
    expect(await checkIns(org)).toBeGreaterThan(before);
  });
});
