import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD_RESET_SENT_MESSAGE } from "../../worker/shared/auth";
import { createAdmin, emailedLink, latestEmail, postJson, requestAs, signIn } from "./auth-helpers";
import { countRows } from "./helpers";
import { INTEGRATION_VARS } from "./vars";

/** Issue 25 §3: "Forgot password?" and "Change password". */
const requestReset = (email: string, ip?: string) =>
  postJson("/api/auth/request-password-reset", { email }, ip ? { "cf-connecting-ip": ip } : {});
const resetPassword = (token: string, newPassword: string) =>
  postJson("/api/auth/reset-password", { token, newPassword });
/** Whether the reset link's token still works, asked without using it (the page asks on arrival). */
const linkUsable = async (token: string) => {
  const response = await postJson("/api/auth/reset-password/check", { token });
  expect(response.status).toBe(200);
  const body = await response.text();
  expect(body).not.toContain(token);
  return (JSON.parse(body) as { usable: boolean }).usable;
};
const sessionsOf = (userId: string) => countRows("session", `user_id = '${userId}'`);
const meStatus = async (cookie: string) => (await requestAs({ cookie }, "/api/me")).status;

describe("forgot password", () => {
  it("emails a one-time link, stored only as a hash, that sets a new password and ends every session", async () => {
    const admin = await createAdmin();
    const other = await signIn(admin.email, admin.password);
    expect(await sessionsOf(admin.userId)).toBe(2);

    const sent = await requestReset(admin.email);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ status: true, message: PASSWORD_RESET_SENT_MESSAGE });
    const mail = await latestEmail(admin.email, "password_reset");
    expect(mail?.subject).toBe("Reset your Undertone password");
    const link = await emailedLink(admin.email, "password_reset");
    expect(link.url.origin + link.url.pathname).toBe(`${INTEGRATION_VARS.BETTER_AUTH_URL}/auth/callback`);
    expect(link.type).toBe("recovery");
    expect(link.token.length).toBeGreaterThanOrEqual(24);
    // Hashed at rest: no verification row holds the token in any form that can be replayed.
    expect(await countRows("verification", `identifier like '%${link.token}%' or value like '%${link.token}%'`)).toBe(
      0,
    );

    // Asking twice uses nothing up.
    expect(await linkUsable(link.token)).toBe(true);
    expect(await linkUsable(link.token)).toBe(true);
    const reset = await resetPassword(link.token, "a-brand-new-password");
    expect(reset.status, await reset.clone().text()).toBe(200);
    // Every session of the user ended; the old password no longer works, the new one does.
    expect(await sessionsOf(admin.userId)).toBe(0);
    expect(await meStatus(admin.cookie)).toBe(401);
    expect(await meStatus(other.cookie)).toBe(401);
    expect((await signIn(admin.email, admin.password)).response.status).toBe(401);
    expect((await signIn(admin.email, "a-brand-new-password")).response.status).toBe(200);

    // Single use.
    const again = await resetPassword(link.token, "yet-another-password");
    expect(again.status).toBe(400);
    expect((await signIn(admin.email, "yet-another-password")).response.status).toBe(401);
    expect(await linkUsable(link.token)).toBe(false);
  });

  it("answers an unknown address exactly as a known one, and sends nothing", async () => {
    const email = `nobody-${Date.now()}@example.com`;
    const unknown = await requestReset(email);
    const admin = await createAdmin();
    const known = await requestReset(admin.email);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    expect(await latestEmail(email, "password_reset")).toBeNull();
  });

  it("refuses an expired link and a made-up one", async () => {
    const admin = await createAdmin();
    await requestReset(admin.email);
    const { token } = await emailedLink(admin.email, "password_reset");
    await env.DB.prepare("update verification set expires_at = ? where identifier not like '2fa-%'")
      .bind(Date.now() - 1000)
      .run();
    expect(await linkUsable(token)).toBe(false);
    expect(await linkUsable("made-up-token-000000000000")).toBe(false);
    expect((await resetPassword(token, "a-brand-new-password")).status).toBe(400);
    expect((await resetPassword("made-up-token-000000000000", "a-brand-new-password")).status).toBe(400);
    // A token past any real one's length is refused before anything reads it.
    expect((await postJson("/api/auth/reset-password/check", { token: "x".repeat(129) })).status).toBe(400);
    expect((await signIn(admin.email, admin.password)).response.status).toBe(200);
  });

  it("is rate limited like the magic link: the fourth request for one address in 10 minutes is refused", async () => {
    const admin = await createAdmin();
    for (let i = 0; i < 3; i++) expect((await requestReset(admin.email)).status).toBe(200);
    const fourth = await requestReset(admin.email);
    expect(fourth.status).toBe(429);
    expect(await countRows("email_outbox", `to_address = '${admin.email}' and kind = 'password_reset'`)).toBe(3);
  });

  it("counts against the organization's daily email cap, and answers the same when the cap is used", async () => {
    const admin = await createAdmin();
    const day = new Date().toISOString().slice(0, 10);
    // The cap is 50 + 5 per active salesperson; this organization has none. Use it up.
    await env.DB.prepare("insert into rate_limits (key, count, window_start) values (?, 50, ?)")
      .bind(`cap:email:${admin.organizationId}:${day}`, Date.now())
      .run();
    const sent = await requestReset(admin.email);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ status: true, message: PASSWORD_RESET_SENT_MESSAGE });
    expect(await latestEmail(admin.email, "password_reset")).toBeNull();
  });
});

describe("change password", () => {
  const changePassword = (cookie: string, body: Record<string, unknown>) =>
    requestAs({ cookie }, "/api/auth/change-password", {
      method: "POST",
      headers: { origin: INTEGRATION_VARS.BETTER_AUTH_URL },
      body: JSON.stringify(body),
    });

  it("needs the current password", async () => {
    const admin = await createAdmin();
    const wrong = await changePassword(admin.cookie, {
      currentPassword: "not-my-password",
      newPassword: "new-pass-123",
    });
    expect(wrong.status).toBe(400);
    expect((await signIn(admin.email, admin.password)).response.status).toBe(200);
    const anonymous = await changePassword("", { currentPassword: admin.password, newPassword: "new-pass-123" });
    expect(anonymous.status).toBe(401);
  });

  it("changes it and ends every other session, even when the client asks to keep them", async () => {
    const admin = await createAdmin();
    const other = await signIn(admin.email, admin.password);
    const changed = await changePassword(admin.cookie, {
      currentPassword: admin.password,
      newPassword: "new-pass-123",
      revokeOtherSessions: false,
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(JSON.stringify(await changed.clone().json())).not.toMatch(/"token"/);
    // The session that changed it continues (with a fresh cookie); the other one ended.
    const current = changed.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    expect(await meStatus(current)).toBe(200);
    expect(await meStatus(other.cookie)).toBe(401);
    expect(await sessionsOf(admin.userId)).toBe(1);
    expect((await signIn(admin.email, "new-pass-123")).response.status).toBe(200);
    expect((await signIn(admin.email, admin.password)).response.status).toBe(401);
  });
});
