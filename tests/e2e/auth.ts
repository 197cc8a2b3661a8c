import { readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { base32SecretOf, totpCode } from "../fixtures/totp.ts";

/**
 * Accounts for browser tests, made through the real API of the e2e app (sign-up, the
 * verification link from the dev mailbox, sign-in), and `loginAs` for the browser.
 *
 *   const admin = await createVerifiedAdmin(origin);            // with its organization: no onboarding
 *   await loginAs(page, admin.email, admin.password);          // lands on /dashboard
 *   const fresh = await createVerifiedAdmin(origin, { organization: false }); // sees onboarding
 *
 * Each API call carries its own client address (cf-connecting-ip, which local workerd
 * passes through), so the per-address sign-up limit never trips a long browser run.
 */

export const E2E_PASSWORD = "e2e-password-123";
/** In E2E_VARS.SUPERADMIN_EMAILS; created on first use by `createSuperAdmin`. */
export const E2E_SUPERADMIN_EMAIL = "e2e.operator@undertone.dev";

let counter = 0;
export function uniqueEmail(label = "admin"): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@example.com`;
}

export function randomClientIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1;
  return `10.${octet()}.${octet()}.${octet()}`;
}

type MailboxEmail = { id: string; to: string; subject: string; kind: string; text: string; createdAt: string };

/** The dev mailbox as JSON (GET /api/dev/emails, development only), newest first. */
export async function mailbox(origin: string, to: string): Promise<MailboxEmail[]> {
  const response = await fetch(`${origin}/api/dev/emails?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`mailbox: ${response.status}`);
  return ((await response.json()) as { emails: MailboxEmail[] }).emails;
}

/** The /auth/callback link of the newest email of `kind` to `to`, waiting up to 10 s for it. */
export async function emailedLink(origin: string, to: string, kind: "verification" | "magic_link"): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const email = (await mailbox(origin, to)).find((e) => e.kind === kind);
    const link = email?.text.match(/https?:\/\/\S+\/auth\/callback\?\S+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No ${kind} email to ${to}`);
}

/**
 * The check-in link emailed to `to` (the newest one, of any check-in kind), waiting up to
 * 10 s. No API answer carries it: like the salesperson, a test reads it from the mailbox.
 */
export async function emailedCheckInLink(origin: string, to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const email = (await mailbox(origin, to)).find((e) => e.kind.startsWith("check_in"));
    const link = email?.text.match(/https?:\/\/\S+\/check-in\/[\w-]+\?token=[\w-]+(?:&claim=[\w-]+)?/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No check-in email to ${to}`);
}

