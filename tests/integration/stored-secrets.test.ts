import { createScheduledController } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashDeviceSecret } from "../../worker/checkin/device";
import { createDb } from "../../worker/db/client";
import { sendEmail } from "../../worker/email/send";
import worker from "../../worker/index";
import { OPERATIONAL_RETENTION_DAYS } from "../../worker/schedule/operational-retention";
import { createCheckInResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { DAY_MS } from "../../worker/shared/time";
import { createAdmin, latestEmail, randomIp, requestAs } from "./auth-helpers";
import { ChatClient, claimChat, linkOf, newAttempt } from "./checkin-helpers";
import { countRows, request, requestWithEnv } from "./helpers";
import { objectStorage, storedStrings } from "./object-storage";
import { INTEGRATION_VARS, type RecordedRequest } from "./vars";

/**
 * Issue 12 item 10: stored copies keep no secrets, and the app's own records do not stay
 * forever. Outside development the email log keeps each body without its link secrets
 * (the provider still gets the whole email); a check-in's object keeps hashes only (issue
 * 12 item 14: the secrets scan reads its storage too; abuse-secrets.test.ts reads every D1
 * table); email_outbox, rate_limits and audit_logs are pruned by the daily retention run.
 */
const PRODUCTION = {
  APP_ENV: "production",
  EMAIL_API_KEY: "re_stored_secrets",
  EMAIL_API_URL: env.EMAIL_STANDIN_URL,
} as const;

async function deliveredTo(to: string): Promise<RecordedRequest[]> {
  const all = (await (await fetch(`${env.EMAIL_STANDIN_URL}/__requests`)).json()) as RecordedRequest[];
  return all.filter((r) => r.path === "/emails" && r.body.includes(to));
}

const storedTo = (to: string) =>
  env.DB.prepare("select kind, html, text from email_outbox where to_address = ?")
    .bind(to)
    .all<{ kind: string; html: string; text: string }>();

describe("email_outbox keeps no link secrets outside development", () => {
  it("stores magic-link and check-in emails without their tokens, while the delivered email has them", async () => {
    const admin = await createAdmin();
    const magic = await requestWithEnv("/api/auth/sign-in/magic-link", PRODUCTION, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": randomIp() },
      body: JSON.stringify({ email: admin.email }),
    });
    expect(magic.status).toBe(200);

    // A check-in invitation is delivered by the notifications queue's consumer, which stores
    // and sends it through sendEmail: the same call here, with the production configuration
    // and the invitation's own link shape (?token=).
    const memberEmail = `stored-${Date.now()}@example.com`;
    const token = "a".repeat(43);
    const link = `https://undertone.example/check-in/ci-stored?token=${token}`;
    const sent = await sendEmail({ ...env, ...PRODUCTION }, createDb(env.DB), {
      to: memberEmail,
      subject: "Your check-in",
      html: `<a href="${link}">Start your check-in</a>`,
      text: `Start your check-in: ${link}`,
      kind: "check_in_invite",
      dedupeKey: `stored-secrets-${memberEmail}`,
      organizationId: admin.organizationId,
    });
    expect(sent.status).toBe("sent");

    // (The admin's verification email was sent in development, by createAdmin: left out.)
    for (const [to, parameter, kind] of [
      [admin.email, "token_hash", "magic_link"],
      [memberEmail, "token", null],
    ] as const) {
      const [delivered] = await deliveredTo(to);
      if (!delivered) throw new Error(`the provider got no email to ${to}`);
      const sentText = (JSON.parse(delivered.body) as { text: string }).text;
      const link = sentText.match(/https?:\/\/\S+/)?.[0] ?? "";
      const secret = new URL(link).searchParams.get(parameter) ?? "";
      // Positive control: the delivered email carries a real secret.
      expect(secret.length, `${to}: ${link}`).toBeGreaterThan(20);

      const rows = (await storedTo(to)).results.filter((row) => !kind || row.kind === kind);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row.text).not.toContain(secret);
        expect(row.html).not.toContain(secret);
        expect(row.text).toContain(`${parameter}=[removed]`);
      }
    }
  });

  it("stores a fresh link's email without its claim (nor the token beside it); the member's inbox gets both", async () => {
    const admin = await createAdmin({ companyName: "Stored Claim Co" });
    const memberEmail = `claim-${Date.now()}@example.com`;
    const added = await requestAs(admin, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({ firstName: "Cleo", lastName: "Claim", email: memberEmail }),
    });
    const memberId = teamMemberResponseSchema.parse(await added.json()).member.id;
    const created = await requestAs(admin, "/api/check-ins", {
      method: "POST",
      body: JSON.stringify({ teamMemberId: memberId }),
    });
    const link = await linkOf(createCheckInResponseSchema.parse(await created.json()).id);
    const query = `?token=${encodeURIComponent(link.token)}`;
    // Started once (the chat is owned), then the member asks for a fresh link, in production.
    const started = await requestWithEnv(`/api/check-in/${link.id}/claim${query}`, PRODUCTION, {
      method: "POST",
      headers: { "cf-connecting-ip": randomIp(), "Content-Type": "application/json" },
      body: JSON.stringify({ attempt: newAttempt() }),
    });
    expect(started.status, await started.clone().text()).toBe(200);
    const fresh = await requestWithEnv(`/api/check-in/${link.id}/fresh-link${query}`, PRODUCTION, {
      method: "POST",
      headers: { "cf-connecting-ip": randomIp() },
    });
    expect(fresh.status, await fresh.clone().text()).toBe(200);

    const [delivered] = (await deliveredTo(memberEmail)).filter((r) => r.body.includes("claim="));
    if (!delivered) throw new Error("the provider got no fresh link");
    const sentText = (JSON.parse(delivered.body) as { text: string }).text;
    const claim = new URL(sentText.match(/https?:\/\/\S+/)?.[0] ?? "http://x").searchParams.get("claim") ?? "";
    // Positive control: the delivered email carries the claim.
    expect(claim).toHaveLength(43);
    const rows = (await storedTo(memberEmail)).results.filter((row) => row.kind === "check_in_fresh_link");
    expect(rows).toHaveLength(1);
    for (const row of rows) {
      for (const body of [row.text, row.html]) {
        expect(body).not.toContain(claim);
        expect(body).not.toContain(link.token);
      }
      expect(row.text).toContain("claim=[removed]");
      expect(row.text).toContain("token=[removed]");
    }
  });
});

