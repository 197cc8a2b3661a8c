import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashCheckInToken } from "../../worker/checkin/token";
import { createDb } from "../../worker/db/client";
import { readConfig } from "../../worker/lib/config";
import { EXAMPLE_SECRET, UNSAFE_CONFIGURATION_MESSAGE } from "../../worker/lib/keys";
import { createCheckInResponseSchema, teamMemberResponseSchema } from "../../worker/shared/team";
import { openToken, sealToken, signState, verifyState } from "../../worker/slack/crypto";
import { slackConnection } from "../../worker/slack/installation";
import { checkInLinkToken } from "../../worker/team/link-token";
import { cookieHeader, createAdmin, latestEmail, randomIp, requestAs, type TestAdmin } from "./auth-helpers";
import { requestWithEnv } from "./helpers";
import { connectSlack } from "./notify-helpers";
import { INTEGRATION_VARS } from "./vars";

/**
 * BETTER_AUTH_SECRET (issue 22 item 6): one key per purpose (HKDF with a label), a
 * production deployment that refuses a short or example secret, and a rotation that keeps
 * open links, the sealed Slack token and an install under way working while the previous
 * secret is kept (BETTER_AUTH_SECRET_PREVIOUS), for one period.
 */
const OLD = INTEGRATION_VARS.BETTER_AUTH_SECRET;
const NEW = "rotated-secret-fedcba9876543210fedcba9876543210";
const rotated = { BETTER_AUTH_SECRET: NEW, BETTER_AUTH_SECRET_PREVIOUS: OLD };
const secretsOf = (current: string, previous: string | null = null) => ({ current, previous });

/**
 * An Admin's request after a rotation. better-auth signs session cookies with the current
 * secret alone, so a rotation signs everyone out (README → Configuration): the Admin signs in
 * again under the new secret first.
 */
async function asAdmin(admin: TestAdmin, path: string, overrides: Partial<Env>, init: RequestInit = {}) {
  const signedIn = await requestWithEnv("/api/auth/sign-in/email", overrides, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": randomIp() },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  });
  expect(signedIn.status).toBe(200);
  return requestWithEnv(path, overrides, {
    ...init,
    headers: { cookie: cookieHeader(signedIn), "content-type": "application/json" },
  });
}

describe("one key per purpose", () => {
  it("link tokens, Slack sealing and the OAuth state use different keys, none of them the raw secret", async () => {
    const id = "check-in-1";
    const link = await checkInLinkToken(OLD, id);
    // The raw secret as an HMAC key (what links used before) gives another token.
    const raw = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(OLD),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const rawMac = btoa(
      String.fromCharCode(...new Uint8Array(await crypto.subtle.sign("HMAC", raw, new TextEncoder().encode(id)))),
    );
    expect(link).not.toBe(rawMac.replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, ""));
    // A state signed under the link key would verify only if the purposes shared a key: it does not.
    const state = await signState(secretsOf(OLD), "org", "user", Date.now());
    const [payload] = state.split(".");
    const forged = `${payload}.${await checkInLinkToken(OLD, payload ?? "")}`;
    expect(await verifyState(secretsOf(OLD), forged, Date.now())).toBeNull();
    expect(await verifyState(secretsOf(OLD), state, Date.now())).toMatchObject({ organizationId: "org" });
  });
});

describe("production refuses an unsafe secret", () => {
  const production = { APP_ENV: "production" } as const;
  it.each([
    ["the example value", EXAMPLE_SECRET],
    ["a short one", "too-short-0123456789"],
    ["none", ""],
  ])("refuses every API call with %s, and says so without naming the rule", async (_what, secret) => {
    for (const path of ["/api/health", "/api/me", "/api/check-in/x?token=y"]) {
      const response = await requestWithEnv(path, { ...production, BETTER_AUTH_SECRET: secret });
      expect(response.status, path).toBe(503);
      expect(await response.json()).toEqual({
        error: { code: "unsafe_configuration", message: UNSAFE_CONFIGURATION_MESSAGE },
      });
    }
  });

  it("refuses an unsafe previous secret too, and accepts a strong pair (positive control)", async () => {
    expect(
      (await requestWithEnv("/api/health", { ...production, ...rotated, BETTER_AUTH_SECRET_PREVIOUS: EXAMPLE_SECRET }))
        .status,
    ).toBe(503);
    expect((await requestWithEnv("/api/health", { ...production, ...rotated })).status).toBe(200);
  });

  it("allows the example secret in development (npm run dev works out of the box)", async () => {
    expect((await requestWithEnv("/api/health", { BETTER_AUTH_SECRET: EXAMPLE_SECRET })).status).toBe(200);
  });
});

