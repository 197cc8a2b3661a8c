import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { TWO_FACTOR_KEPT_MESSAGE, TWO_FACTOR_REQUIRED_MESSAGE } from "../../worker/shared/auth";
import { totpCode } from "../fixtures/totp";
import {
  cookieHeader,
  createAdmin,
  createSuperAdmin,
  emailedLink,
  enableTwoFactor,
  postJson,
  requestAs,
  signIn,
  signInWithTotp,
  TEST_SUPERADMIN_EMAIL,
} from "./auth-helpers";
import { countRows, request } from "./helpers";
import { INTEGRATION_VARS } from "./vars";

/** Issue 25 §4: TOTP and recovery codes through better-auth's two-factor plugin. */
const withCookie = (cookie: string, path: string, body: unknown) =>
  requestAs({ cookie }, path, {
    method: "POST",
    headers: {
      origin: INTEGRATION_VARS.BETTER_AUTH_URL,
      "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 250)}.1`,
    },
    body: JSON.stringify(body),
  });
const me = async (cookie: string) => {
  const response = await requestAs({ cookie }, "/api/me");
  return { status: response.status, body: (await response.json()) as { user?: { twoFactorEnabled?: boolean } } };
};

describe("two factors at sign-in", () => {
  it("asks for a code after the password: no session until a right one", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    expect((await me(admin.cookie)).body.user?.twoFactorEnabled).toBe(true);
    const sessionsBefore = await countRows("session", `user_id = '${admin.userId}'`);

    const first = await signIn(admin.email, admin.password);
    expect(first.response.status).toBe(200);
    expect(await first.response.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(first.cookie).not.toMatch(/session_token=/);
    expect(await countRows("session", `user_id = '${admin.userId}'`)).toBe(sessionsBefore);

    const wrong = await withCookie(first.cookie, "/api/auth/two-factor/verify-totp", { code: "000000" });
    expect(wrong.status).toBe(401);
    expect(cookieHeader(wrong)).not.toMatch(/session_token=/);

    const right = await withCookie(first.cookie, "/api/auth/two-factor/verify-totp", {
      code: await totpCode(admin.secret),
    });
    expect(right.status, await right.clone().text()).toBe(200);
    expect(JSON.stringify(await right.clone().json())).not.toMatch(/"token"/);
    expect((await me(cookieHeader(right))).status).toBe(200);
  });

  it("takes a recovery code instead, once", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    const code = admin.backupCodes[0] ?? "";
    const first = await signIn(admin.email, admin.password);
    const used = await withCookie(first.cookie, "/api/auth/two-factor/verify-backup-code", { code });
    expect(used.status, await used.clone().text()).toBe(200);
    expect((await me(cookieHeader(used))).status).toBe(200);
    const again = await signIn(admin.email, admin.password);
    const reused = await withCookie(again.cookie, "/api/auth/two-factor/verify-backup-code", { code });
    expect(reused.status).toBe(401);
  });

  it("asks for it after a magic link too", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    await postJson("/api/auth/sign-in/magic-link", { email: admin.email });
    const { token } = await emailedLink(admin.email, "magic_link");
    const sessionsBefore = await countRows("session", `user_id = '${admin.userId}'`);
    const verified = await request(`/api/auth/magic-link/verify?token=${encodeURIComponent(token)}`, {
      redirect: "manual",
    });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieHeader(verified);
    expect(pending).not.toMatch(/session_token=/);
    expect(await countRows("session", `user_id = '${admin.userId}'`)).toBe(sessionsBefore);
    const right = await withCookie(pending, "/api/auth/two-factor/verify-totp", { code: await totpCode(admin.secret) });
    expect(right.status).toBe(200);
    expect((await me(cookieHeader(right))).status).toBe(200);
  });

  it("keeps the secret and the recovery codes encrypted at rest, and never shows the secret again", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    const row = await env.DB.prepare("select secret, backup_codes from two_factor where user_id = ?")
      .bind(admin.userId)
      .first<{ secret: string; backup_codes: string }>();
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain(admin.secret);
    for (const code of admin.backupCodes) expect(row?.backup_codes).not.toContain(code);
    const again = await withCookie(admin.cookie, "/api/auth/two-factor/get-totp-uri", { password: admin.password });
    expect(again.status).toBe(404);
    expect(await again.text()).not.toContain(admin.secret);
  });

  it("setting it up ends the user's other sessions, which began with one factor", async () => {
    const admin = await createAdmin();
    const other = await signIn(admin.email, admin.password);
    const enrolled = await enableTwoFactor(admin);
    expect((await me(other.cookie)).status).toBe(401);
    expect((await me(enrolled.cookie)).status).toBe(200);
    expect(await countRows("session", `user_id = '${admin.userId}'`)).toBe(1);
  });

  it("removing it needs the password, and sign-in then takes the password alone", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    const refused = await withCookie(admin.cookie, "/api/auth/two-factor/disable", { password: "wrong-password" });
    expect(refused.status).toBe(400);
    const removed = await withCookie(admin.cookie, "/api/auth/two-factor/disable", { password: admin.password });
    expect(removed.status).toBe(200);
    expect(await countRows("two_factor", `user_id = '${admin.userId}'`)).toBe(0);
    const plain = await signIn(admin.email, admin.password);
    expect(await plain.response.json()).toMatchObject({ user: { email: admin.email } });
  });
});

