import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../worker/db/client";
import { dbFor } from "../../worker/db/shards";
import worker from "../../worker/index";
import { runDigests } from "../../worker/notify/digest";
import { enqueueCompletionAlerts, notifyQueue } from "../../worker/notify/enqueue";
import type { NotifyMessage, Target } from "../../worker/notify/messages";
import { createAdmin, requestAs, type TestAdmin } from "./auth-helpers";
import { insertCompletedCheckIn } from "./checkin-helpers";
import { countRows } from "./helpers";
import {
  addSlackMember,
  channelPosts,
  connectSlack,
  deliveryRow,
  eventually,
  setSlackDown,
  slackPosts,
} from "./notify-helpers";
import type { RecordedRequest } from "./vars";

/**
 * Issue 15: notifications go through the real queue (miniflare, as configured in
 * wrangler.jsonc), are recorded per delivery, and survive a provider outage: delayed with
 * backoff, then delivered exactly once.
 */
const TRANSCRIPT = "words-only-the-salesperson-typed-about-their-week";

async function addMember(admin: TestAdmin, firstName: string, email = `${firstName.toLowerCase()}@rep.example`) {
  const added = await requestAs(admin, "/api/team-members", {
    method: "POST",
    body: JSON.stringify({ firstName, lastName: "Notify", email }),
  });
  expect(added.status).toBe(201);
  return ((await added.json()) as { member: { id: string } }).member.id;
}

/** One message through the Worker's queue handler, as the queue would deliver it on attempt `attempts`. */
async function deliverOnce(body: NotifyMessage, attempts: number, id = "msg-1", bindings: Env = env) {
  const batch = createMessageBatch<NotifyMessage>("undertone-notifications", [
    { id, timestamp: new Date(), attempts, body },
  ]);
  // The test harness records that a message was retried, not its delay: the delay is captured here.
  const delays: (number | undefined)[] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    message.retry = (options?: QueueRetryOptions) => {
      delays.push(options?.delaySeconds);
      retry(options);
    };
  }
  const ctx = createExecutionContext();
  await worker.queue(batch as MessageBatch<unknown>, bindings);
  return { ...(await getQueueResult(batch as MessageBatch<unknown>, ctx)), delays };
}

/** Another account moved into `organizationId` as one of its Admins. */
async function joinAsAdmin(organizationId: string, companyName: string): Promise<TestAdmin> {
  const admin = await createAdmin({ companyName });
  await env.DB.prepare("update user set organization_id = ? where id = ?").bind(organizationId, admin.userId).run();
  return { ...admin, organizationId };
}

/**
 * Two Admins of the organization who chose "immediately" but must hear nothing: one whose
 * address was never verified, one the operator deactivated (issue 22 item 7).
 */
async function addUnreachableAdmins(organizationId: string) {
  const unverified = await joinAsAdmin(organizationId, "Unverified Admin's Co");
  await env.DB.prepare("update user set email_verified = 0 where id = ?").bind(unverified.userId).run();
  const deactivated = await joinAsAdmin(organizationId, "Deactivated Admin's Co");
  await env.DB.prepare("update user set status = 'Inactive' where id = ?").bind(deactivated.userId).run();
  return [unverified, deactivated];
}

