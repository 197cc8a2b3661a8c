import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import {
  type AdminEnv,
  requireAdmin,
  requireSuperAdmin,
  requireUser,
  type SuperAdminEnv,
  type UserEnv,
} from "../../worker/auth/middleware";
import { createDb } from "../../worker/db/client";
import { DEMO_OPERATOR_TOTP_SECRET } from "../../worker/dev/seed";
import type { AppEnv } from "../../worker/lib/app-env";
import { readConfig } from "../../worker/lib/config";
import { handleError } from "../../worker/lib/errors";
import {
  createAdmin,
  createSuperAdmin,
  postJson,
  requestAs,
  signIn,
  signInWithTotp,
  signUp,
  verifyEmailOf,
} from "./auth-helpers";
import { request, requestWithEnv } from "./helpers";
import { TEST_PASSWORD } from "./vars";

/** A throwaway app using the middleware exactly as a feature router would. */
function contractApp() {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set("platform", createDb(c.env.DB));
    c.set("db", createDb(c.env.DB));
    c.set("config", readConfig(c.env));
    await next();
  });
  app.route(
    "/user",
    new Hono<UserEnv>().use(requireUser).get("/", (c) => c.json({ user: c.var.user, session: c.var.session })),
  );
  app.route(
    "/admin",
    new Hono<AdminEnv>()
      .use(requireAdmin)
      .get("/", (c) => c.json({ organizationId: c.var.organizationId, userOrg: c.var.user.organizationId }))
      .post("/", (c) => c.json({ ok: true })),
  );
  app.route(
    "/superadmin",
    new Hono<SuperAdminEnv>().use(requireSuperAdmin).get("/", (c) => c.json({ email: c.var.user.email })),
  );
  app.onError(handleError);
  return (path: string, cookie?: string, init: RequestInit = {}, bindings: Partial<Env> = {}) =>
    app.request(
      path,
      { ...init, headers: { ...(cookie ? { cookie } : {}), ...init.headers } },
      { ...env, ...bindings },
    );
}

describe("roles (spec 1 §6): SUPERADMIN_EMAILS decides, on the server", () => {
  it("makes a listed address SuperAdmin at sign-up, whatever its case", async () => {
    const email = "Second.Operator@UNDERTONE.dev";
    expect((await signUp({ email })).status).toBe(200);
    const row = await env.DB.prepare("select role from user where email = ?").bind(email.toLowerCase()).first();
    expect(row).toEqual({ role: "SuperAdmin" });
    await verifyEmailOf(email.toLowerCase());
    const { cookie } = await signIn(email.toLowerCase(), TEST_PASSWORD);
    const me = (await (await requestAs({ cookie }, "/api/me")).json()) as { user: { role: string } };
    expect(me.user.role).toBe("SuperAdmin");
  });

  it("corrects a stored role both ways whenever the session is read", async () => {
    const admin = await createAdmin();
    // Someone edits the database: an unlisted user marked SuperAdmin is still an Admin.
    await env.DB.prepare("update user set role = 'SuperAdmin' where id = ?").bind(admin.userId).run();
    const me = (await (await requestAs(admin, "/api/me")).json()) as { user: { role: string } };
    expect(me.user.role).toBe("Admin");
    expect(await env.DB.prepare("select role from user where id = ?").bind(admin.userId).first()).toEqual({
      role: "Admin",
    });

    // The allowlist grows to include them: the next read makes them SuperAdmin.
    const listed = await requestWithEnv(
      "/api/me",
      { SUPERADMIN_EMAILS: `operator@undertone.dev,${admin.email.toUpperCase()}` },
      { headers: { cookie: admin.cookie } },
    );
    expect(((await listed.json()) as { user: { role: string } }).user.role).toBe("SuperAdmin");
    expect(await env.DB.prepare("select role from user where id = ?").bind(admin.userId).first()).toEqual({
      role: "SuperAdmin",
    });
  });

  it("lets the seeded demo users sign in with better-auth (seed hashes = better-auth's verify)", async () => {
    expect((await request("/api/dev/seed", { method: "POST" })).status).toBe(200);
    const demo = await signIn("demo@undertone.dev", "undertone-demo");
    expect(demo.response.status).toBe(200);
    const me = (await (await requestAs(demo, "/api/me")).json()) as {
      user: { role: string; organizationId: string };
      organization: { name: string };
    };
    expect(me.user).toMatchObject({ role: "Admin", organizationId: "demo-org" });
    expect(me.organization).toEqual({ id: "demo-org", name: "Northwind Sales", requireAdminTwoFactor: false });

    // The demo operator has the printed authenticator: the password, then its code.
    const operator = await signInWithTotp("operator@undertone.dev", "undertone-operator", DEMO_OPERATOR_TOTP_SECRET);
    expect(operator.response.status).toBe(200);
    const operatorMe = (await (await requestAs(operator, "/api/me")).json()) as { user: { role: string } };
    expect(operatorMe.user.role).toBe("SuperAdmin");
  });
});

