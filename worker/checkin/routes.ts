import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../db/client";
import { checkIns, organizations, riskAlerts, teamMembers } from "../db/schema";
import type { AppEnv } from "../lib/app-env";
import { ApiError, badRequest, forbidden, notFound, tooManyRequests } from "../lib/errors";
import { clientIp, hitRateLimit, type RateLimitRule } from "../lib/rate-limit";
import type { CheckInInfo } from "../shared/checkin-protocol";
import { reachOutAlert } from "./risk";
import { INIT_HEADER, type SessionInit } from "./session";
import { digestsEqual, hashCheckInToken } from "./token";

/**
 * The public check-in routes. The Worker validates id + token (hashed, compared in
 * constant time) + status + expiry BEFORE any Durable Object is addressed, so a wrong
 * link never creates an object. Failed guesses are counted per IP in D1.
 */
export const MISSING_MESSAGE = "Missing check-in ID or token";
export const NOT_FOUND_MESSAGE = "Check-in not found or already completed";

/** Ten wrong links per IP per 15 minutes; the eleventh wrong one gets 429, a right one still works. */
export const GUESS_RULE: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
/** A salesperson may still ask for their manager to reach out this long after completing. */
const REACH_OUT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

type CheckInRecord = {
  id: string;
  organizationId: string;
  organizationName: string;
  teamMemberId: string;
  firstName: string;
  lastName: string;
  tokenHash: string;
  status: "pending" | "completed" | "expired";
  durationMinutes: number;
  expiresAt: Date;
  completedAt: Date | null;
};

async function guessesExhausted(db: Database, key: string, now: number): Promise<boolean> {
  const row = await db.get<{ count: number; window_start: number } | undefined>(
    sql`select count, window_start from rate_limits where key = ${key}`,
  );
  return !!row && now - row.window_start < GUESS_RULE.windowMs && row.count >= GUESS_RULE.limit;
}

/**
 * The check-in a link points to, if the token is right. Throws the spec's errors:
 * 400 'Missing check-in ID or token', 404 'Check-in not found or already completed', and
 * 429 once an IP has used up its wrong guesses.
 */
export async function checkInForLink(
  db: Database,
  request: Request,
  id: string | undefined,
  token: string | undefined,
  accept: (record: CheckInRecord, now: number) => boolean,
): Promise<CheckInRecord> {
  if (!id?.trim() || !token?.trim()) throw badRequest(MISSING_MESSAGE);
  const now = Date.now();
  const key = `checkin-guess:${clientIp(request)}`;
  const [exhausted, rows, hash] = await Promise.all([
    guessesExhausted(db, key, now),
    db
      .select({
        id: checkIns.id,
        organizationId: checkIns.organizationId,
        organizationName: organizations.name,
        teamMemberId: checkIns.teamMemberId,
        firstName: teamMembers.firstName,
        lastName: teamMembers.lastName,
        tokenHash: checkIns.tokenHash,
        status: checkIns.status,
        durationMinutes: checkIns.durationMinutes,
        expiresAt: checkIns.expiresAt,
        completedAt: checkIns.completedAt,
      })
      .from(checkIns)
      .innerJoin(teamMembers, eq(teamMembers.id, checkIns.teamMemberId))
      .innerJoin(organizations, eq(organizations.id, checkIns.organizationId))
      .where(eq(checkIns.id, id))
      .limit(1),
    hashCheckInToken(token),
  ]);
  const record = rows[0];
  // Same work whether or not the id exists, so timing does not reveal which ids are real.
  const tokenMatches = digestsEqual(hash, record?.tokenHash ?? "0".repeat(64)) && !!record;
  if (!record || !tokenMatches) {
    // Only failures are throttled: a right link still opens from an office whose address
    // used up its wrong guesses (a 256-bit token is not guessable; this stops the noise).
    if (exhausted) throw tooManyRequests("Too many attempts. Please wait a few minutes and try again.");
    await hitRateLimit(db, key, GUESS_RULE, now);
    throw notFound(NOT_FOUND_MESSAGE);
  }
  if (!accept(record, now)) throw notFound(NOT_FOUND_MESSAGE);
  return record;
}

const isOpen = (record: CheckInRecord, now: number) => record.status === "pending" && record.expiresAt.getTime() > now;

/** Browsers send Origin on a WebSocket upgrade: only the app's own origin may open one. */
function originAllowed(request: Request, env: Env): boolean {
  const origin = request.headers.get("Origin");
  // Non-browser clients (the benchmark, a native app) send none; the token is their credential.
  if (!origin) return true;
  const allowed = new Set([new URL(request.url).origin]);
  if (env.BETTER_AUTH_URL) {
    try {
      allowed.add(new URL(env.BETTER_AUTH_URL).origin);
    } catch {
      // a malformed setting allows only the request's own origin
    }
  }
  return allowed.has(origin);
}

export const checkInRoutes = new Hono<AppEnv>()
  .get("/", () => {
    throw badRequest(MISSING_MESSAGE);
  })
  .get("/:id", async (c) => {
    const record = await checkInForLink(c.var.db, c.req.raw, c.req.param("id"), c.req.query("token"), isOpen);
    const info: CheckInInfo = {
      id: record.id,
      firstName: record.firstName,
      durationMinutes: record.durationMinutes,
      expiresAt: record.expiresAt.getTime(),
      organizationName: record.organizationName,
    };
    c.header("Cache-Control", "no-store");
    return c.json(info);
  })
  .get("/:id/ws", async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      throw new ApiError(426, "upgrade_required", "Expected a WebSocket upgrade");
    }
    if (!originAllowed(c.req.raw, c.env)) throw forbidden("Cross-origin WebSocket connections are not allowed");
    const record = await checkInForLink(c.var.db, c.req.raw, c.req.param("id"), c.req.query("token"), isOpen);
    const init: SessionInit = {
      checkInId: record.id,
      organizationId: record.organizationId,
      teamMemberId: record.teamMemberId,
      firstName: record.firstName,
      fullName: `${record.firstName} ${record.lastName}`.trim(),
      durationMinutes: record.durationMinutes,
      expiresAt: record.expiresAt.getTime(),
    };
    const stub = c.env.CHECKIN_SESSION.getByName(record.id);
    return stub.fetch("https://check-in-session/ws", {
      headers: { Upgrade: "websocket", [INIT_HEADER]: JSON.stringify(init) },
    });
  })
  .post("/:id/reach-out", async (c) => {
    // At the end of the chat (or just after it was submitted) the salesperson may ask for contact.
    const record = await checkInForLink(
      c.var.db,
      c.req.raw,
      c.req.param("id"),
      c.req.query("token"),
      (r, now) =>
        isOpen(r, now) ||
        (r.status === "completed" && r.completedAt !== null && now - r.completedAt.getTime() < REACH_OUT_WINDOW_MS),
    );
    const alert = reachOutAlert(`${record.firstName} ${record.lastName}`.trim());
    await c.var.db.batch([
      c.var.db.update(checkIns).set({ reachOutRequested: true }).where(eq(checkIns.id, record.id)),
      c.var.db
        .insert(riskAlerts)
        .values({
          id: `${record.id}-alert-reach_out`,
          organizationId: record.organizationId,
          teamMemberId: record.teamMemberId,
          checkInId: record.id,
          alertType: alert.alertType,
          priority: alert.priority,
          category: alert.category,
          message: alert.message,
        })
        .onConflictDoNothing(),
    ]);
    return c.json({ reachOutRequested: true });
  });
