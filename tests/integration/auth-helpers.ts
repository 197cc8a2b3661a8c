import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { base32SecretOf, totpCode } from "../fixtures/totp";
import { request } from "./helpers";
import { INTEGRATION_VARS, TEST_PASSWORD } from "./vars";

/**
 * Real accounts for integration tests: sign-up through /api/auth, the verification link
 * taken from the email_outbox, a real sign-in. Each call uses its own client address so the
 * sign-up and sign-in rate limits of one test file never get in the way.
 *
 *   const admin = await createAdmin();               // { cookie, userId, organizationId, email, password }
 *   const other = await createAdmin({ companyName: "Rival Co" }); // a second organization
 *   await request("/api/me", { headers: { cookie: admin.cookie } });
 *   await requestAs(admin, "/api/me");
 */

export type TestAccount = { cookie: string; userId: string; email: string; password: string };
export type TestAdmin = TestAccount & { organizationId: string };

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A fresh client address (cf-connecting-ip) per helper call. */
export function randomIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** "name=value; other=value" from a response's Set-Cookie headers (or the raw header list). */
export function cookieHeader(source: Response | Headers | string[]): string {
  const setCookies = Array.isArray(source)
    ? source
    : (source instanceof Response ? source.headers : source).getSetCookie();
  return setCookies
    .map((line) => line.split(";")[0]?.trim() ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
}

/** A request through the Worker carrying the account's session cookie. */
export function requestAs(account: { cookie: string }, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("cookie", account.cookie);
  if (init.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  return request(path, { ...init, headers });
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": randomIp(), ...headers },
    body: JSON.stringify(body),
  });
}

/** The newest email of a kind to an address, straight from email_outbox. */
export async function latestEmail(to: string, kind: string) {
  return env.DB.prepare(
    "select id, to_address, subject, text, html, kind, status from email_outbox where to_address = ? and kind = ? order by created_at desc, rowid desc limit 1",
  )
    .bind(to.toLowerCase(), kind)
    .first<{
      id: string;
      to_address: string;
      subject: string;
      text: string;
      html: string;
      kind: string;
      status: string;
    }>();
}

/** The /auth/callback link in the newest email of that kind, and its token. */
export async function emailedLink(to: string, kind: "verification" | "magic_link" | "password_reset") {
  const email = await latestEmail(to, kind);
  if (!email) throw new Error(`No ${kind} email to ${to}`);
  const match = email.text.match(/https?:\/\/\S+\/auth\/callback\?\S+/);
  if (!match) throw new Error(`No link in the ${kind} email to ${to}`);
  const url = new URL(match[0]);
  return { url, token: url.searchParams.get("token_hash") ?? "", type: url.searchParams.get("type") ?? "" };
}

/** Follows the emailed verification link the way /auth/callback does. */
export async function verifyEmailOf(email: string): Promise<Response> {
  const { token } = await emailedLink(email, "verification");
  return request(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
}

export async function signIn(email: string, password: string): Promise<{ response: Response; cookie: string }> {
  const response = await postJson("/api/auth/sign-in/email", { email, password });
  return { response, cookie: cookieHeader(response) };
}

export type SignupFields = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
};

export function signUp(fields: SignupFields & { email: string }): Promise<Response> {
  return postJson("/api/auth/sign-up/email", {
    first_name: fields.firstName ?? "Test",
    last_name: fields.lastName ?? "Admin",
    email: fields.email,
    password: fields.password ?? TEST_PASSWORD,
    company_name: fields.companyName ?? "Test Company",
  });
}

async function createVerifiedAccount(fields: SignupFields & { email: string }): Promise<TestAccount> {
  const password = fields.password ?? TEST_PASSWORD;
  const signup = await signUp({ ...fields, password });
  expect(signup.status, await signup.clone().text()).toBe(200);
  const verified = await verifyEmailOf(fields.email);
  expect(verified.status, await verified.clone().text()).toBe(200);
  const { response, cookie } = await signIn(fields.email, password);
  expect(response.status, await response.clone().text()).toBe(200);
  const body = (await response.json()) as { user: { id: string } };
  return { cookie, userId: body.user.id, email: fields.email.toLowerCase(), password };
}

