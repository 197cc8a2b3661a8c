import { env } from "cloudflare:workers";
import { symmetricEncrypt } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { getAuth } from "../../worker/auth/auth";
import { cookieHeader, createAdmin, enableTwoFactor, randomIp, requestAs, signIn } from "./auth-helpers";
import { INTEGRATION_VARS } from "./vars";

/** Recovery codes read the way people type them: any case, spaces or dashes, O for 0, I or L for 1. */
const post = (cookie: string, path: string, body: unknown) =>
  requestAs({ cookie }, path, {
    method: "POST",
    headers: { origin: INTEGRATION_VARS.BETTER_AUTH_URL, "cf-connecting-ip": randomIp() },
    body: JSON.stringify(body),
  });
const signInWithCode = async (account: { email: string; password: string }, code: string, extra = {}) => {
  const first = await signIn(account.email, account.password);
  expect(await first.response.clone().json()).toMatchObject({ twoFactorRedirect: true });
  return post(first.cookie, "/api/auth/two-factor/verify-backup-code", { code, ...extra });
};
const signedIn = async (response: Response) =>
  (await requestAs({ cookie: cookieHeader(response) }, "/api/me")).status === 200;

/** Puts these codes in the user's row the way better-auth stores its own (encrypted JSON). */
async function storeCodes(userId: string, codes: string[]): Promise<void> {
  const { secretConfig } = await getAuth(env).$context;
  const stored = await symmetricEncrypt({ key: secretConfig, data: JSON.stringify(codes) });
  await env.DB.prepare("update two_factor set backup_codes = ? where user_id = ?").bind(stored, userId).run();
}

const NEW_CODE = /^[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}$/;

describe("recovery codes typed loosely", () => {
  it("a code in lower case with spaces around and between its groups signs in, once; a wrong one does not", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    const code = admin.backupCodes[0] ?? "";
    const wrong = await signInWithCode(admin, "zzzzz zzzzz");
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: "INVALID_BACKUP_CODE" });

    const loose = `  ${code.toLowerCase().replace("-", " ")}\t`;
    const used = await signInWithCode(admin, loose);
    expect(used.status, await used.clone().text()).toBe(200);
    expect(await signedIn(used)).toBe(true);
    // Each code works once, however it is typed.
    expect((await signInWithCode(admin, code)).status).toBe(401);
  });

  it("reads O as 0 and I or L as 1", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    await storeCodes(admin.userId, ["7K0QD-M1XWA", "H0V1N-3RT8E"]);
    expect((await signInWithCode(admin, "7kOqd-mIxwa")).status).toBe(200);
    expect((await signInWithCode(admin, "hovln3rt8e")).status).toBe(200);
    // A letter that is no look-alike is still a different code.
    expect((await signInWithCode(admin, "7K0QD-M1XWB")).status).toBe(401);
  });

  it("codes made by the old generator still work typed exactly as shown", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    const old = ["aB3dE-fG0hI", "Zx9Lk-PqOw1", "qwErt-yuIop"];
    await storeCodes(admin.userId, old);
    for (const code of old) {
      const used = await signInWithCode(admin, code);
      expect(used.status, `${code}: ${await used.clone().text()}`).toBe(200);
    }
  });

  it("refuses an overlong code like a wrong one, and never trusts the device", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    const code = admin.backupCodes[0] ?? "";
    const overlong = await signInWithCode(admin, `${code} `.repeat(2000));
    expect(overlong.status).toBe(401);
    const used = await signInWithCode(admin, code.toLowerCase(), { trustDevice: true });
    expect(used.status, await used.clone().text()).toBe(200);
    expect(used.headers.getSetCookie().join("\n")).not.toMatch(/trust_device=[^;]/);
  });
});

describe("recovery codes made", () => {
  it("are ten, grouped, from digits and capitals without look-alikes, when set up and when made anew", async () => {
    const admin = await enableTwoFactor(await createAdmin());
    expect(admin.backupCodes).toHaveLength(10);
    for (const code of admin.backupCodes) expect(code).toMatch(NEW_CODE);
    const made = await post(admin.cookie, "/api/auth/two-factor/generate-backup-codes", { password: admin.password });
    expect(made.status, await made.clone().text()).toBe(200);
    const { backupCodes } = (await made.json()) as { backupCodes: string[] };
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(NEW_CODE);
    // Stored encrypted, never as typed.
    const row = await env.DB.prepare("select backup_codes from two_factor where user_id = ?")
      .bind(admin.userId)
      .first<{ backup_codes: string }>();
    for (const code of backupCodes) {
      expect(row?.backup_codes).not.toContain(code);
      expect(row?.backup_codes).not.toContain(code.replace("-", ""));
    }
  });
});
