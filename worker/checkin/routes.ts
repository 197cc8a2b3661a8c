import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { publicOrigin } from "../auth/auth";
import type { Database } from "../db/client";
import { checkIns, organizations, rateLimits, riskAlerts, teamMembers } from "../db/schema";
import { sendEmail } from "../email/send";
import type { AppEnv } from "../lib/app-env";
import { ApiError, badRequest, forbidden, notFound, tooManyRequests } from "../lib/errors";
import { appSecrets } from "../lib/keys";
import { hitRateLimit, type RateLimitRule, rateLimitAddress } from "../lib/rate-limit";
import { zv } from "../lib/validate";
import {
  type CheckInInfo,
  claimRequestSchema,
  NO_EMAIL_FRESH_LINK_MESSAGE,
  OPEN_ELSEWHERE_CODE,
  OPEN_ELSEWHERE_MESSAGE,
  type OpenElsewhere,
  type OwnerDevice,
} from "../shared/checkin-protocol";
import type { DeliveryRoute } from "../shared/domain";
import { deliveryOf, sendable } from "./delivery";
import {
  attemptSecret,
  CLAIM_PARAM,
  DEVICE_HEADER,
  deviceCookie,
  deviceKindOf,
  deviceSecretOf,
  hashDeviceSecret,
  newDeviceSecret,
} from "./device";
import { freshLinkEmail } from "./fresh-link-email";
import { INIT_HEADER, type SessionInit } from "./init";
import { reachOutAlert } from "./risk";
import { checkInPath, digestsEqual, hashCheckInToken } from "./token";

/**
 * The public check-in routes. The Worker validates id + token (hashed, compared in
 * constant time) + status + expiry BEFORE any Durable Object is addressed, so a wrong
 * link never creates an object. Failed guesses are counted per IP in D1.
 */
export const MISSING_MESSAGE = "Missing check-in ID or token";
export const NOT_FOUND_MESSAGE = "Check-in not found or already completed";

/** Ten wrong links per IP per 15 minutes; the eleventh wrong one gets 429, a right one still works. */
export const GUESS_RULE: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
/** Fresh links asked for one check-in from one address (an IPv6 /64) per hour. */
const FRESH_LINK_RULE: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };
const FRESH_LINK_TOO_MANY = "No more fresh links can be sent for this check-in from here just now.";
/** A salesperson may still ask for their manager to reach out this long after completing. */
const REACH_OUT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

type CheckInRecord = {
  id: string;
  organizationId: string;
  organizationName: string;
  organizationStatus: string;
  teamMemberId: string;
  firstName: string;
  lastName: string;
  /** The route and address stored when the check-in was created: a fresh link goes there and nowhere else. */
  deliveryRoute: DeliveryRoute | null;
  deliveryAddress: string | null;
  tokenHash: string;
  status: "pending" | "completed" | "expired";
  durationMinutes: number;
  expiresAt: Date;
  completedAt: Date | null;
};

async function guessesExhausted(db: Database, key: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return !!row && now - row.windowStart < GUESS_RULE.windowMs && row.count >= GUESS_RULE.limit;
}

/**
 * The check-in and what its link needs, compiled once per Drizzle handle: every connection
 * and page load of a link runs it, and building the join's SQL each time was a visible part
 * of a check-in's start on the object's thread (README → Performance).
 */
const linkQueries = new WeakMap<Database, ReturnType<typeof prepareLinkQuery>>();

function linkQuery(db: Database) {
  let prepared = linkQueries.get(db);
  if (!prepared) {
    prepared = prepareLinkQuery(db);
    linkQueries.set(db, prepared);
  }
  return prepared;
}

