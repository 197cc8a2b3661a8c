import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/app-env";
import { ApiError, badRequest, tooManyRequests } from "../lib/errors";
import { hitRateLimit, type RateLimitRule, rateLimitAddress } from "../lib/rate-limit";
import { EMAIL_MAX_LENGTH } from "../shared/auth";

const SECOND = 1000;
const MINUTE = 60 * SECOND;

type Scope = "ip" | "email" | "ip+email";
type AuthLimit = { scope: Scope; rule: RateLimitRule };

/**
 * Limits on the auth routes, counted in D1 (rate_limits) so every isolate and every restart
 * sees the same counts. Per address-and-email for guessing one account from one place, per
 * address for spraying many accounts, per email for flooding one inbox or for guessing one
 * account from many places (with the failure back-off of ./sign-in-backoff.ts). An address
 * is an IPv4 address or an IPv6 /64 (rateLimitAddress).
 */
export const AUTH_RATE_LIMITS = {
  signIn: [
    // The fourth try within 10 s is refused.
    { scope: "ip+email", rule: { limit: 3, windowMs: 10 * SECOND } },
    { scope: "ip", rule: { limit: 30, windowMs: MINUTE } },
    // Whatever the address: a burst from many addresses cannot outrun the back-off.
    { scope: "email", rule: { limit: 10, windowMs: MINUTE } },
  ],
  signUp: [
    { scope: "email", rule: { limit: 5, windowMs: 10 * MINUTE } },
    { scope: "ip", rule: { limit: 10, windowMs: 10 * MINUTE } },
  ],
  magicLink: [
    { scope: "email", rule: { limit: 3, windowMs: 10 * MINUTE } },
    { scope: "ip", rule: { limit: 10, windowMs: 10 * MINUTE } },
  ],
  verificationResend: [
    { scope: "email", rule: { limit: 3, windowMs: 10 * MINUTE } },
    { scope: "ip", rule: { limit: 10, windowMs: 10 * MINUTE } },
  ],
  // "Forgot password?" sends an email, like the magic link.
  passwordReset: [
    { scope: "email", rule: { limit: 3, windowMs: 10 * MINUTE } },
    { scope: "ip", rule: { limit: 10, windowMs: 10 * MINUTE } },
  ],
  // Guessing a reset token, a current password (change password, two factors' enable and
  // disable) or a second factor: better-auth also caps tries per challenge and per account.
  passwordCheck: [{ scope: "ip", rule: { limit: 10, windowMs: 10 * MINUTE } }],
  // Asking whether a reset link still works (it changes nothing; its token is as hard to guess).
  resetLinkCheck: [{ scope: "ip", rule: { limit: 30, windowMs: 10 * MINUTE } }],
  secondFactor: [{ scope: "ip", rule: { limit: 10, windowMs: MINUTE } }],
  // Guessing an invitation token (and a burst of accounts made with real ones).
  invitation: [{ scope: "ip", rule: { limit: 20, windowMs: 10 * MINUTE } }],
} satisfies Record<string, AuthLimit[]>;

export type AuthLimitName = keyof typeof AUTH_RATE_LIMITS;

/**
 * The email a JSON auth request is about, lower-cased; read from a clone so the body stays
 * intact. Only JSON reaches here: `jsonBodiesOnly` refuses every other body first.
 */
export async function emailOf(request: Request): Promise<string> {
  try {
    const body: unknown = await request.clone().json();
    if (body && typeof body === "object" && "email" in body && typeof body.email === "string") {
      // Length before any pattern: better-auth's email check never sees a longer string.
      if (body.email.length > EMAIL_MAX_LENGTH + 64) throw badRequest("Please enter a valid email address.");
      return body.email.trim().toLowerCase();
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // Not JSON: the route itself answers 400; the limiter still counts the address.
  }
  return "";
}

/** Counts the request against every rule of `name`; the first one used up answers 429. */
export function authRateLimit(name: AuthLimitName): MiddlewareHandler<AppEnv> {
  const limits: AuthLimit[] = AUTH_RATE_LIMITS[name];
  return async (c, next) => {
    const ip = rateLimitAddress(c.req.raw);
    const email = await emailOf(c.req.raw);
    for (const { scope, rule } of limits) {
      if (scope !== "ip" && !email) continue;
      const subject = scope === "ip" ? ip : scope === "email" ? email : `${ip}|${email}`;
      const result = await hitRateLimit(c.var.db, `auth:${name}:${scope}:${subject}`, rule);
      if (!result.allowed) {
        c.header("Retry-After", String(result.retryAfterSeconds));
        throw tooManyRequests("Too many attempts. Please wait a moment and try again.");
      }
    }
    await next();
  };
}

/**
 * better-auth reads form-encoded and multipart bodies as readily as JSON, but our limiters
 * read JSON: a form body would carry the email past every per-account limit. A body on
 * /api/auth/* must be JSON (415 otherwise), before any limiter or better-auth sees it.
 */
export const jsonBodiesOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.raw.body !== null) {
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
    if (mediaType !== "application/json") {
      throw new ApiError(
        415,
        "unsupported_media_type",
        "Send the request body as JSON (Content-Type: application/json).",
      );
    }
  }
  await next();
};
