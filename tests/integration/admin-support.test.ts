import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEMO_OPERATOR_TOTP_SECRET } from "../../worker/dev/seed";
import { totpCode } from "../fixtures/totp";
import { cookieHeader, createAdmin, createSuperAdmin, requestAs, signUp, type TestAccount } from "./auth-helpers";
import { countRows, request, requestWithEnv } from "./helpers";

let operator: TestAccount;

beforeAll(async () => {
  operator = await createSuperAdmin();
});

const verificationEmails = (to: string) => countRows("email_outbox", `to_address = '${to}' and kind = 'verification'`);

describe("Customer Support", () => {
  it("finds an account and resends its verification email through the real sender", async () => {
    const email = `unverified-${Date.now()}@example.com`;
    expect((await signUp({ email })).status).toBe(200);
    expect(await verificationEmails(email)).toBe(1);

    const search = await requestAs(operator, `/api/admin/support/search?q=${encodeURIComponent(email)}`);
    const found = (await search.json()) as { users: { id: string; emailVerified: boolean }[] };
    expect(found.users).toMatchObject([{ emailVerified: false }]);
    const id = found.users[0]?.id ?? "";

    const resend = await requestAs(operator, `/api/admin/support/users/${id}/resend-verification`, { method: "POST" });
    expect(await resend.json()).toEqual({ sent: true, message: `A new verification link was sent to ${email}.` });
    expect(await verificationEmails(email)).toBe(2);
    expect(await countRows("audit_logs", `action = 'support.resend_verification' and target_id = '${id}'`)).toBe(1);

    // Three in ten minutes, then a clear refusal.
    for (let i = 0; i < 2; i++) {
      expect(
        (await requestAs(operator, `/api/admin/support/users/${id}/resend-verification`, { method: "POST" })).status,
      ).toBe(200);
    }
    const limited = await requestAs(operator, `/api/admin/support/users/${id}/resend-verification`, { method: "POST" });
    expect(limited.status).toBe(429);
  });

  it("sends nothing to a verified account, and 404s an unknown one", async () => {
    const admin = await createAdmin();
    const before = await verificationEmails(admin.email);
    const response = await requestAs(operator, `/api/admin/support/users/${admin.userId}/resend-verification`, {
      method: "POST",
    });
    expect(await response.json()).toMatchObject({ sent: false });
    expect(await verificationEmails(admin.email)).toBe(before);
    expect(
      (await requestAs(operator, "/api/admin/support/users/nobody/resend-verification", { method: "POST" })).status,
    ).toBe(404);
    expect((await requestAs(operator, "/api/admin/support/search?q=a")).status).toBe(400);
  });
});

describe("Customer Support search", () => {
  it("answers an account with its organization and last sign-in, and the organization with its account count", async () => {
    const admin = await createAdmin();
    const signedIn = await env.DB.prepare("select max(created_at) as at from session where user_id = ?")
      .bind(admin.userId)
      .first<{ at: number }>();
    const organization = await env.DB.prepare("select name, created_at from organizations where id = ?")
      .bind(admin.organizationId)
      .first<{ name: string; created_at: number }>();

    const byEmail = await requestAs(operator, `/api/admin/support/search?q=${encodeURIComponent(admin.email)}`);
    const found = (await byEmail.json()) as { users: Record<string, unknown>[]; organizations: unknown[] };
    expect(found.users).toEqual([
      expect.objectContaining({
        id: admin.userId,
        email: admin.email,
        emailVerified: true,
        organizationId: admin.organizationId,
        organizationName: organization?.name,
        lastSignInAt: signedIn?.at,
      }),
    ]);
    expect(typeof found.users[0]?.createdAt).toBe("number");

    const byId = await requestAs(operator, `/api/admin/support/search?q=${admin.organizationId}`);
    const orgs = ((await byId.json()) as { organizations: Record<string, unknown>[] }).organizations;
    expect(orgs).toEqual([
      expect.objectContaining({ id: admin.organizationId, accountCount: 1, createdAt: organization?.created_at }),
    ]);
  });

  it("takes the wildcards in a search literally", async () => {
    const response = await requestAs(operator, "/api/admin/support/search?q=%25%25");
    expect(await response.json()).toEqual({ users: [], organizations: [], salespeople: [] });
  });
});

describe("operator login demo helpers", () => {
  it("exist only in development", async () => {
    const users = await countRows("user");
    for (const path of ["/api/operator-demo/initialize", "/api/operator-demo/login"]) {
      const response = await requestWithEnv(path, { APP_ENV: "production" }, { method: "POST" });
      expect(response.status, path).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(await countRows("user")).toBe(users);
  });

  it("Quick Demo Login signs in as the demo operator, who gives the printed authenticator's code and opens the console", async () => {
    const response = await request("/api/operator-demo/login", { method: "POST" });
    expect(response.status, await response.clone().text()).toBe(200);
    // The console requires two factors: the password step leaves a challenge, not a session.
    expect(await response.clone().json()).toEqual({ ok: true, secondFactor: true });
    const pending = cookieHeader(response);
    expect(pending).not.toMatch(/session_token=/);
    const verified = await request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      headers: { cookie: pending, "content-type": "application/json", origin: "http://localhost:5173" },
      body: JSON.stringify({ code: await totpCode(DEMO_OPERATOR_TOTP_SECRET) }),
    });
    expect(verified.status, await verified.clone().text()).toBe(200);
    const cookie = cookieHeader(verified);
    expect(cookie).toMatch(/session_token=/);
    const stats = await request("/api/admin/stats", { headers: { cookie } });
    expect(stats.status).toBe(200);
    const me = (await (await request("/api/me", { headers: { cookie } })).json()) as {
      user: { email: string; role: string };
    };
    expect(me.user).toMatchObject({ email: "operator@undertone.dev", role: "SuperAdmin" });
  });

  it("Quick Demo Login refuses when the demo operator is not allowlisted", async () => {
    const response = await requestWithEnv(
      "/api/operator-demo/login",
      { SUPERADMIN_EMAILS: "someone@else.dev" },
      { method: "POST" },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      error: { message: "Access Denied: This email is not authorized for SuperAdmin access." },
    });
  });

  it("Initialize SuperAdmin Account bootstraps the four demo roles; only Admin opens the dashboard", async () => {
    const response = await request("/api/operator-demo/initialize", { method: "POST" });
    const body = (await response.json()) as { accounts: { role: string; email: string }[] };
    expect(body.accounts.map((a) => a.role)).toEqual(["SuperAdmin", "Salesperson", "Manager", "Admin"]);
    // A Manager can sign in, keeps its role (no correction to Admin), and is refused by the console and the dashboard API.
    const signIn = await request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "10.9.9.9" },
      body: JSON.stringify({ email: "manager@undertone.dev", password: "undertone-manager" }),
    });
    expect(signIn.status).toBe(200);
    const cookie = cookieHeader(signIn);
    const me = (await (await request("/api/me", { headers: { cookie } })).json()) as { user: { role: string } };
    expect(me.user.role).toBe("Manager");
    expect((await request("/api/admin/stats", { headers: { cookie } })).status).toBe(403);
    const stored = await env.DB.prepare("select role from user where email = 'manager@undertone.dev'").first<{
      role: string;
    }>();
    expect(stored?.role).toBe("Manager");
  });
});