describe("rotating the secret", () => {
  async function sentCheckIn(admin: TestAdmin, email: string) {
    const member = await requestAs(admin, "/api/team-members", {
      method: "POST",
      body: JSON.stringify({ firstName: "Rae", lastName: "Otate", email }),
    });
    const memberId = teamMemberResponseSchema.parse(await member.json()).member.id;
    const sent = await requestAs(admin, "/api/check-ins", {
      method: "POST",
      body: JSON.stringify({ teamMemberId: memberId }),
    });
    return createCheckInResponseSchema.parse(await sent.json()).id;
  }

  it("keeps an open check-in's link: it opens, and a resend carries the same link, while the previous secret is kept", async () => {
    const admin = await createAdmin({ companyName: "Rotate Co" });
    const id = await sentCheckIn(admin, "rae@rotate.example");
    const oldToken = await checkInLinkToken(OLD, id);
    const opened = await requestWithEnv(`/api/check-in/${id}?token=${encodeURIComponent(oldToken)}`, rotated);
    expect(opened.status).toBe(200);
    expect((await asAdmin(admin, `/api/check-ins/${id}/resend`, rotated, { method: "POST" })).status).toBe(200);
    expect((await latestEmail("rae@rotate.example", "check_in_invite"))?.text).toContain(`token=${oldToken}`);
    const row = await env.DB.prepare("select token_hash from check_ins where id = ?")
      .bind(id)
      .first<string>("token_hash");
    expect(row).toBe(await hashCheckInToken(oldToken));
  });

  it("once the previous secret is gone, a resend carries a new working link (the old one stops)", async () => {
    const admin = await createAdmin({ companyName: "Forgot Co" });
    const id = await sentCheckIn(admin, "rae@forgot.example");
    const oldToken = await checkInLinkToken(OLD, id);
    const newToken = await checkInLinkToken(NEW, id);
    const only = { BETTER_AUTH_SECRET: NEW };
    expect((await asAdmin(admin, `/api/check-ins/${id}/resend`, only, { method: "POST" })).status).toBe(200);
    const mail = await latestEmail("rae@forgot.example", "check_in_invite");
    expect(mail?.text).toContain(`token=${newToken}`);
    expect((await requestWithEnv(`/api/check-in/${id}?token=${encodeURIComponent(newToken)}`, only)).status).toBe(200);
    expect((await requestWithEnv(`/api/check-in/${id}?token=${encodeURIComponent(oldToken)}`, only)).status).toBe(404);
  });

  it("opens a Slack token sealed under the previous secret and seals it again under the new one", async () => {
    const admin = await createAdmin({ companyName: "Slack Rotate Co" });
    await connectSlack(admin);
    const before = await env.DB.prepare("select bot_token_sealed from slack_installations where organization_id = ?")
      .bind(admin.organizationId)
      .first<string>("bot_token_sealed");
    const token = (await openToken(secretsOf(OLD), before ?? "")).token;
    const db = createDb(env.DB);
    const config = readConfig({ ...env, ...rotated });
    expect((await slackConnection(db, config, admin.organizationId))?.token).toBe(token);
    const after = await env.DB.prepare("select bot_token_sealed from slack_installations where organization_id = ?")
      .bind(admin.organizationId)
      .first<string>("bot_token_sealed");
    expect(after).not.toBe(before);
    // Now under the new key alone: the previous secret can go.
    expect(await openToken(secretsOf(NEW), after ?? "")).toEqual({ token, current: true });
    await expect(openToken(secretsOf(OLD), after ?? "")).rejects.toThrow();
    expect(await sealToken(secretsOf(NEW), token)).not.toBe(after); // a fresh IV each time
  });

  it("accepts an OAuth state signed under the previous secret while it is kept, and not after", async () => {
    const state = await signState(secretsOf(OLD), "org-r", "user-r", Date.now());
    expect(await verifyState(secretsOf(NEW, OLD), state, Date.now())).toMatchObject({ userId: "user-r" });
    expect(await verifyState(secretsOf(NEW), state, Date.now())).toBeNull();
  });
});
