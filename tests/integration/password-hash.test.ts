import { env } from "cloudflare:workers";
import { hashPassword as betterAuthHash } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { CURRENT_PARAMS, hashPassword, needsRehash, verifyPassword } from "../../worker/auth/password";
import { createAdmin, signIn } from "./auth-helpers";

/**
 * Password hashing inside workerd (worker/auth/password.ts). Its cost is measured by
 * `npm run bench` (password_hash_ms, budget 300 ms p95), never asserted here: a busy
 * machine must not fail the suite.
 */
describe("password hashing (worker/auth/password.ts)", () => {
  it("uses an OWASP-listed scrypt configuration (N·r·p ≥ 655 k, r = 8)", () => {
    const { N, r, p } = CURRENT_PARAMS;
    // OWASP Password Storage Cheat Sheet: N=2^17..2^13 with r=8 and p chosen so N·r·p ≥ 5·2^17.
    expect(r).toBe(8);
    expect(N * r * p).toBeGreaterThanOrEqual(655_360);
  });

  it("verifies what it hashes, names its parameters, and refuses anything else", async () => {
    const hash = await hashPassword("s3cret-pass");
    const { N, r, p } = CURRENT_PARAMS;
    expect(hash.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
    expect(await verifyPassword({ hash, password: "s3cret-pass" })).toBe(true);
    expect(await verifyPassword({ hash, password: "s3cret-pasS" })).toBe(false);
    expect(await verifyPassword({ hash: "garbage", password: "s3cret-pass" })).toBe(false);
    // A stored hash cannot ask for unbounded work.
    expect(await verifyPassword({ hash: `scrypt$${2 ** 24}$8$1$aa$bb`, password: "x" })).toBe(false);
  });

  it("still verifies better-auth's own (legacy) hashes, and marks them for upgrade", async () => {
    const legacy = await betterAuthHash("shared-format");
    expect(await verifyPassword({ hash: legacy, password: "shared-format" })).toBe(true);
    expect(await verifyPassword({ hash: legacy, password: "other" })).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it("upgrades a legacy hash at the next successful sign-in, and the new one works", async () => {
    const admin = await createAdmin();
    const legacy = await betterAuthHash(admin.password);
    await env.DB.prepare("update account set password = ? where user_id = ? and provider_id = 'credential'")
      .bind(legacy, admin.userId)
      .run();
    const stored = () =>
      env.DB.prepare("select password from account where user_id = ? and provider_id = 'credential'")
        .bind(admin.userId)
        .first<{ password: string }>();

    // A wrong password changes nothing.
    expect((await signIn(admin.email, "not-the-password")).response.status).toBe(401);
    expect((await stored())?.password).toBe(legacy);

    expect((await signIn(admin.email, admin.password)).response.status).toBe(200);
    const upgraded = (await stored())?.password ?? "";
    expect(upgraded).not.toBe(legacy);
    expect(needsRehash(upgraded)).toBe(false);
    expect((await signIn(admin.email, admin.password)).response.status).toBe(200);
    expect((await stored())?.password).toBe(upgraded);
  });
});