function prepareLinkQuery(db: Database) {
  return db
    .select({
      id: checkIns.id,
      organizationId: checkIns.organizationId,
      organizationName: organizations.name,
      organizationStatus: organizations.status,
      teamMemberId: checkIns.teamMemberId,
      firstName: teamMembers.firstName,
      lastName: teamMembers.lastName,
      deliveryRoute: checkIns.deliveryRoute,
      deliveryAddress: checkIns.deliveryAddress,
      tokenHash: checkIns.tokenHash,
      status: checkIns.status,
      durationMinutes: checkIns.durationMinutes,
      expiresAt: checkIns.expiresAt,
      completedAt: checkIns.completedAt,
    })
    .from(checkIns)
    .innerJoin(teamMembers, eq(teamMembers.id, checkIns.teamMemberId))
    .innerJoin(organizations, eq(organizations.id, checkIns.organizationId))
    .where(eq(checkIns.id, sql.placeholder("id")))
    .limit(1)
    .prepare();
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
  const [rows, hash] = await Promise.all([linkQuery(db).all({ id }), hashCheckInToken(token)]);
  const record = rows[0];
  // Same work whether or not the id exists, so timing does not reveal which ids are real.
  const tokenMatches = digestsEqual(hash, record?.tokenHash ?? "0".repeat(64)) && !!record;
  if (!record || !tokenMatches) {
    // Only failures are throttled: a right link still opens from an office whose address
    // used up its wrong guesses (a 256-bit token is not guessable; this stops the noise).
    // So only a failure reads the address's count, the same read for an unknown id and a
    // wrong token; a right link costs one D1 query. An IPv6 address counts by its /64, which
    // one subscriber usually holds whole (rateLimitAddress).
    const key = `checkin-guess:${rateLimitAddress(request)}`;
    if (await guessesExhausted(db, key, now)) {
      throw tooManyRequests("Too many attempts. Please wait a few minutes and try again.");
    }
    await hitRateLimit(db, key, GUESS_RULE, now);
    throw notFound(NOT_FOUND_MESSAGE);
  }
  // A suspended organization's links stop working (and work again when it is lifted).
  if (record.organizationStatus === "suspended" || !accept(record, now)) throw notFound(NOT_FOUND_MESSAGE);
  return record;
}

const isOpen = (record: CheckInRecord, now: number) => record.status === "pending" && record.expiresAt.getTime() > now;

function sessionInit(record: CheckInRecord): SessionInit {
  return {
    checkInId: record.id,
    organizationId: record.organizationId,
    teamMemberId: record.teamMemberId,
    firstName: record.firstName,
    fullName: `${record.firstName} ${record.lastName}`.trim(),
    durationMinutes: record.durationMinutes,
    expiresAt: record.expiresAt.getTime(),
  };
}

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

/** The page's view of an open check-in; `owner` only for the browser that owns it. */
function infoOf(record: CheckInRecord, owner: OwnerDevice | null): CheckInInfo {
  return {
    id: record.id,
    firstName: record.firstName,
    durationMinutes: record.durationMinutes,
    expiresAt: record.expiresAt.getTime(),
    organizationName: record.organizationName,
    ...(owner ? { device: owner } : {}),
  };
}

/** 409 open_elsewhere: when and on what, and whether a fresh link can be emailed (not to a handed-over link). */
function openElsewhere(record: CheckInRecord, owner: OwnerDevice, claimRefused: boolean): ApiError {
  const details: OpenElsewhere = {
    owner,
    freshLink: record.deliveryRoute !== "handover",
    ...(claimRefused ? { claimRefused } : {}),
  };
  return new ApiError(409, OPEN_ELSEWHERE_CODE, OPEN_ELSEWHERE_MESSAGE, details);
}

async function hashOrNull(secret: string | null | undefined): Promise<string | null> {
  return secret ? hashDeviceSecret(secret) : null;
}