describe("two factors required", () => {
  it("the console opens only to a SuperAdmin who has them", async () => {
    // Sign-up and verification only: an allowlisted operator without an authenticator.
    await postJson("/api/auth/sign-up/email", {
      first_name: "Sam",
      last_name: "Operator",
      email: TEST_SUPERADMIN_EMAIL,
      password: "correct-horse-battery",
      company_name: "Ops",
    });
    const { token } = await emailedLink(TEST_SUPERADMIN_EMAIL, "verification");
    await request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    const bare = await signIn(TEST_SUPERADMIN_EMAIL, "correct-horse-battery");
    const refused = await requestAs({ cookie: bare.cookie }, "/api/admin/stats");
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: { code: "two_factor_required", message: TWO_FACTOR_REQUIRED_MESSAGE },
    });
    // /api/me still answers, so the page can offer the setup.
    expect((await me(bare.cookie)).body.user?.twoFactorEnabled).toBe(false);

    const operator = await createSuperAdmin();
    expect((await requestAs(operator, "/api/admin/stats")).status).toBe(200);
    const again = await signInWithTotp(operator.email, operator.password);
    expect((await requestAs({ cookie: again.cookie }, "/api/admin/stats")).status).toBe(200);
    // The console's second factor stays: the operator cannot remove it.
    const kept = await withCookie(again.cookie, "/api/auth/two-factor/disable", { password: operator.password });
    expect(kept.status).toBe(403);
    expect(await countRows("two_factor", `user_id = '${operator.userId}'`)).toBe(1);
  });

  it("an organization can require them of its Admins; only an Admin who has them can turn it on", async () => {
    const admin = await createAdmin();
    const rule = (cookie: string, required: boolean) =>
      requestAs({ cookie }, "/api/organization/two-factor", {
        method: "PUT",
        body: JSON.stringify({ requireAdminTwoFactor: required }),
      });
    const withoutOwn = await rule(admin.cookie, true);
    expect(withoutOwn.status).toBe(409);
    const enrolled = await enableTwoFactor(admin);
    const on = await rule(enrolled.cookie, true);
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await on.json()).toEqual({ requireAdminTwoFactor: true });

    // A colleague Admin of the same organization without an authenticator is stopped at the dashboard's API.
    const colleague = await createAdmin();
    await env.DB.prepare("update user set organization_id = ? where id = ?")
      .bind(admin.organizationId, colleague.userId)
      .run();
    const blocked = await requestAs(colleague, "/api/team-members");
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ error: { code: "two_factor_required" } });
    const colleagueMe = (await (await requestAs(colleague, "/api/me")).json()) as {
      organization: { requireAdminTwoFactor: boolean };
    };
    expect(colleagueMe.organization.requireAdminTwoFactor).toBe(true);
    const colleagueEnrolled = await enableTwoFactor(colleague);
    expect((await requestAs(colleagueEnrolled, "/api/team-members")).status).toBe(200);

    expect((await requestAs(enrolled, "/api/team-members")).status).toBe(200);
    // While the rule stands, an Admin cannot take their own authenticator away.
    const kept = await withCookie(enrolled.cookie, "/api/auth/two-factor/disable", { password: enrolled.password });
    expect(kept.status).toBe(403);
    expect(await kept.json()).toEqual({ error: { code: "two_factor_kept", message: TWO_FACTOR_KEPT_MESSAGE } });
    expect(await countRows("two_factor", `user_id = '${enrolled.userId}'`)).toBe(1);
    const off = await rule(enrolled.cookie, false);
    expect(await off.json()).toEqual({ requireAdminTwoFactor: false });
  });
});