/** A request to the app from a fresh client address, JSON in, with a session cookie if given. */
export async function api(
  origin: string,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string } = {},
) {
  const headers: Record<string, string> = { origin, "cf-connecting-ip": randomClientIp() };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.cookie) headers.cookie = init.cookie;
  return fetch(`${origin}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0] ?? "")
    .join("; ");

/** The session cookie of an account signed in through the API (for requests outside a browser). */
export async function signedInCookie(origin: string, account: { email: string; password: string }): Promise<string> {
  return cookieOf(
    await api(origin, "/api/auth/sign-in/email", { body: { email: account.email, password: account.password } }),
  );
}

export type E2EAccount = {
  email: string;
  password: string;
  userId: string;
  organizationId: string | null;
  /** Base32, for accounts with two factors (every SuperAdmin): `enterTotp` uses it. */
  totpSecret?: string;
};

/**
 * A verified Admin. With `organization` (the default) they also joined their organization and
 * chose the Free Trial, so /dashboard skips onboarding (its plan step is shown to an
 * organization whose admin chose no plan, issue 25 §2: `plan: false` leaves it unchosen).
 * `trial` is kept for the tests that say so; choosing the trial is the default.
 */
export async function createVerifiedAdmin(
  origin: string,
  options: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    companyName?: string;
    organization?: boolean;
    trial?: boolean;
    plan?: boolean;
  } = {},
): Promise<E2EAccount> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? E2E_PASSWORD;
  const signup = await api(origin, "/api/auth/sign-up/email", {
    body: {
      first_name: options.firstName ?? "Erin",
      last_name: options.lastName ?? "Example",
      email,
      password,
      company_name: options.companyName ?? "Example Sales Co",
    },
  });
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`);
  const { user } = (await signup.json()) as { user: { id: string } };
  const token = new URL(await emailedLink(origin, email, "verification")).searchParams.get("token_hash") ?? "";
  const verified = await api(origin, `/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  if (!verified.ok) throw new Error(`verification failed: ${verified.status}`);

  let organizationId: string | null = null;
  if (options.organization !== false || options.trial) {
    const signIn = await api(origin, "/api/auth/sign-in/email", { body: { email, password } });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
    const cookie = cookieOf(signIn);
    const ensured = await api(origin, "/api/organization/ensure", { method: "POST", cookie });
    if (!ensured.ok) throw new Error(`organization failed: ${ensured.status}`);
    organizationId = ((await ensured.json()) as { organization: { id: string } }).organization.id;
    if (options.trial || options.plan !== false) {
      const trial = await api(origin, "/api/subscription", { body: { planType: "trial" }, cookie });
      if (!trial.ok) throw new Error(`trial failed: ${trial.status}`);
    }
  }
  return { email, password, userId: user.id, organizationId };
}

/**
 * The e2e operator's authenticator secret, kept beside the app run (each test file runs in
 * its own worker; the account outlives them): one file per app origin.
 */
const secretFile = (origin: string) => join(tmpdir(), `undertone-e2e-operator-totp-${new URL(origin).port}.txt`);

/** Sets up an authenticator for a signed-in account through the API, as Settings does; returns its secret. */
export async function enableTwoFactorByApi(origin: string, cookie: string, password: string): Promise<string> {
  const enabled = await api(origin, "/api/auth/two-factor/enable", { body: { password }, cookie });
  if (!enabled.ok) throw new Error(`two-factor enable failed: ${enabled.status} ${await enabled.text()}`);
  const secret = base32SecretOf(((await enabled.json()) as { totpURI: string }).totpURI);
  const confirmed = await api(origin, "/api/auth/two-factor/verify-totp", {
    body: { code: await totpCode(secret) },
    cookie,
  });
  if (!confirmed.ok) throw new Error(`two-factor confirm failed: ${confirmed.status}`);
  return secret;
}

/**
 * The e2e SuperAdmin (allowlisted), created on first use in this app run, with the
 * authenticator the console requires (`totpSecret`; sign in with `enterTotp`).
 */
export async function createSuperAdmin(origin: string): Promise<E2EAccount & { totpSecret: string }> {
  const account = { email: E2E_SUPERADMIN_EMAIL, password: E2E_PASSWORD, organizationId: null };
  const probe = await api(origin, "/api/auth/sign-in/email", {
    body: { email: account.email, password: account.password },
  });
  if (probe.ok) {
    const body = (await probe.json()) as { twoFactorRedirect?: boolean; user?: { id: string } };
    if (body.twoFactorRedirect) {
      const totpSecret = (await readFile(secretFile(origin), "utf8")).trim();
      // The id is not read by the browser tests; a second sign-in only to learn it would cost a code.
      return { ...account, userId: "", totpSecret };
    }
    const totpSecret = await enableTwoFactorByApi(origin, cookieOf(probe), account.password);
    await writeFile(secretFile(origin), totpSecret);
    return { ...account, userId: body.user?.id ?? "", totpSecret };
  }
  const created = await createVerifiedAdmin(origin, { email: E2E_SUPERADMIN_EMAIL, organization: false });
  const signIn = await api(origin, "/api/auth/sign-in/email", {
    body: { email: created.email, password: created.password },
  });
  const totpSecret = await enableTwoFactorByApi(origin, cookieOf(signIn), created.password);
  await writeFile(secretFile(origin), totpSecret);
  return { ...created, totpSecret };
}

/** The second step of a sign-in form: a code computed from `secret` (RFC 6238), then Verify. */
export async function enterTotp(page: Page, secret: string): Promise<void> {
  const field = page.getByLabel("Authentication code");
  await field.waitFor({ timeout: 15_000 });
  await field.fill(await totpCode(secret));
  await page.getByRole("button", { name: "Verify", exact: true }).click();
}

/**
 * Signs in through the /login form (with a code from `totpSecret` for an account with two
 * factors) and waits until the app has moved on from it.
 */
export async function loginAs(page: Page, email: string, password: string, totpSecret?: string): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  if (totpSecret) await enterTotp(page, totpSecret);
  await page.waitForURL((url) => url.pathname !== "/login", { timeout: 15_000 });
}

/**
 * Signs an operator in through the console's login (/superadmin/login), with the code from
 * their authenticator, and waits until the console's Overview is the page.
 */
export async function loginAsOperator(
  page: Page,
  origin: string,
  operator: { email: string; password: string; totpSecret: string },
): Promise<void> {
  await page.goto("/superadmin/login");
  await page.getByLabel("Email").fill(operator.email);
  await page.getByLabel("Password").fill(operator.password);
  await page.getByRole("button", { name: "Access SuperAdmin Dashboard" }).click();
  await enterTotp(page, operator.totpSecret);
  await page.waitForURL(`${origin}/superadmin`);
}

/** The text of the toast on screen (spec 1: one at a time). */
export async function toastText(page: Page): Promise<string> {
  const item = page.getByTestId("toast").first();
  await item.waitFor({ timeout: 10_000 });
  return (await item.textContent()) ?? "";
}