describe("a completed check-in's alerts, through the real queue", () => {
  const organizationName = `Alerting Co ${crypto.randomUUID().slice(0, 8)}`;
  let owner: TestAdmin;
  let quiet: TestAdmin;
  let unreachable: TestAdmin[];
  let memberId: string;
  let checkInId: string;
  const ownerOnSlack = `U0OWNER${crypto.randomUUID().slice(0, 6).toUpperCase()}`;

  beforeAll(async () => {
    owner = await createAdmin({ companyName: organizationName });
    memberId = await addMember(owner, "Maya");
    // A second admin of the same organization who turned alert emails off.
    quiet = await joinAsAdmin(owner.organizationId, "Quiet Admin's Co");
    unreachable = await addUnreachableAdmins(owner.organizationId);
    const off = await requestAs(quiet, "/api/notifications/preferences", {
      method: "PUT",
      body: JSON.stringify({ alertEmails: "off" }),
    });
    expect(off.status).toBe(200);
    // Every Admin is in the workspace; only the one who wants alerts at once, verified and active, gets a DM.
    await addSlackMember(owner.email, ownerOnSlack);
    for (const [i, admin] of [quiet, ...unreachable].entries())
      await addSlackMember(admin.email, `U0OTHER${i}${ownerOnSlack}`);
    await connectSlack(owner, "C0ALERTS", false, true);
    ({ checkInId } = await insertCompletedCheckIn({
      organizationId: owner.organizationId,
      teamMemberId: memberId,
      memberName: "Maya Notify",
      transcript: TRANSCRIPT,
    }));
  });

  it("emails the admins who chose 'immediately', with a link and no words; DMs them the same", async () => {
    await enqueueCompletionAlerts(env, owner.organizationId, checkInId);
    // Enqueued twice (a retried completion): still one email, one DM and one post.
    await enqueueCompletionAlerts(env, owner.organizationId, checkInId);

    const email = await eventually(() =>
      env.DB.prepare("select subject, html, text from email_outbox where to_address = ? and kind = 'risk_alert'")
        .bind(owner.email)
        .first<{ subject: string; html: string; text: string }>(),
    );
    expect(email.subject).toBe("Urgent: Maya Notify — burnout risk");
    expect(email.text).toContain("Stress is 80/100, in the burnout range.");
    expect(email.text).toContain("Suggested: Book a 1:1 this week about workload");
    expect(email.text).toContain("Blockers they named: Pricing approvals.");
    expect(email.text).toContain(`http://localhost:5173/dashboard/team/${memberId}`);
    expect(email.html).toContain(`href="http://localhost:5173/dashboard/team/${memberId}"`);
    for (const body of [email.html, email.text]) {
      expect(body).not.toContain(TRANSCRIPT);
      expect(body).not.toContain("Slow pricing approvals"); // the blocker's description: only its theme goes out
    }

    // The Admin's DM says who and why, like the email.
    await eventually(
      async () => (await deliveryRow(`alert:${checkInId}:slack:${owner.userId}`))?.status === "delivered",
    );
    const dms = (await slackPosts()).filter((p) => p.channel === ownerOnSlack);
    expect(dms).toHaveLength(1);
    expect(dms[0]?.text).toContain("Maya Notify");
    expect(dms[0]?.text).toContain("Stress is 80/100");
    expect(dms[0]?.text).toContain(`<http://localhost:5173/dashboard/team/${memberId}>`);
    expect(await deliveryRow(`alert:${checkInId}:slack:${owner.userId}`)).toMatchObject({
      channel: "slack",
      recipient: owner.email,
    });
    for (const admin of [quiet, ...unreachable]) {
      expect(await deliveryRow(`alert:${checkInId}:slack:${admin.userId}`)).toBeNull();
    }

    expect(await deliveryRow(`alert:${checkInId}:email:${owner.userId}`)).toMatchObject({
      kind: "alert",
      channel: "email",
      status: "delivered",
      attempts: 1,
    });
    expect(await deliveryRow(`alert:${checkInId}:email:${quiet.userId}`)).toBeNull();
    expect(await countRows("email_outbox", `to_address = '${quiet.email}' and kind = 'risk_alert'`)).toBe(0);
    // Alert emails go only to verified, active Admins.
    for (const admin of unreachable) {
      expect(await deliveryRow(`alert:${checkInId}:email:${admin.userId}`)).toBeNull();
      expect(await countRows("email_outbox", `to_address = '${admin.email}' and kind = 'risk_alert'`)).toBe(0);
    }
    expect(await countRows("email_outbox", `to_address = '${owner.email}' and kind = 'risk_alert'`)).toBe(1);
  });

  it("posts once in the channel, naming no one and showing no score (issue 22 item 4)", async () => {
    await eventually(async () => (await deliveryRow(`alert:${checkInId}:slack`))?.status === "delivered");
    const ours = (await channelPosts()).filter((p) => p.text.includes(organizationName));
    expect(ours).toHaveLength(1);
    expect(ours[0]?.channel).toBe("C0ALERTS");
    expect(ours[0]?.text).toContain(`1 urgent alert in ${organizationName} — open the dashboard`);
    expect(ours[0]?.text).toContain("<http://localhost:5173/dashboard|Open the dashboard>");
    expect(await deliveryRow(`alert:${checkInId}:slack`)).toMatchObject({ recipient: "#sales-alerts" });
    // Every message the stand-in got in a channel: no member's name, no individual score, no theme.
    for (const post of await channelPosts()) {
      expect(post.text).not.toMatch(/Maya|Dora|Notify|\/100|Pricing approvals/);
    }
    // This organization's post carries no figure at all but the count.
    const words = ours[0]?.text.replace(organizationName, "").replace("http://localhost:5173", "");
    expect(words?.match(/\d+/g)).toEqual(["1"]);
  });

  it("shows the deliveries to the operator, never to another organization's admin", async () => {
    const intruder = await createAdmin({ companyName: "Nosy Co" });
    expect((await requestAs(intruder, "/api/admin/deliveries")).status).toBe(403);
    const settings = await requestAs(intruder, "/api/notifications/settings");
    expect(await settings.text()).not.toContain("Alerting Co");
  });
});

