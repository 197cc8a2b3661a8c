import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { organizations, user as userTable } from "../db/schema";
import type { AppEnv } from "../lib/app-env";
import { isSuperAdminEmail } from "../lib/config";
import { ApiError, conflict, errorJson } from "../lib/errors";
import { zv } from "../lib/validate";
import {
  DUPLICATE_EMAIL_MESSAGE,
  type MeResponse,
  normalizeSignupRequest,
  PASSWORD_RESET_SENT_MESSAGE,
  type RecoveryCodesLeftResponse,
  resetLinkCheckRequestSchema,
  SESSION_PROBE_HEADER,
  SIGNUP_MESSAGES,
  type SignupResponse,
  signupRequestSchema,
  TWO_FACTOR_KEPT_MESSAGE,
  TWO_FACTOR_OFF_MESSAGE,
  validateSignupRequest,
} from "../shared/auth";
import { getAuth } from "./auth";
import { requireUser, type UserEnv } from "./middleware";
import { notifySignup } from "./notify-signup";
import { recordFoundedOrganization } from "./organization";
import { authRateLimit, jsonBodiesOnly } from "./rate-limits";
import { recoveryCodesLeft } from "./recovery-codes";
import { checkResetLink } from "./reset-link-check";
import { signInBackoff } from "./sign-in-backoff";

/**
 * A second factor that is required cannot be switched off by the one it protects: an
 * operator's (the console asks for it) or an Admin's whose organization requires it. Either
 * would otherwise leave a session that began with two factors on an account that has one.
 */
const keepRequiredSecondFactor = createMiddleware<UserEnv>(async (c, next) => {
  const { user } = c.var;
  const operator = user.role === "SuperAdmin" && isSuperAdminEmail(c.env, user.email);
  const [organization] =
    user.role === "Admin" && user.organizationId
      ? await c.var.platform
          .select({ required: organizations.requireAdminTwoFactor })
          .from(organizations)
          .where(eq(organizations.id, user.organizationId))
      : [];
  if (operator || organization?.required) throw new ApiError(403, "two_factor_kept", TWO_FACTOR_KEPT_MESSAGE);
  await next();
});

const toBetterAuth = async (c: Context<AppEnv>) => withoutSessionToken(await getAuth(c.env).handler(c.req.raw));

/**
 * better-auth puts session tokens in JSON bodies: sign-in and get-session at the top or
 * under `session`, list-sessions in every element of its array. They belong only in the
 * httpOnly cookie, where page scripts cannot read them, so every `token` key is removed at
 * any depth of any JSON answer from /api/auth/*. (tests/integration/auth-tokens.test.ts
 * calls every better-auth endpoint and scans the answers for the stored session tokens.)
 */
export function stripTokens(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(stripTokens);
  const kept: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key !== "token") kept[key] = stripTokens(item);
  }
  return kept;
}

async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, response);
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(stripTokens(body)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** better-auth's own error codes, phrased as the spec's screens phrase them. */
const BETTER_AUTH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL: SIGNUP_MESSAGES.emailInvalid,
  PASSWORD_TOO_SHORT: SIGNUP_MESSAGES.passwordTooShort,
  PASSWORD_TOO_LONG: SIGNUP_MESSAGES.passwordTooLong,
};

/**
 * /api/auth/*: better-auth, with our D1 rate limits in front of the routes that can be
 * abused, and our own sign-up in front of its sign-up so the spec's rules, messages and
 * duplicate check apply and the company is recorded.
 */
