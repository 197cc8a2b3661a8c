import { fillPlaceholders, type Placeholder, sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import { type Database, oncePerHandle, platformOf } from "../db/client";
import { rateLimits } from "../db/schema";
import type { AppEnv } from "./app-env";
import { tooManyRequests } from "./errors";

export type RateLimitRule = { limit: number; windowMs: number };
export type RateLimitResult = { allowed: boolean; count: number; retryAfterSeconds: number };

/**
 * A counter per key in D1, so every isolate and every restart sees the same count. The
 * window opens at the key's first request: "the fourth try within 10 s" is refused
 * however the tries fall on the clock. One statement, so concurrent requests cannot race.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = Date.now(),
  /** Uses counted at once (a block reserved by a daily cap); 1 otherwise. */
  amount = 1,
): Promise<RateLimitResult> {
  const row = await rateLimitHit(db, key, rule.windowMs, now, amount).first<CounterRow>();
  return rateLimitResult(row, rule, now, amount);
}

export type CounterRow = { count: number; window_start: number };

type HitValues = {
  key: string | Placeholder;
  now: number | Placeholder;
  windowMs: number | Placeholder;
  amount: number | Placeholder;
};

/** The counter's upsert as a Drizzle query (the window restarts when it is over): with placeholders compiled once (`compiledHit`), or with values for a batch. */
function hitQuery(db: Database, P: HitValues) {
  const expired = sql`${P.now} - ${rateLimits.windowStart} >= ${P.windowMs}`;
  return db
    .insert(rateLimits)
    .values({ key: P.key, windowStart: P.now, count: P.amount })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${expired} then ${P.amount} else ${rateLimits.count} + ${P.amount} end`,
        windowStart: sql`case when ${expired} then ${P.now} else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
}

/**
 * The counter's upsert, its SQL built by Drizzle once per database handle with placeholders:
 * building it on every call was a real share of a check-in's start in the CPU profile. (The
 * start's first block of model calls is now counted inside its own D1 batch, where only a
 * query built with values fits: `rateLimitHitQuery`, one D1 request fewer for a little
 * building.) The window restarts when it is over: both columns are CASE expressions on the
 * stored row.
 */
const compiledHit = oncePerHandle((db) =>
  hitQuery(db, {
    key: sql.placeholder("key"),
    now: sql.placeholder("now"),
    windowMs: sql.placeholder("windowMs"),
    amount: sql.placeholder("amount"),
  }).toSQL(),
);

/**
 * The same count as `rateLimitHit`, as a Drizzle query for the caller's own D1 batch (a check-in's
 * start reserves its model calls beside its reads); answers `{ count, windowStart }` rows.
 */
export function rateLimitHitQuery(anyDb: Database, key: string, windowMs: number, now: number, amount = 1) {
  return hitQuery(platformOf(anyDb), { key, now, windowMs, amount });
}

/**
 * One use (or `amount`) counted, as a D1 statement not yet run (to run alone or in a batch);
 * answers a `CounterRow`. The counter is the platform database's (worker/db/shards.ts), whichever
 * handle the caller holds.
 */
export function rateLimitHit(
  anyDb: Database,
  key: string,
  windowMs: number,
  now: number,
  amount = 1,
): D1PreparedStatement {
  const db = platformOf(anyDb);
  const { sql: text, params } = compiledHit(db);
  return db.$client.prepare(text).bind(...fillPlaceholders(params, { key, now, windowMs, amount }));
}

/** What the counter's row says about the rule. */
export function rateLimitResult(row: CounterRow | null, rule: RateLimitRule, now: number, amount = 1): RateLimitResult {
  const count = row?.count ?? amount;
  const windowStart = row?.window_start ?? now;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  return { allowed: count <= rule.limit, count, retryAfterSeconds };
}

/** The caller's address as Cloudflare reports it; never a header the client controls. */
export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
}

/**
 * The address a rate limit counts: an IPv4 address as it is, an IPv6 address by its /64
 * (one subscriber usually holds a whole /64 and can pick any address in it). Split and
 * counted, never matched with a pattern; anything unreadable counts as itself, cut short.
 */
export function rateLimitAddress(request: Request): string {
  const ip = clientIp(request).slice(0, 64).toLowerCase();
  if (!ip.includes(":")) return ip;
  // An IPv4 address written as IPv6 (::ffff:192.0.2.1) is that IPv4 address.
  const last = ip.slice(ip.lastIndexOf(":") + 1);
  if (last.includes(".")) return last;
  const [head = "", tail, ...rest] = ip.split("::");
  if (rest.length > 0) return ip;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const missing = 8 - left.length - right.length;
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, missing)).fill("0"), ...right];
  const prefix = groups.slice(0, 4).map((group) => (Number.parseInt(group || "0", 16) || 0).toString(16));
  return `${prefix.join(":")}::/64`;
}

/** Refuses with 429 (and Retry-After) once `keyOf` has used up its rule. */
export function rateLimited(
  bucket: string,
  rule: RateLimitRule,
  keyOf: (c: Parameters<MiddlewareHandler<AppEnv>>[0]) => string | Promise<string> = (c) => clientIp(c.req.raw),
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = `${bucket}:${await keyOf(c)}`;
    const result = await hitRateLimit(c.var.db, key, rule);
    if (!result.allowed) {
      c.header("Retry-After", String(result.retryAfterSeconds));
      throw tooManyRequests();
    }
    await next();
  };
}