describe("a provider outage delays a delivery, never loses or doubles it", () => {
  const organizationName = `Outage Co ${crypto.randomUUID().slice(0, 8)}`;
  let owner: TestAdmin;
  let checkInId: string;

  beforeAll(async () => {
    owner = await createAdmin({ companyName: organizationName });
    await connectSlack(owner);
    ({ checkInId } = await insertCompletedCheckIn({
      organizationId: owner.organizationId,
      teamMemberId: await addMember(owner, "Otto"),
      memberName: "Otto Notify",
      transcript: TRANSCRIPT,
    }));
  });

  /** One alert delivery for this test (ids only, as the queue carries it): its id and the queue message. */
  const alertSend = (name: string, channel: "slack" | "email", target: Target) => {
    const id = `alert:${name}-${crypto.randomUUID()}:${channel}`;
    const body: NotifyMessage = {
      type: "send",
      delivery: { id, organizationId: owner.organizationId, kind: "alert", channel, target, label: "Urgent alert" },
      notice: { kind: "alert", checkInId },
    };
    return { id, body };
  };
  const channelTarget: Target = { audience: "group", address: "C0ALERTS" };
  const posts = async () => (await channelPosts()).filter((p) => p.text.includes(organizationName)).length;

  it("Slack down for three attempts (backoff 10, 20, 40 s), then up: one post, and a late copy is a no-op", async () => {
    const { id, body } = alertSend("outage", "slack", channelTarget);
    const before = await posts();

    await setSlackDown(true);
    try {
      for (const [attempt, delay] of [
        [1, 10],
        [2, 20],
        [3, 40],
      ] as const) {
        const result = await deliverOnce(body, attempt);
        expect(result.retryMessages).toEqual([{ msgId: "msg-1" }]);
        expect(result.delays).toEqual([delay]);
        expect(await deliveryRow(id)).toMatchObject({
          status: "retrying",
          attempts: attempt,
          last_error: "Slack answered http_503",
        });
        expect(await posts()).toBe(before);
      }
    } finally {
      await setSlackDown(false);
    }
    const up = await deliverOnce(body, 4);
    expect(up.retryMessages).toEqual([]);
    expect(up.explicitAcks).toEqual(["msg-1"]);
    expect(await deliveryRow(id)).toMatchObject({ status: "delivered", attempts: 4, channel: "slack" });
    expect(await posts()).toBe(before + 1);

    // At-least-once delivery: the same message again (and a second copy of it) sends nothing.
    const late = await deliverOnce(body, 1, "msg-2");
    expect(late.explicitAcks).toEqual(["msg-2"]);
    expect(await posts()).toBe(before + 1);
  });

  it("email provider unreachable, then up: one email, one provider request with the delivery's Idempotency-Key", async () => {
    const to = `outage-${crypto.randomUUID()}@example.com`;
    const { id, body } = alertSend("outage", "email", { audience: "person", address: to });
    const down = { ...env, EMAIL_API_KEY: "re_test_key", EMAIL_API_URL: "http://127.0.0.1:9" };
    const up = { ...env, EMAIL_API_KEY: "re_test_key", EMAIL_API_URL: env.EMAIL_STANDIN_URL };
    for (const attempt of [1, 2, 3]) {
      const result = await deliverOnce(body, attempt, "msg-1", down);
      expect(result.delays).toEqual([10 * 2 ** (attempt - 1)]);
      expect((await deliveryRow(id))?.status).toBe("retrying");
    }
    expect((await deliverOnce(body, 4, "msg-1", up)).explicitAcks).toEqual(["msg-1"]);
    expect((await deliverOnce(body, 5, "msg-1", up)).explicitAcks).toEqual(["msg-1"]);
    const requests = ((await (await fetch(`${env.EMAIL_STANDIN_URL}/__requests`)).json()) as RecordedRequest[]).filter(
      (r) => r.body.includes(to),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers["idempotency-key"]).toBe(id);
    expect(await countRows("email_outbox", `to_address = '${to}' and status = 'sent'`)).toBe(1);
    expect(await deliveryRow(id)).toMatchObject({ status: "delivered", attempts: 4 });
  });

  it("after the last attempt the delivery reads failed (the queue moves it to the dead-letter queue)", async () => {
    const { id, body } = alertSend("dead", "slack", channelTarget);
    await setSlackDown(true);
    try {
      expect((await deliverOnce(body, 8)).retryMessages).toHaveLength(1);
      expect((await deliveryRow(id))?.status).toBe("retrying");
      expect((await deliverOnce(body, 9)).retryMessages).toHaveLength(1);
      expect(await deliveryRow(id)).toMatchObject({ status: "failed", attempts: 9 });
    } finally {
      await setSlackDown(false);
    }
  });

  it("Slack down while the fan-out looks Admins up: the email goes at once, the fan-out is retried for Slack", async () => {
    const admin = await createAdmin({ companyName: `Lookup Co ${crypto.randomUUID().slice(0, 8)}` });
    const onSlack = `U0LOOKUP${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    await addSlackMember(admin.email, onSlack);
    await connectSlack(admin, "C0ALERTS", false, true);
    const { checkInId: alerted } = await insertCompletedCheckIn({
      organizationId: admin.organizationId,
      teamMemberId: await addMember(admin, "Lena"),
      memberName: "Lena Notify",
      transcript: TRANSCRIPT,
    });
    const fanOut: NotifyMessage = { type: "alerts", organizationId: admin.organizationId, checkInId: alerted };
    await setSlackDown(true);
    try {
      const down = await deliverOnce(fanOut, 1);
      expect(down.retryMessages).toEqual([{ msgId: "msg-1" }]);
      expect(await deliveryRow(`alert:${alerted}:email:${admin.userId}`)).toMatchObject({ channel: "email" });
      expect(await deliveryRow(`alert:${alerted}:slack:${admin.userId}`)).toBeNull();
    } finally {
      await setSlackDown(false);
    }
    const up = await deliverOnce(fanOut, 2);
    expect(up.explicitAcks).toEqual(["msg-1"]);
    expect(await deliveryRow(`alert:${alerted}:slack:${admin.userId}`)).toMatchObject({ recipient: admin.email });
    expect(await deliveryRow(`alert:${alerted}:slack`)).not.toBeNull();
    await eventually(async () => (await deliveryRow(`alert:${alerted}:email:${admin.userId}`))?.status === "delivered");
  });

  it("a malformed message is dropped, not retried", async () => {
    const result = await deliverOnce({ type: "nonsense" } as unknown as NotifyMessage, 1);
    expect(result.explicitAcks).toEqual(["msg-1"]);
  });
});

describe("a delivery is rendered when it is sent", () => {
  it("an invitation whose check-in closed before the consumer got to it is not sent: its link would not open", async () => {
    const admin = await createAdmin({ companyName: "Closed Co" });
    const memberEmail = `closed-${crypto.randomUUID()}@rep.example`;
    const memberId = await addMember(admin, "Cora", memberEmail);
    const open = async (status: "pending" | "expired") => {
      const id = crypto.randomUUID();
      await env.DB.prepare(
        "insert into check_ins (id, organization_id, team_member_id, token_hash, status, duration_minutes, expires_at, created_at) values (?, ?, ?, 'h', ?, 10, ?, ?)",
      )
        .bind(id, admin.organizationId, memberId, status, Date.now() + 86_400_000, Date.now())
        .run();
      return id;
    };
    const invite = (checkInId: string): NotifyMessage => ({
      type: "send",
      delivery: {
        id: `check-in-invite:${checkInId}`,
        organizationId: admin.organizationId,
        kind: "invitation",
        channel: "email",
        target: { audience: "person", address: memberEmail },
        label: "Check-in invitation",
      },
      notice: { kind: "check_in_invite", checkInId },
    });
    const closed = await open("expired");
    expect((await deliverOnce(invite(closed), 1)).explicitAcks).toEqual(["msg-1"]);
    expect(await deliveryRow(`check-in-invite:${closed}`)).toMatchObject({
      status: "failed",
      last_error: "Not sent: The check-in is no longer open.",
    });
    // Positive control: an open one goes, with its link derived now.
    const pending = await open("pending");
    await deliverOnce(invite(pending), 1);
    expect(await deliveryRow(`check-in-invite:${pending}`)).toMatchObject({ status: "delivered" });
    const sent = await env.DB.prepare("select dedupe_key, text from email_outbox where to_address = ?")
      .bind(memberEmail)
      .all<{ dedupe_key: string; text: string }>();
    expect(sent.results.map((row) => row.dedupe_key)).toEqual([`check-in-invite:${pending}`]);
    expect(sent.results[0]?.text).toContain(`/check-in/${pending}?token=`);
  });
});

describe("settings: alert emails, time zone", () => {
  it("stores each admin's choice and the organization's zone; bad input is a 400 that changes nothing", async () => {
    const admin = await createAdmin({ companyName: "Settings Co" });
    const read = async () =>
      (await (await requestAs(admin, "/api/notifications/settings")).json()) as Record<string, unknown>;
    expect(await read()).toMatchObject({ alertEmails: "immediately", slack: { configured: true, connected: false } });

    const put = (path: string, body: unknown) =>
      requestAs(admin, `/api/notifications/${path}`, { method: "PUT", body: JSON.stringify(body) });
    expect((await put("preferences", { alertEmails: "digest" })).status).toBe(200);
    expect((await put("preferences", { alertEmails: "sometimes" })).status).toBe(400);
    expect((await put("time-zone", { timeZone: "America/New_York" })).status).toBe(200);
    for (const timeZone of ["Mars/Olympus_Mons", "Europe/London; drop table", "x".repeat(5000)]) {
      expect((await put("time-zone", { timeZone })).status).toBe(400);
    }
    expect(await read()).toMatchObject({ alertEmails: "digest", timeZone: "America/New_York" });
  });

  it("a new organization takes the browser's time zone at its first /dashboard, and keeps a chosen one", async () => {
    const admin = await createAdmin({ companyName: "Zoned Co" });
    await env.DB.prepare("update organizations set time_zone = null where id = ?").bind(admin.organizationId).run();
    const ensure = (timeZone: string) =>
      requestAs(admin, "/api/organization/ensure", { method: "POST", body: JSON.stringify({ timeZone }) });
    expect((await ensure("Asia/Tokyo")).status).toBe(200);
    expect((await ensure("Europe/Paris")).status).toBe(200);
    const row = await env.DB.prepare("select time_zone from organizations where id = ?")
      .bind(admin.organizationId)
      .first<{ time_zone: string }>();
    expect(row?.time_zone).toBe("Asia/Tokyo");
  });
});

describe("the weekly digest", () => {
  it("goes out once, Monday 08:00 in the organization's time zone, to admins and Slack; the preview shows the week", async () => {
    const organizationName = `Digest Co ${crypto.randomUUID().slice(0, 8)}`;
    const admin = await createAdmin({ companyName: organizationName });
    const memberId = await addMember(admin, "Dora");
    await insertCompletedCheckIn({
      organizationId: admin.organizationId,
      teamMemberId: memberId,
      memberName: "Dora Notify",
      transcript: TRANSCRIPT,
    });
    await requestAs(admin, "/api/notifications/time-zone", {
      method: "PUT",
      body: JSON.stringify({ timeZone: "America/New_York" }),
    });
    await connectSlack(admin);
    const unreachable = await addUnreachableAdmins(admin.organizationId);
    const db = createDb(env.DB);
    const queue = notifyQueue(env);
    const runs = async (iso: string) => {
      await runDigests({ db, shardFor: (organizationId) => dbFor(env, organizationId), queue, now: Date.parse(iso) });
      return countRows("digest_runs", `organization_id = '${admin.organizationId}'`);
    };
    expect(await runs("2026-11-23T12:55:00Z")).toBe(0); // 07:55 in New York
    expect(await runs("2026-11-23T13:05:00Z")).toBe(1);
    expect(await runs("2026-11-23T13:20:00Z")).toBe(1); // the next cron run: nothing new

    const id = `digest:${admin.organizationId}:2026-W48:email:${admin.userId}`;
    await eventually(async () => (await deliveryRow(id))?.status === "delivered");
    const email = await env.DB.prepare("select subject, html, text from email_outbox where dedupe_key = ?")
      .bind(id)
      .first<{ subject: string; html: string; text: string }>();
    expect(email?.subject).toBe(`${organizationName}: your weekly Undertone digest (week of Nov 23, 2026)`);
    expect(email?.text).toContain("THE FIVE NUMBERS");
    expect(email?.text).not.toContain(TRANSCRIPT);
    await eventually(
      async () => (await deliveryRow(`digest:${admin.organizationId}:2026-W48:slack`))?.status === "delivered",
    );
    // The channel's digest: one person answered, so not even the team's figures (they would be hers).
    const [post, ...more] = (await channelPosts()).filter((p) => p.text.includes(organizationName));
    expect(more).toEqual([]);
    expect(post?.text).toContain(`*Weekly digest — ${organizationName} (week of Nov 23, 2026)*`);
    expect(post?.text).toContain("Too few people answered this week to share the team's figures here.");
    expect(post?.text).not.toMatch(/Dora|Notify|Pricing approvals|Morale:/);
    // The digest too goes only to verified, active Admins.
    for (const other of unreachable) {
      expect(await deliveryRow(`digest:${admin.organizationId}:2026-W48:email:${other.userId}`)).toBeNull();
      expect(await countRows("email_outbox", `to_address = '${other.email}' and kind = 'weekly_digest'`)).toBe(0);
    }

    const preview = await requestAs(admin, "/api/notifications/digest-preview");
    expect(preview.status).toBe(200);
    const body = (await preview.json()) as { subject: string; html: string; weekOf: string };
    expect(body.html).toContain(`Weekly digest — ${organizationName}`);
    expect(body.html).toContain(`/dashboard/team/${memberId}`);
    expect(body.weekOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