describe("the check-in's object keeps no secret in clear", () => {
  /** Every secret this check-in handled, looked for in every row and key of its object's storage. */
  async function scan(checkInId: string, secrets: [string, string][]) {
    const stored = storedStrings(await objectStorage(checkInId));
    const found: string[] = [];
    for (const [what, secret] of secrets) {
      expect(secret.length, what).toBeGreaterThanOrEqual(32);
      for (const { place, value } of stored) if (value.includes(secret)) found.push(`${what} in ${place}`);
    }
    return { stored, found };
  }

  it("stores the hashes of the device secret and a fresh link's claim, never the link token or either secret", async () => {
    const admin = await createAdmin({ companyName: "Stored Object Co" });
    const memberEmail = `object-${Date.now()}@example.com`;
    const added = await requestAs(admin, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({ firstName: "Oona", lastName: "Object", email: memberEmail }),
    });
    expect(added.status).toBe(201);
    const memberId = teamMemberResponseSchema.parse(await added.json()).member.id;
    const created = await requestAs(admin, "/api/check-ins", {
      method: "POST",
      body: JSON.stringify({ teamMemberId: memberId }),
    });
    expect(created.status).toBe(201);
    const link = await linkOf(createCheckInResponseSchema.parse(await created.json()).id);
    const secrets: [string, string][] = [
      ["the link token", link.token],
      ["BETTER_AUTH_SECRET", INTEGRATION_VARS.BETTER_AUTH_SECRET],
      ...admin.cookie
        .split("; ")
        .map((pair) => ["the admin's session cookie", pair.slice(pair.indexOf("=") + 1)] as [string, string]),
    ];

    // The chat started: the object starts, and this browser's device secret comes back in a cookie.
    const opened = await claimChat(link, { headers: { "cf-connecting-ip": randomIp() } });
    expect(opened.response.status).toBe(200);
    const deviceCookie = opened.cookie ?? "";
    const device = deviceCookie.slice(deviceCookie.indexOf("=") + 1);
    expect(device).toHaveLength(43);
    secrets.push(["the device secret", device]);
    const first = await scan(link.id, secrets);
    expect(first.found).toEqual([]);
    // Positive control: the scan reads the row where the object keeps the device, as a hash.
    const deviceHash = await hashDeviceSecret(device);
    expect(first.stored).toContainEqual({ place: "owner.device_hash", value: deviceHash });

    // A chat, then a fresh link (its claim goes to the member's email only).
    const chat = await ChatClient.open(link, { Cookie: deviceCookie });
    await chat.say("The pricing desk takes four days to approve a discount.");
    chat.close();
    const fresh = await request(`/api/check-in/${link.id}/fresh-link?token=${encodeURIComponent(link.token)}`, {
      method: "POST",
      headers: { "cf-connecting-ip": randomIp() },
    });
    expect(fresh.status).toBe(200);
    const claim = (await latestEmail(memberEmail, "check_in_fresh_link"))?.text.match(/[?&]claim=([\w-]{43})/)?.[1];
    if (!claim) throw new Error("no fresh link in the member's email");
    secrets.push(["a fresh link's claim", claim]);

    const after = await scan(link.id, secrets);
    expect(after.found).toEqual([]);
    // Positive controls: what was said, and the claim's hash, are where the scan looked.
    expect(after.stored.some(({ value }) => value.includes("four days to approve a discount"))).toBe(true);
    expect(after.stored).toContainEqual({ place: "fresh_links.claim_hash", value: await hashDeviceSecret(claim) });
    expect(after.stored.length).toBeGreaterThan(20);
  });
});