/** A verified, signed-in Admin with their own organization (its name: `companyName`). */
export async function createAdmin(fields: SignupFields = {}): Promise<TestAdmin> {
  const email = fields.email ?? `admin-${unique()}@example.com`;
  const account = await createVerifiedAccount({ ...fields, email });
  const ensured = await requestAs(account, "/api/organization/ensure", { method: "POST" });
  expect(ensured.status, await ensured.clone().text()).toBe(200);
  const body = (await ensured.json()) as { organization: { id: string } };
  return { ...account, organizationId: body.organization.id };
}

/**
 * The base32 secret of each account a helper gave two factors, by email, with the account's
 * user id: the test files of a project share this module but each starts on an empty
 * database (tests/integration/setup.ts), so an entry counts only for the same user row.
 */
const totpSecrets = new Map<string, { userId: string; secret: string }>();

export function totpSecretOf(email: string): string {
  const entry = totpSecrets.get(email.toLowerCase());
  if (!entry) throw new Error(`${email} has no authenticator set up by the helpers`);
  return entry.secret;
}

/** A request with the account's cookie and a fresh client address (the per-address limits). */
function authedPost(cookie: string, path: string, body: unknown): Promise<Response> {
  return request(path, {
    method: "POST",
    headers: {
      cookie,
      "content-type": "application/json",
      "cf-connecting-ip": randomIp(),
      origin: INTEGRATION_VARS.BETTER_AUTH_URL,
    },
    body: JSON.stringify(body),
  });
}

/**
 * Sets up an authenticator for a signed-in account the way Settings does (enable with the
 * password, confirm with a code), and returns the session cookie it continues with.
 */
export async function enableTwoFactor<T extends TestAccount>(
  account: T,
): Promise<T & { secret: string; backupCodes: string[] }> {
  const enabled = await authedPost(account.cookie, "/api/auth/two-factor/enable", { password: account.password });
  expect(enabled.status, await enabled.clone().text()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
  const secret = base32SecretOf(totpURI);
  const confirmed = await authedPost(account.cookie, "/api/auth/two-factor/verify-totp", {
    code: await totpCode(secret),
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  totpSecrets.set(account.email.toLowerCase(), { userId: account.userId, secret });
  return { ...account, cookie: cookieHeader(confirmed), secret, backupCodes };
}

/** A password sign-in of an account with two factors: the challenge, then a code from `secret`. */
export async function signInWithTotp(email: string, password: string, secret = totpSecretOf(email)) {
  const first = await signIn(email, password);
  expect(first.response.status, await first.response.clone().text()).toBe(200);
  expect(await first.response.clone().json()).toMatchObject({ twoFactorRedirect: true });
  const response = await authedPost(first.cookie, "/api/auth/two-factor/verify-totp", { code: await totpCode(secret) });
  return { response, cookie: cookieHeader(response) };
}

/** An address in the integration SUPERADMIN_EMAILS that no seed uses. */
export const TEST_SUPERADMIN_EMAIL = "second.operator@undertone.dev";

/**
 * A signed-in SuperAdmin (an allowlisted email) with an authenticator set up, as the console
 * requires. Within one test file the account is created on the first call and signed in
 * again (password, then a TOTP code) on later ones.
 */
export async function createSuperAdmin(email = TEST_SUPERADMIN_EMAIL): Promise<TestAccount> {
  if (!INTEGRATION_VARS.SUPERADMIN_EMAILS.toLowerCase().split(",").includes(email.toLowerCase())) {
    throw new Error(`${email} is not in the integration SUPERADMIN_EMAILS`);
  }
  const existing = await env.DB.prepare("select id from user where email = ?")
    .bind(email.toLowerCase())
    .first<{ id: string }>();
  if (!existing) {
    const {
      secret: _secret,
      backupCodes: _codes,
      ...account
    } = await enableTwoFactor(await createVerifiedAccount({ email, firstName: "Sam", lastName: "Operator" }));
    return account;
  }
  if (totpSecrets.get(email.toLowerCase())?.userId !== existing.id) {
    // Made by the test itself (sign-up, verification): no authenticator yet, so set one up.
    const { response, cookie } = await signIn(email, TEST_PASSWORD);
    expect(response.status, await response.clone().text()).toBe(200);
    const account = { cookie, userId: existing.id, email: email.toLowerCase(), password: TEST_PASSWORD };
    return { ...account, cookie: (await enableTwoFactor(account)).cookie };
  }
  const { response, cookie } = await signInWithTotp(email, TEST_PASSWORD);
  expect(response.status, await response.clone().text()).toBe(200);
  return { cookie, userId: existing.id, email: email.toLowerCase(), password: TEST_PASSWORD };
}
