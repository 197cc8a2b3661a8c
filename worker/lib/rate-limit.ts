import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
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
): Promise<RateLimitResult> {
  const row = await db.get<{ count: number; window_start: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${now}, 1)
    on conflict(key) do update set
      count = case when ${now} - rate_limits.window_start >= ${rule.windowMs} then 1 else rate_limits.count + 1 end,
      window_start = case when ${now} - rate_limits.window_start >= ${rule.windowMs} then ${now} else rate_limits.window_start end
    returning count, window_start`);
  const count = row?.count ?? 1;
  const windowStart = row?.window_start ?? now;
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + rule.windowMs - now) / 1000));
  return { allowed: count <= rule.limit, count, retryAfterSeconds };
}

/** The caller's address as Cloudflare reports it; never a header the client controls. */
export function clientIp(request: Request): string {
  return request.headers.get("cf-connecting-ip") ?? "local";
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