describe("recovery codes left, and new ones", () => {
  const left = async (cookie: string, query = "") => {
    const response = await requestAs({ cookie }, `/api/me/recovery-codes${query}`);
    return { status: response.status, text: await response.text() };
  };
  const signInWithCode = async (email: string, password: string, code: string) => {
    const first = await signIn(email, password);
    return withCookie(first.cookie, "/api/auth/two-factor/verify-backup-code", { code });
  };

  it("counts the codes left after one signs in, and never shows them", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    const before = await left(admin.cookie);
    expect(before.status, before.text).toBe(200);
    expect(JSON.parse(before.text)).toEqual({ left: 10 });
    const used = await signInWithCode(admin.email, admin.password, admin.backupCodes[0] ?? "");
    expect(used.status, await used.clone().text()).toBe(200);
    const after = await left(cookieHeader(used));
    expect(JSON.parse(after.text)).toEqual({ left: 9 });
    for (const code of admin.backupCodes) expect(after.text).not.toContain(code);
    // Only the caller's own: another user's id in the query changes nothing.
    const other = await enableTwoFactor(await createAdmin());
    expect(JSON.parse((await left(other.cookie, `?userId=${admin.userId}`)).text)).toEqual({ left: 10 });
  });

  it("answers 401 without a session and 409 without two factors", async () => {
    expect((await request("/api/me/recovery-codes")).status).toBe(401);
    const plain = await createAdmin();
    const off = await left(plain.cookie);
    expect(off.status).toBe(409);
    expect(JSON.parse(off.text)).toMatchObject({ error: { code: "two_factor_off" } });
  });

  it("new codes need the password, make ten again, and the old ones stop working", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    const used = await signInWithCode(admin.email, admin.password, admin.backupCodes[0] ?? "");
    const cookie = cookieHeader(used);
    expect(JSON.parse((await left(cookie)).text)).toEqual({ left: 9 });

    const refused = await withCookie(cookie, "/api/auth/two-factor/generate-backup-codes", { password: "wrong-one" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: "INVALID_PASSWORD" });
    expect(JSON.parse((await left(cookie)).text)).toEqual({ left: 9 });

    const made = await withCookie(cookie, "/api/auth/two-factor/generate-backup-codes", { password: admin.password });
    expect(made.status, await made.clone().text()).toBe(200);
    const { backupCodes } = (await made.json()) as { backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    expect(JSON.parse((await left(cookie)).text)).toEqual({ left: 10 });

    expect((await signInWithCode(admin.email, admin.password, admin.backupCodes[1] ?? "")).status).toBe(401);
    expect((await signInWithCode(admin.email, admin.password, backupCodes[0] ?? "")).status).toBe(200);
  });

  it("an Admin whose organization requires two factors can make new ones", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    const rule = await requestAs(admin, "/api/organization/two-factor", {
      method: "PUT",
      body: JSON.stringify({ requireAdminTwoFactor: true }),
    });
    expect(rule.status, await rule.clone().text()).toBe(200);
    expect(JSON.parse((await left(admin.cookie)).text)).toEqual({ left: 10 });
    const made = await withCookie(admin.cookie, "/api/auth/two-factor/generate-backup-codes", {
      password: admin.password,
    });
    expect(made.status, await made.clone().text()).toBe(200);
    expect(((await made.json()) as { backupCodes: string[] }).backupCodes).toHaveLength(10);
  });
});