describe("the middleware contract (worker/auth/middleware.ts)", () => {
  const call = contractApp();

  it("requireUser: 401 JSON without a session, the typed user with one", async () => {
    const anonymous = await call("/user");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: "unauthorized" } });

    const admin = await createAdmin();
    const response = await call("/user", admin.cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { user: Record<string, unknown>; session: { id: string } };
    expect(Object.keys(body.user).sort()).toEqual(
      [
        "createdAt",
        "email",
        "emailVerified",
        "firstName",
        "id",
        "lastName",
        "organizationId",
        "role",
        "status",
        "twoFactorEnabled",
      ].sort(),
    );
    expect(body.user).toMatchObject({ id: admin.userId, role: "Admin", organizationId: admin.organizationId });
  });

  it("GET /api/me: 401 without a session; the page's probe (X-Session-Probe: 1) gets 204 instead, and the profile with one", async () => {
    const probe = { "X-Session-Probe": "1" };
    const anonymous = await request("/api/me");
    expect(anonymous.status).toBe(401);
    const probed = await request("/api/me", { headers: probe });
    expect(probed.status).toBe(204);
    expect(await probed.text()).toBe("");
    // Any other value is not the probe.
    expect((await request("/api/me", { headers: { "X-Session-Probe": "yes" } })).status).toBe(401);

    const admin = await createAdmin();
    const signedIn = await requestAs(admin, "/api/me", { headers: probe });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { user: { id: string } }).user.id).toBe(admin.userId);
  });

  it("requireAdmin: the organization comes from the session's user row", async () => {
    const admin = await createAdmin();
    const response = await call("/admin", admin.cookie);
    expect(await response.json()).toEqual({ organizationId: admin.organizationId, userOrg: admin.organizationId });

    // An Admin without an organization yet, a SuperAdmin, and nobody are all refused.
    const email = `noorg-${Date.now()}@example.com`;
    await signUp({ email });
    await verifyEmailOf(email);
    const noOrg = await signIn(email, TEST_PASSWORD);
    expect((await call("/admin", noOrg.cookie)).status).toBe(403);
    const operator = await createSuperAdmin();
    const asOperator = await call("/admin", operator.cookie);
    expect(asOperator.status).toBe(403);
    expect(await asOperator.json()).toMatchObject({ error: { code: "forbidden" } });
    expect((await call("/admin")).status).toBe(401);
  });

  it("requireAdmin: refuses unsafe requests from a foreign Origin", async () => {
    const admin = await createAdmin();
    const foreign = await call("/admin", admin.cookie, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const same = await call("/admin", admin.cookie, { method: "POST", headers: { origin: "http://localhost:5173" } });
    expect(same.status).toBe(200);
  });

  it("requireSuperAdmin: role AND allowlist, re-checked on every request", async () => {
    const operator = await createSuperAdmin();
    expect((await call("/superadmin", operator.cookie)).status).toBe(200);
    // Taken off the list: the very next request is refused.
    const removed = await call("/superadmin", operator.cookie, {}, { SUPERADMIN_EMAILS: "operator@undertone.dev" });
    expect(removed.status).toBe(403);
    const admin = await createAdmin();
    expect((await call("/superadmin", admin.cookie)).status).toBe(403);
    expect((await call("/superadmin")).status).toBe(401);
  });
});

describe("session cookies", () => {
  it("are Secure (and __Secure- prefixed) when the app is served over https", async () => {
    const email = `secure-${Date.now()}@example.com`;
    await signUp({ email });
    await verifyEmailOf(email);
    const response = await requestWithEnv(
      "/api/auth/sign-in/email",
      { BETTER_AUTH_URL: "https://undertone.example.com" },
      {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "10.9.9.9" },
        body: JSON.stringify({ email, password: TEST_PASSWORD }),
      },
    );
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^__Secure-better-auth\.session_token=/);
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it("cannot be used to sign up with a role through the generic endpoint either", async () => {
    const response = await postJson("/api/auth/sign-up/email", {
      email: `role-${Date.now()}@example.com`,
      password: "secret-123",
      role: "SuperAdmin",
    });
    expect(response.status).toBe(200);
    const { user } = (await response.json()) as { user: { id: string } };
    expect(await env.DB.prepare("select role from user where id = ?").bind(user.id).first()).toEqual({ role: "Admin" });
  });
});
