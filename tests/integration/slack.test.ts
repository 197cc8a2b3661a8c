import { createMessageBatch } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import type { NotifyMessage } from "../../worker/notify/messages";
import { createAdmin, latestEmail, requestAs, type TestAdmin } from "./auth-helpers";
import { countRows, requestWithEnv } from "./helpers";
import { connectSlack, deliveryRow, eventually, slackPosts } from "./notify-helpers";
import { SLACK_STANDIN, SLACK_VISIBLE_CHANNELS } from "./slack-vars";

/**
 * "Add to Slack" against the stand-in: the OAuth v2 install with its state checked, the
 * bot token stored sealed, the channel picker, Slack's signed events, and check-in
 * invitations as DMs with the email fallback.
 */
type Recorded = { method: string; path: string; body: string };
const slackRequests = async () => (await (await fetch(`${env.SLACK_STANDIN_URL}/__requests`)).json()) as Recorded[];
const exchanges = async () => (await slackRequests()).filter((r) => r.path === "/api/oauth.v2.access").length;

/** Has the stand-in (as Slack) call POST /api/slack/events, signed. */
async function slackEvent(payload: unknown, options: { secret?: string; ageSeconds?: number } = {}) {
  // Signed as Slack signs (v0:{timestamp}:{body}, HMAC-SHA256); the browser e2e has the stand-in itself call the app.
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0));
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(options.secret ?? SLACK_STANDIN.signingSecret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`v0:${timestamp}:${body}`)),
  );
  const signature = `v0=${[...mac].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
  return requestWithEnv(
    "/api/slack/events",
    {},
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-slack-request-timestamp": timestamp,
        "x-slack-signature": signature,
      },
      body,
    },
  );
}

describe("Add to Slack", () => {
  let admin: TestAdmin;
  beforeAll(async () => {
    admin = await createAdmin({ companyName: "Slack Install Co" });
  });

  it("sends the admin to Slack's authorize page with the client id, scopes, callback and a signed state", async () => {
    const install = await requestAs(admin, "/api/slack/install", { redirect: "manual" });
    expect(install.status).toBe(302);
    const url = new URL(install.headers.get("location") ?? "");
    expect(`${url.origin}${url.pathname}`).toBe(`${env.SLACK_STANDIN_URL}/oauth/v2/authorize`);
    expect(url.searchParams.get("client_id")).toBe(SLACK_STANDIN.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:5173/api/slack/oauth/callback");
    expect(url.searchParams.get("scope")).toContain("chat:write");
    expect(url.searchParams.get("state")).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it("refuses a forged, tampered or another admin's state before any code exchange, and stores nothing", async () => {
    const other = await createAdmin({ companyName: "Other Slack Co" });
    const install = await requestAs(other, "/api/slack/install", { redirect: "manual" });
    const state = new URL(install.headers.get("location") ?? "").searchParams.get("state") ?? "";
    const [payload = "", signature = ""] = state.split(".");
    const before = await exchanges();
    for (const bad of ["forged", `${payload}.${signature.slice(0, -2)}xx`, `${payload}x.${signature}`, state]) {
      const response = await requestAs(
        admin,
        `/api/slack/oauth/callback?code=code-x&state=${encodeURIComponent(bad)}`,
        {
          redirect: "manual",
        },
      );
      expect(response.headers.get("location")).toBe("/dashboard/settings?slack=invalid_state");
    }
    expect(await exchanges()).toBe(before);
    expect(await countRows("slack_installations", `organization_id = '${admin.organizationId}'`)).toBe(0);
    // Not signed in at all: 401, never a redirect.
    expect((await requestWithEnv("/api/slack/oauth/callback?code=x&state=y", {})).status).toBe(401);
  });

  it("connects, lists channels, stores the bot token sealed (never in a response), and disconnects", async () => {
    await connectSlack(admin, "C0ALERTS");
    const row = await env.DB.prepare("select * from slack_installations where organization_id = ?")
      .bind(admin.organizationId)
      .first<Record<string, string>>();
    expect(row).toMatchObject({ team_id: SLACK_STANDIN.teamId, channel_id: "C0ALERTS", channel_name: "sales-alerts" });
    expect(row?.bot_token_sealed).not.toContain("xoxb-");
    const settings = await (await requestAs(admin, "/api/notifications/settings")).text();
    expect(JSON.parse(settings)).toMatchObject({
      slack: { configured: true, connected: true, teamName: SLACK_STANDIN.teamName, channelName: "sales-alerts" },
    });
    const channels = await (await requestAs(admin, "/api/slack/channels")).text();
    // Every public channel and the private one the app was invited to; not the private one it was not.
    expect(JSON.parse(channels)).toEqual({ channels: SLACK_VISIBLE_CHANNELS });
    expect(SLACK_VISIBLE_CHANNELS.map((c) => c.id)).toEqual(["C0ALERTS", "C0GENERAL", "C0LEADS"]);
    for (const body of [settings, channels]) expect(body).not.toContain("xoxb-");

    for (const channelId of ["C0NOPE", "C0BOARD"]) {
      // Unknown, or private without the app in it: refused, and the choice stays.
      const refused = await requestAs(admin, "/api/slack/settings", {
        method: "PUT",
        body: JSON.stringify({ channelId, dmInvitations: false }),
      });
      expect(refused.status).toBe(400);
    }
    expect(
      await env.DB.prepare("select channel_id from slack_installations where organization_id = ?")
        .bind(admin.organizationId)
        .first("channel_id"),
    ).toBe("C0ALERTS");

    // A private channel the app was invited to: chosen without a join (Slack refuses one), marked private.
    const joinsBefore = (await slackRequests()).filter((r) => r.path === "/api/conversations.join").length;
    const privately = await requestAs(admin, "/api/slack/settings", {
      method: "PUT",
      body: JSON.stringify({ channelId: "C0LEADS", dmInvitations: false, alertDms: true }),
    });
    expect(privately.status, await privately.clone().text()).toBe(200);
    expect((await slackRequests()).filter((r) => r.path === "/api/conversations.join").length).toBe(joinsBefore);
    const status = (await (await requestAs(admin, "/api/notifications/settings")).json()) as { slack: unknown };
    expect(status.slack).toMatchObject({
      channelId: "C0LEADS",
      channelName: "sales-leads",
      channelPrivate: true,
      alertDms: true,
    });

    expect((await requestAs(admin, "/api/slack", { method: "DELETE" })).status).toBe(200);
    expect(await countRows("slack_installations", `organization_id = '${admin.organizationId}'`)).toBe(0);
  });

  it("an installation from before private channels (no groups:read) still lists and saves its public channels", async () => {
    const older = await createAdmin({ companyName: "Older Slack Co" });
    const install = await requestAs(older, "/api/slack/install", { redirect: "manual" });
    // Approved with the scopes the app asked for before it listed private channels.
    const authorizeUrl = new URL(install.headers.get("location") ?? "");
    authorizeUrl.searchParams.set(
      "scope",
      (authorizeUrl.searchParams.get("scope") ?? "")
        .split(",")
        .filter((scope) => scope !== "groups:read")
        .join(","),
    );
    const authorize = await fetch(authorizeUrl, { redirect: "manual" });
    const back = new URL(authorize.headers.get("location") ?? "");
    const done = await requestAs(older, `${back.pathname}${back.search}`, { redirect: "manual" });
    expect(done.headers.get("location")).toBe("/dashboard/settings?slack=connected");
    const channels = await requestAs(older, "/api/slack/channels");
    expect(channels.status).toBe(200);
    expect(await channels.json()).toEqual({ channels: SLACK_VISIBLE_CHANNELS.filter((c) => !c.isPrivate) });
    const saved = await requestAs(older, "/api/slack/settings", {
      method: "PUT",
      body: JSON.stringify({ channelId: "C0GENERAL", dmInvitations: false }),
    });
    expect(saved.status).toBe(200);
  });

  it("without the three Slack variables, Settings is told Slack is not configured and install answers 503", async () => {
    const unconfigured = { SLACK_CLIENT_ID: "", SLACK_CLIENT_SECRET: "", SLACK_SIGNING_SECRET: "" };
    const settings = await requestWithEnv("/api/notifications/settings", unconfigured, {
      headers: { cookie: admin.cookie },
    });
    expect(((await settings.json()) as { slack: { configured: boolean } }).slack.configured).toBe(false);
    const install = await requestWithEnv("/api/slack/install", unconfigured, { headers: { cookie: admin.cookie } });
    expect(install.status).toBe(503);
  });
});

describe("Slack's requests to us are verified with the signing secret", () => {
  it("answers a signed url_verification, refuses a wrong signature, a stale timestamp and an unsigned request", async () => {
    const ok = await slackEvent({ type: "url_verification", challenge: "challenge-123" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ challenge: "challenge-123" });
    expect((await slackEvent({ type: "url_verification", challenge: "x" }, { secret: "wrong" })).status).toBe(401);
    expect((await slackEvent({ type: "url_verification", challenge: "x" }, { ageSeconds: 600 })).status).toBe(401);
    const unsigned = await requestWithEnv("/api/slack/events", {}, { method: "POST", body: "{}" });
    expect(unsigned.status).toBe(401);
  });

  it("forgets the workspace when Slack says the app was uninstalled", async () => {
    const admin = await createAdmin({ companyName: "Uninstall Co" });
    await connectSlack(admin);
    const gone = await slackEvent({
      type: "event_callback",
      team_id: SLACK_STANDIN.teamId,
      event: { type: "app_uninstalled" },
    });
    expect(gone.status).toBe(200);
    expect(await countRows("slack_installations", `organization_id = '${admin.organizationId}'`)).toBe(0);
  });
});

describe("check-in invitations as Slack DMs", () => {
  it("DMs a member the workspace knows, and emails one it does not", async () => {
    const admin = await createAdmin({ companyName: "DM Co" });
    await connectSlack(admin, null, true);
    const add = async (email: string, firstName: string) => {
      const response = await requestAs(admin, "/api/team-members", {
        method: "POST",
        body: JSON.stringify({ firstName, lastName: "Dm", email }),
      });
      return ((await response.json()) as { member: { id: string } }).member.id;
    };
    const found = await add("dm.found@member.example", "Found");
    const missing = await add(`dm.missing-${crypto.randomUUID()}@member.example`, "Missing");
    const send = async (teamMemberId: string) =>
      (await (
        await requestAs(admin, "/api/check-ins", { method: "POST", body: JSON.stringify({ teamMemberId }) })
      ).json()) as { id: string; email: string };
    const dm = await send(found);
    const mail = await send(missing);
    expect(dm.email).toBe("sent");

    const dmRow = await eventually(async () => {
      const row = await deliveryRow(`check-in-invite:${dm.id}`);
      return row?.status === "delivered" ? row : null;
    });
    expect(dmRow).toMatchObject({ kind: "invitation", channel: "slack", recipient: "dm.found@member.example" });
    const post = (await slackPosts()).find((p) => p.channel === "U0FOUND" && p.text.includes(`/check-in/${dm.id}`));
    expect(post?.text).toContain("your 10-minute check-in is ready");
    expect(await latestEmail("dm.found@member.example", "check_in_invite")).toBeNull();

    const mailRow = await eventually(async () => {
      const row = await deliveryRow(`check-in-invite:${mail.id}`);
      return row?.status === "delivered" ? row : null;
    });
    expect(mailRow).toMatchObject({ channel: "email" });
    expect((await slackPosts()).some((p) => p.text.includes(`/check-in/${mail.id}`))).toBe(false);
  });

  it("an invitation queued for a DM goes by email when Slack was disconnected meanwhile", async () => {
    const admin = await createAdmin({ companyName: "Gone Slack Co" });
    await connectSlack(admin, null, true);
    const email = "dm.found@member.example";
    const added = await requestAs(admin, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({ firstName: "Gina", lastName: "Gone", email }),
    });
    const memberId = ((await added.json()) as { member: { id: string } }).member.id;
    // An open check-in whose invitation the test delivers as the queue would, after the disconnect.
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "insert into check_ins (id, organization_id, team_member_id, token_hash, status, duration_minutes, expires_at, created_at) values (?, ?, ?, 'h', 'pending', 10, ?, ?)",
    )
      .bind(id, admin.organizationId, memberId, Date.now() + 86_400_000, Date.now())
      .run();
    expect((await requestAs(admin, "/api/slack", { method: "DELETE" })).status).toBe(200);
    const person = { audience: "person" as const, address: email };
    const body: NotifyMessage = {
      type: "send",
      delivery: {
        id: `check-in-invite:${id}`,
        organizationId: admin.organizationId,
        kind: "invitation",
        channel: "slack",
        target: person,
        fallback: { channel: "email", target: person },
        label: "Check-in invitation",
      },
      notice: { kind: "check_in_invite", checkInId: id },
    };
    await worker.queue(
      createMessageBatch("undertone-notifications", [{ id: "gone-1", timestamp: new Date(), attempts: 1, body }]),
      env,
    );
    expect(await deliveryRow(`check-in-invite:${id}`)).toMatchObject({ status: "delivered", channel: "email" });
    const invitation = await env.DB.prepare("select text from email_outbox where dedupe_key = ?")
      .bind(`check-in-invite:${id}`)
      .first<{ text: string }>();
    expect(invitation?.text).toContain(`/check-in/${id}?token=`);
  });
});