describe("retention of the app's own records", () => {
  it("prunes old email_outbox, rate_limits and audit_logs rows in the daily run and keeps recent ones", async () => {
    const now = Date.now();
    const old = (days: number) => now - (days + 1) * DAY_MS;
    const fresh = now - 60_000;
    await env.DB.batch([
      ...[old(OPERATIONAL_RETENTION_DAYS.emailOutbox), fresh].map((at, i) =>
        env.DB.prepare(
          "insert into email_outbox (id, to_address, subject, html, text, kind, status, provider, created_at) values (?, 'retain@example.com', 's', 'h', 't', 'test', 'sent', 'outbox', ?)",
        ).bind(`retain-email-${i}`, at),
      ),
      ...[old(OPERATIONAL_RETENTION_DAYS.rateLimits), fresh].map((at, i) =>
        env.DB.prepare("insert into rate_limits (key, window_start, count) values (?, ?, 1)").bind(
          `retain:key-${i}`,
          at,
        ),
      ),
      ...[old(OPERATIONAL_RETENTION_DAYS.auditLogs), fresh].map((at, i) =>
        env.DB.prepare(
          "insert into audit_logs (id, action, target_type, created_at) values (?, 'retain.test', 'test', ?)",
        ).bind(`retain-audit-${i}`, at),
      ),
    ]);

    // 03:05 UTC: the retention hour of a scheduled run.
    const at = new Date(now);
    at.setUTCHours(3, 5, 0, 0);
    await worker.scheduled(createScheduledController({ scheduledTime: at.getTime(), cron: "*/15 * * * *" }), env);

    expect(await countRows("email_outbox", "id like 'retain-email-%'")).toBe(1);
    expect(await countRows("email_outbox", "id = 'retain-email-1'")).toBe(1);
    expect(await countRows("rate_limits", "key like 'retain:key-%'")).toBe(1);
    expect(await countRows("rate_limits", "key = 'retain:key-1'")).toBe(1);
    expect(await countRows("audit_logs", "id like 'retain-audit-%'")).toBe(1);
    expect(await countRows("audit_logs", "id = 'retain-audit-1'")).toBe(1);
  });
});
