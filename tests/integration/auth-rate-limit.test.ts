import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AUTH_RATE_LIMITS } from "../../worker/auth/rate-limits";
import { backoffKey, SIGN_IN_BACKOFF } from "../../worker/auth/sign-in-backoff";
import { rateLimitAddress } from "../../worker/lib/rate-limit";
import { createAdmin, postJson, randomIp } from "./auth-helpers";
import { request, requestWithEnv } from "./helpers";
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

describe("the per-account sign-in limit holds whatever the encoding and the address (issue 12 item 2)", () => {
  const signInAs = (email: string, password: string, ip = randomIp()) =>
    postJson("/api/auth/sign-in/email", { email, password }, { "cf-connecting-ip": ip });
  /** Moves the account's last failure `ms` into the past, as if that much time had gone by. */
  const age = (email: string, ms: number) =>
    env.DB.prepare("update rate_limits set window_start = window_start - ? where key = ?")
      .bind(ms, backoffKey(email))
      .run();

  it("refuses form-encoded and multipart bodies before better-auth reads them", async () => {
    const admin = await createAdmin();
    const ip = "203.0.113.50";
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const form = await request("/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
        body: new URLSearchParams({ email: admin.email, password: `wrong-${i}` }).toString(),
      });
      statuses.push(form.status);
    }
    const multipart = new FormData();
    multipart.set("email", admin.email);
    multipart.set("password", admin.password);
    const asMultipart = await request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "cf-connecting-ip": ip },
      body: multipart,
    });
    statuses.push(asMultipart.status);
    const magic = await request("/api/auth/sign-in/magic-link", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": ip },
      body: new URLSearchParams({ email: admin.email }).toString(),
    });
    statuses.push(magic.status);
    expect(statuses).toEqual(Array(8).fill(415));
    expect(await magic.json()).toMatchObject({ error: { code: "unsupported_media_type" } });
    // JSON from the same address still works: the refusals were not sign-in attempts.
    expect((await signInAs(admin.email, admin.password, ip)).status).toBe(200);
  });

  it("backs off one account after five failures from five addresses, doubling, and a success clears it", async () => {
    const admin = await createAdmin();
    const failures: number[] = [];
    for (let i = 0; i < SIGN_IN_BACKOFF.FREE_FAILURES; i++)
      failures.push((await signInAs(admin.email, "wrong")).status);
    expect(failures).toEqual(Array(SIGN_IN_BACKOFF.FREE_FAILURES).fill(401));

    // The right password, from an address never seen: the account is resting.
    const held = await signInAs(admin.email, admin.password);
    expect(held.status).toBe(429);
    const firstWait = Number(held.headers.get("retry-after"));
    expect(firstWait).toBeGreaterThan(0);
    expect(firstWait).toBeLessThanOrEqual(SIGN_IN_BACKOFF.FIRST_DELAY_MS / 1000);

    // The delay passes; one more failure doubles it.
    await age(admin.email, SIGN_IN_BACKOFF.FIRST_DELAY_MS + 1000);
    expect((await signInAs(admin.email, "wrong-again")).status).toBe(401);
    const longer = await signInAs(admin.email, admin.password);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBeGreaterThan(SIGN_IN_BACKOFF.FIRST_DELAY_MS / 1000);

    // Once that has passed too (and with it the per-email minute), the owner signs in and
    // the failures are forgotten.
    await age(admin.email, 2 * SIGN_IN_BACKOFF.FIRST_DELAY_MS + 1000);
    await env.DB.prepare("delete from rate_limits where key = ?").bind(`auth:signIn:email:${admin.email}`).run();
    expect((await signInAs(admin.email, admin.password)).status).toBe(200);
    expect((await signInAs(admin.email, "one-typo")).status).toBe(401);
    expect((await signInAs(admin.email, admin.password)).status).toBe(200);
  });

  it("counts an IPv6 client by its /64", async () => {
    const v6 = (ip: string) => rateLimitAddress(new Request("http://x", { headers: { "cf-connecting-ip": ip } }));
    expect(v6("2001:db8:aa:bb::1")).toBe("2001:db8:aa:bb::/64");
    expect(v6("2001:0DB8:00aa:00bb:ffff:ffff:ffff:ffff")).toBe("2001:db8:aa:bb::/64");
    expect(v6("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(v6("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(v6("192.0.2.7")).toBe("192.0.2.7");

    const admin = await createAdmin();
    const statuses: number[] = [];
    for (const ip of ["2001:db8:aa:bb::1", "2001:db8:aa:bb:1::2", "2001:db8:aa:bb:ffff:ffff:ffff:ffff"]) {
      statuses.push((await signInAs(admin.email, "wrong", ip)).status);
    }
    statuses.push((await signInAs(admin.email, admin.password, "2001:db8:aa:bb::99")).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // The next /64 is another subscriber.
    expect((await signInAs(admin.email, admin.password, "2001:db8:aa:bc::1")).status).toBe(200);
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
