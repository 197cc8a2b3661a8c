import { eq, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
import { rateLimits } from "../db/schema";
import type { AppEnv } from "../lib/app-env";
import { tooManyRequests } from "../lib/errors";
import { emailOf } from "./rate-limits";

/**
 * Per-account back-off on failed password sign-ins, whatever address they come from.
 * A row in rate_limits per email: `count` = consecutive failures, `window_start` = the last
 * one. After FREE_FAILURES, the account takes no sign-in until the last failure is
 * `delayMs(count)` old; the delay doubles with each further failure up to MAX_DELAY_MS.
 * A successful sign-in clears the row; a day without failures forgets them.
 * Refused attempts never reach better-auth, so they neither count nor extend the delay:
 * the owner waits at most MAX_DELAY_MS after an attacker stops.
 */
export const SIGN_IN_BACKOFF = {
  FREE_FAILURES: 5,
  FIRST_DELAY_MS: 15_000,
  MAX_DELAY_MS: 15 * 60_000,
  FORGET_AFTER_MS: 24 * 60 * 60_000,
} as const;

export function backoffDelayMs(failures: number): number {
  const { FREE_FAILURES, FIRST_DELAY_MS, MAX_DELAY_MS } = SIGN_IN_BACKOFF;
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(20, failures - FREE_FAILURES));
}

export const backoffKey = (email: string) => `auth:signIn:failures:${email}`;

async function failuresOf(db: Database, email: string, now: number) {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, backoffKey(email)));
  if (!row || now - row.windowStart >= SIGN_IN_BACKOFF.FORGET_AFTER_MS) return { count: 0, last: 0 };
  return { count: row.count, last: row.windowStart };
}

async function recordFailure(db: Database, email: string, now: number) {
  await db
    .insert(rateLimits)
    .values({ key: backoffKey(email), windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${now} - ${rateLimits.windowStart} >= ${SIGN_IN_BACKOFF.FORGET_AFTER_MS} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: now,
      },
    });
}

/** In front of POST /api/auth/sign-in/email, after the request-count limits. */
export const signInBackoff: MiddlewareHandler<AppEnv> = async (c, next) => {
  const email = await emailOf(c.req.raw);
  if (!email) return next();
  const db = c.var.db;
  const now = Date.now();
  const { count, last } = await failuresOf(db, email, now);
  const waitMs = last + backoffDelayMs(count) - now;
  if (count >= SIGN_IN_BACKOFF.FREE_FAILURES && waitMs > 0) {
    c.header("Retry-After", String(Math.ceil(waitMs / 1000)));
    throw tooManyRequests("Too many failed sign-ins for this account. Please wait a moment and try again.");
  }
  await next();
  // better-auth answers a wrong password (or an unknown email, alike) with 401.
  if (c.res.status === 401) await recordFailure(db, email, Date.now());
  else if (c.res.ok && count > 0) await db.delete(rateLimits).where(eq(rateLimits.key, backoffKey(email)));
};