export const checkInRoutes = new Hono<AppEnv>()
  .get("/", () => {
    throw badRequest(MISSING_MESSAGE);
  })
  .get("/:id", async (c) => {
    // Read only (README → Chat ownership): a mail scanner or a preview that opens the link,
    // even in a headless browser that runs the page, claims nothing and sets nothing.
    c.header("Cache-Control", "no-store");
    const record = await checkInForLink(c.var.db, c.req.raw, c.req.param("id"), c.req.query("token"), isOpen);
    const view = await c.env.CHECKIN_SESSION.getByName(record.id).viewOwner(
      await hashOrNull(deviceSecretOf(c.req.raw)),
    );
    if (view.state === "elsewhere") throw openElsewhere(record, view.owner, false);
    return c.json(infoOf(record, view.state === "owner" ? view.owner : null));
  })
  .post("/:id/claim", zv("json", claimRequestSchema), async (c) => {
    // "Start my check-in": the first browser to claim owns the chat; the same browser claiming
    // again (its cookie, or the page's attempt when the first answer was lost) is answered the same.
    c.header("Cache-Control", "no-store");
    if (!originAllowed(c.req.raw, c.env)) throw forbidden("Cross-origin requests are not allowed");
    const record = await checkInForLink(c.var.db, c.req.raw, c.req.param("id"), c.req.query("token"), isOpen);
    const body = c.req.valid("json");
    const cookieSecret = deviceSecretOf(c.req.raw) ?? newDeviceSecret();
    const attempt = body.attempt ? await attemptSecret(appSecrets(c.var.config), record.id, body.attempt) : null;
    const claimed = await c.env.CHECKIN_SESSION.getByName(record.id).claimChat(sessionInit(record), {
      cookieHash: await hashDeviceSecret(cookieSecret),
      attemptHash: await hashOrNull(attempt),
      kind: deviceKindOf(c.req.header("User-Agent") ?? null),
      claimHash: await hashOrNull(body.claim),
    });
    if (claimed.outcome === "elsewhere") throw openElsewhere(record, claimed.owner, claimed.claimRefused);
    const secret = claimed.by === "attempt" && attempt ? attempt : cookieSecret;
    c.header("Set-Cookie", deviceCookie(record.id, secret, c.req.raw, record.expiresAt.getTime()));
    return c.json(infoOf(record, claimed.owner));
  })
  .post("/:id/fresh-link", async (c) => {
    // Lost the browser that owns the chat: a fresh link to the check-in's own address moves it.
    const token = c.req.query("token");
    const { db } = c.var;
    const record = await checkInForLink(db, c.req.raw, c.req.param("id"), token, isOpen);
    // The address stored when the check-in was created; a handed-over link has none.
    const to = sendable(await deliveryOf(db, record));
    if (to === null) throw new ApiError(409, "no_email", NO_EMAIL_FRESH_LINK_MESSAGE);
    // Counted per asking address too, so one network cannot mail the member without end.
    const perAddress = await hitRateLimit(
      db,
      `fresh-link:${record.id}:${rateLimitAddress(c.req.raw)}`,
      FRESH_LINK_RULE,
    );
    if (!perAddress.allowed) throw tooManyRequests(FRESH_LINK_TOO_MANY);
    // Limits count per asking browser (its cookie, set here if it has none): someone else
    // holding the link cannot use up the member's own fresh links.
    const existing = deviceSecretOf(c.req.raw);
    const requester = existing ?? newDeviceSecret();
    if (!existing) c.header("Set-Cookie", deviceCookie(record.id, requester, c.req.raw, record.expiresAt.getTime()));
    const claim = newDeviceSecret();
    const issued = await c.env.CHECKIN_SESSION.getByName(record.id).issueFreshLink(
      await hashDeviceSecret(requester),
      await hashDeviceSecret(claim),
    );
    if (!issued.ok) {
      if (issued.reason === "unowned")
        throw new ApiError(
          409,
          "not_open",
          "This check-in has not been started on any device yet: just open your link.",
        );
      throw tooManyRequests(
        issued.reason === "limit"
          ? FRESH_LINK_TOO_MANY
          : "A fresh link was sent a moment ago. Please check your email, or try again in a minute.",
      );
    }
    const origin = publicOrigin(c.var.config, c.req.raw);
    const url = `${origin}${checkInPath(record.id, token ?? "")}&${CLAIM_PARAM}=${claim}`;
    const result = await sendEmail(c.env, db, {
      to: to.address,
      ...freshLinkEmail({ firstName: record.firstName, organizationName: record.organizationName, url }),
      kind: "check_in_fresh_link",
      dedupeKey: `check-in-fresh-link:${record.id}:${issued.number}`,
      organizationId: record.organizationId,
    });
    if (result.status === "failed") {
      throw new ApiError(503, "email_failed", "We couldn't send the email just now. Please try again in a minute.");
    }
    return c.json({ sent: true });
  })
  .get("/:id/ws", async (c) => {
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      throw new ApiError(426, "upgrade_required", "Expected a WebSocket upgrade");
    }
    if (!originAllowed(c.req.raw, c.env)) throw forbidden("Cross-origin WebSocket connections are not allowed");
    const record = await checkInForLink(c.var.db, c.req.raw, c.req.param("id"), c.req.query("token"), isOpen);
    const headers: Record<string, string> = {
      Upgrade: "websocket",
      [INIT_HEADER]: JSON.stringify(sessionInit(record)),
    };
    // The object admits the socket only with the owner's device (once the chat is owned).
    const secret = deviceSecretOf(c.req.raw);
    if (secret) headers[DEVICE_HEADER] = await hashDeviceSecret(secret);
    const stub = c.env.CHECKIN_SESSION.getByName(record.id);
    return stub.fetch("https://check-in-session/ws", { headers });
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
