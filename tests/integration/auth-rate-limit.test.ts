import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "../../worker/auth/rate-limits";
import { createAdmin, postJson } from "./auth-helpers";
import { requestWithEnv } from "./helpers";
import { INTEGRATION_VARS } from "./vars";

const json = (body: unknown, ip: string) => ({
  method: "POST",
  headers: { "content-type": "application/json", "cf-connecting-ip": ip },
  body: JSON.stringify(body),
});

describe("auth rate limits (D1-backed, shared by every isolate)", () => {
  it("refuses the fourth sign-in within 10 s for one address and email, even after a restart", async () => {
    const admin = await createAdmin();
    const ip = "203.0.113.7";
    const attempt = (password: string) =>
      postJson("/api/auth/sign-in/email", { email: admin.email, password }, { "cf-connecting-ip": ip });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt("wrong-password")).status);
    expect(statuses).toEqual([401, 401, 401]);

    const fourth = await attempt(admin.password);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await fourth.json()).toMatchObject({ error: { code: "rate_limited" } });

    // A "restart": new bindings object, so a new better-auth instance and config; the count lives in D1.
    const restarted = await requestWithEnv(
      "/api/auth/sign-in/email",
      { ...INTEGRATION_VARS },
      json({ email: admin.email, password: admin.password }, ip),
    );
    expect(restarted.status).toBe(429);

    // Another address is not held back by this one.
    const elsewhere = await postJson(
      "/api/auth/sign-in/email",
      { email: admin.email, password: admin.password },
      { "cf-connecting-ip": "203.0.113.99" },
    );
    expect(elsewhere.status).toBe(200);
  });

  it("limits sign-up, magic-link and verification-resend per email", async () => {
    const cases = [
      ["/api/auth/sign-up/email", AUTH_RATE_LIMITS.signUp, (email: string) => ({ email, password: "" })],
      ["/api/auth/sign-in/magic-link", AUTH_RATE_LIMITS.magicLink, (email: string) => ({ email })],
      ["/api/auth/send-verification-email", AUTH_RATE_LIMITS.verificationResend, (email: string) => ({ email })],
    ] as const;
    for (const [path, limits, body] of cases) {
      const perEmail = limits.find((l) => l.scope === "email");
      if (!perEmail) throw new Error(`${path} has no per-email limit`);
      const email = `flood-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
      const statuses: number[] = [];
      // Each attempt from a different address: only the per-email rule can refuse.
      for (let i = 0; i <= perEmail.rule.limit; i++) statuses.push((await postJson(path, body(email))).status);
      expect(
        statuses.slice(0, -1).every((s) => s !== 429),
        `${path}: ${statuses}`,
      ).toBe(true);
      expect(statuses.at(-1), path).toBe(429);
    }
  });

  it("limits sign-up per client address", async () => {
    const ip = "198.51.100.23";
    const rule = AUTH_RATE_LIMITS.signUp.find((l) => l.scope === "ip")?.rule;
    if (!rule) throw new Error("sign-up has no per-address limit");
    const statuses: number[] = [];
    for (let i = 0; i <= rule.limit; i++) {
      statuses.push(
        (
          await postJson(
            "/api/auth/sign-up/email",
            { email: `ip-${i}-${Date.now()}@example.com`, password: "" },
            { "cf-connecting-ip": ip },
          )
        ).status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("no account enumeration beyond sign-up's duplicate check", () => {
  it("answers sign-in for an unknown email exactly like a wrong password", async () => {
    const admin = await createAdmin();
    const unknown = await postJson("/api/auth/sign-in/email", { email: "nobody@example.com", password: "whatever-1" });
    const wrong = await postJson("/api/auth/sign-in/email", { email: admin.email, password: "whatever-1" });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it("answers a verification resend the same for unknown, unverified and verified emails", async () => {
    const admin = await createAdmin();
    const bodies = [];
    for (const email of ["nobody-at-all@example.com", admin.email]) {
      const response = await postJson("/api/auth/send-verification-email", { email });
      expect(response.status).toBe(200);
      bodies.push(await response.json());
    }
    expect(bodies[0]).toEqual(bodies[1]);
  });
});