export const authRoutes = new Hono<AppEnv>()
  .use(jsonBodiesOnly)
  .use("/two-factor/*", async (c, next) => {
    await next();
    // Enrollment answers carry the secret and the recovery codes, for this one screen only.
    c.res.headers.set("Cache-Control", "no-store");
  })
  .post("/sign-up/email", authRateLimit("signUp"), zv("json", signupRequestSchema), async (c) => {
    const input = normalizeSignupRequest(c.req.valid("json"));
    const problem = validateSignupRequest(input);
    if (problem) throw new ApiError(400, "validation_failed", problem);

    const email = input.email.trim().toLowerCase();
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    const db = c.var.db;
    // Spec 1 §5: the one place an address's existence is revealed, by design.
    const [existing] = await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.email, email)).limit(1);
    if (existing) throw new ApiError(409, "email_taken", DUPLICATE_EMAIL_MESSAGE);

    let userId: string;
    try {
      const result = await getAuth(c.env).api.signUpEmail({
        body: {
          name: `${firstName} ${lastName}`.trim() || email,
          email,
          password: input.password,
          firstName,
          lastName,
        },
        headers: c.req.raw.headers,
      });
      userId = result.user.id;
    } catch (error) {
      if (!isAPIError(error)) throw error;
      const code = typeof error.body?.code === "string" ? error.body.code : "signup_failed";
      const message = BETTER_AUTH_MESSAGES[code] ?? error.body?.message ?? "An error occurred during signup";
      const status = (
        error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
      ) as ContentfulStatusCode;
      throw new ApiError(status, code.toLowerCase(), message);
    }

    // With verification required, better-auth answers a racing duplicate with a made-up user.
    const [created] = await db
      .select({ id: userTable.id, emailVerified: userTable.emailVerified })
      .from(userTable)
      .where(eq(userTable.id, userId));
    if (!created) throw conflict(DUPLICATE_EMAIL_MESSAGE);

    // Operators (SUPERADMIN_EMAILS) work across organizations and found none.
    if (input.form === "full" && !isSuperAdminEmail(c.env, email)) {
      await recordFoundedOrganization(c.env, db, created.id, input.companyName);
    }
    c.executionCtx.waitUntil(
      notifySignup(c.env, db, { firstName, lastName, email, companyName: input.companyName.trim() }),
    );

    const body: SignupResponse = { needsConfirmation: !created.emailVerified, user: { id: created.id, email } };
    return c.json(body);
  })
  .post("/sign-in/email", authRateLimit("signIn"), signInBackoff, toBetterAuth)
  .post("/sign-in/magic-link", authRateLimit("magicLink"), toBetterAuth)
  .post("/send-verification-email", authRateLimit("verificationResend"), toBetterAuth)
  .post("/request-password-reset", authRateLimit("passwordReset"), async (c) => {
    const response = await toBetterAuth(c);
    if (!response.ok) return response;
    // One answer for every address, in the words the page shows.
    return c.json({ status: true, message: PASSWORD_RESET_SENT_MESSAGE });
  })
  .post("/reset-password/check", authRateLimit("resetLinkCheck"), zv("json", resetLinkCheckRequestSchema), async (c) =>
    c.json(await checkResetLink(c.env, c.req.valid("json").token), 200, { "Cache-Control": "no-store" }),
  )
  .post("/reset-password", authRateLimit("passwordCheck"), toBetterAuth)
  .post("/change-password", authRateLimit("passwordCheck"), toBetterAuth)
  .post("/two-factor/enable", authRateLimit("passwordCheck"), toBetterAuth)
  .post("/two-factor/disable", authRateLimit("passwordCheck"), requireUser, keepRequiredSecondFactor, toBetterAuth)
  .post("/two-factor/generate-backup-codes", authRateLimit("passwordCheck"), toBetterAuth)
  .post("/two-factor/get-totp-uri", (c) =>
    // The secret is shown once, when it is set up; a stolen session plus a password must not read it again.
    errorJson(c, 404, "not_found", "The authenticator's secret is shown only when it is set up."),
  )
  .post("/two-factor/verify-totp", authRateLimit("secondFactor"), toBetterAuth)
  .post("/two-factor/verify-backup-code", authRateLimit("secondFactor"), toBetterAuth)
  .on(["GET", "POST"], "/*", async (c) => {
    const response = await toBetterAuth(c);
    // better-auth answers a path it does not know with a bare 404; the API's contract is a JSON error.
    if (response.status === 404 && !response.headers.get("content-type")?.includes("application/json")) {
      return errorJson(c, 404, "not_found", `No API route for ${c.req.method} ${new URL(c.req.url).pathname}`);
    }
    return response;
  });

/**
 * The page's own start asks "who is signed in?" with the session probe header, and for it no
 * session is an answer (204, no body), not an error: the browser logs every 401 as a console
 * error, on every signed-out visit to the landing and login pages. Without the header, 401.
 */
const noSessionIsAnAnswer = createMiddleware(async (c, next) => {
  await next();
  if (c.res.status === 401 && c.req.header(SESSION_PROBE_HEADER) === "1") {
    c.res = new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }
});

/** GET /api/me — the signed-in user (role corrected by the server), their session and organization. */
export const meRoutes = new Hono<UserEnv>()
  .use(noSessionIsAnAnswer, requireUser)
  .get("/", async (c) => {
    const { user, session } = c.var;
    const [organization] = user.organizationId
      ? await c.var.platform
          .select({
            id: organizations.id,
            name: organizations.name,
            requireAdminTwoFactor: organizations.requireAdminTwoFactor,
          })
          .from(organizations)
          .where(eq(organizations.id, user.organizationId))
      : [];
    const body: MeResponse = {
      user: { ...user, createdAt: user.createdAt.toISOString() },
      session: { id: session.id, expiresAt: session.expiresAt.toISOString() },
      organization: organization ?? null,
    };
    c.header("Cache-Control", "no-store");
    return c.json(body);
  })
  /** GET /api/me/recovery-codes — the number of the caller's own recovery codes left, never the codes. */
  .get("/recovery-codes", async (c) => {
    const { user } = c.var;
    if (!user.twoFactorEnabled) throw new ApiError(409, "two_factor_off", TWO_FACTOR_OFF_MESSAGE);
    const body: RecoveryCodesLeftResponse = { left: await recoveryCodesLeft(c.env, user.id) };
    return c.json(body, 200, { "Cache-Control": "no-store" });
  });
