import { eq, type SQL, sql } from "drizzle-orm";
import { type Database, oncePerHandle, platformOf } from "../db/client";
import { checkIns, organizationSettings, organizations, rateLimits, teamMembers } from "../db/schema";
import { activeMembersQuery } from "../lib/daily-caps";
import { ApiError, badRequest, notFound, tooManyRequests } from "../lib/errors";
import { hitRateLimit, type RateLimitRule, rateLimitAddress } from "../lib/rate-limit";
import { personName } from "../scoring/alert-facts";
import { organizationStyleQuery } from "../settings/conversation-style";
import { CLOSED_ANSWERS } from "../shared/checkin-protocol";
import type { DeliveryRoute } from "../shared/domain";
import { closedReasonOf } from "./closed-reason";
import type { SessionInit, ShardReads } from "./init";
import { digestsEqual, hashCheckInToken } from "./token";

/**
 * A check-in link, checked: id + token (hashed, compared in constant time) + status + expiry,
 * BEFORE any Durable Object is addressed, so a wrong link never creates an object. Failed
 * guesses are counted per address in D1 (an IPv6 /64 as one). Also what the object is started
 * with, and the Origin rule for browsers.
 */
export const MISSING_MESSAGE = "Missing check-in ID or token";
export const NOT_FOUND_MESSAGE = "Check-in not found or already completed";

/** Ten wrong links per address (an IPv6 /64 as one) per 15 minutes; the eleventh wrong one gets 429, a right one still works. */
export const GUESS_RULE: RateLimitRule = { limit: 10, windowMs: 15 * 60 * 1000 };
export type CheckInRecord = {
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
  /** Read with the link by the routes that may start the chat, while its clock has not started. */
  shardReads?: ShardReads;
};

async function guessesExhausted(db: Database, key: string, now: number): Promise<boolean> {
  // Counters are the platform's (worker/db/client.ts), whichever shard the link named.
  const [row] = await platformOf(db)
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
const linkQuery = oncePerHandle((db) => prepareLinkQuery(db, {}));
const startLinkQuery = oncePerHandle((db) => prepareLinkQuery(db, startColumns(db)));

const linkColumns = {
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
};

/**
 * What the routes that may start the chat (its socket, "Start my check-in") read with the link:
 * while the check-in's clock has not started, also the organization's stored conversation style
 * and its team's active size (over team_members_org_status_id_idx), which the start would
 * otherwise read from the shard in a request of its own: each D1 request is CPU on the thread
 * every chat shares (README → Performance, "Issue 26 §7, stop 40"). Once started, neither is read.
 */
function startColumns(db: Database) {
  const notStarted = sql`${checkIns.startedAt} is null`;
  // The start's own two queries, as subqueries on the check-in's organization (inside the count,
  // its own team_members is the one named, not the outer join's).
  const style = organizationStyleQuery(db, checkIns.organizationId);
  const members = activeMembersQuery(db, checkIns.organizationId);
  return {
    style: sql<unknown>`case when ${notStarted} then ${style} end`.mapWith(organizationSettings.conversationStyle),
    activeMembers: sql<number | null>`case when ${notStarted} then ${members} end`,
  };
}

function prepareLinkQuery<Extra extends Record<string, SQL | SQL.Aliased>>(db: Database, extra: Extra) {
  return db
    .select({ ...linkColumns, ...extra })
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
 * 429 once an IP has used up its wrong guesses; to the right token of a closed check-in,
 * 410 closed_revoked (the Admin revoked it) or 410 closed_not_me ("This wasn't me").
 */
export async function checkInForLink(
  db: Database,
  request: Request,
  id: string | undefined,
  token: string | undefined,
  accept: (record: CheckInRecord, now: number) => boolean,
  /** The route may start the chat: read the start's shard facts with the link (`prepareStartLinkQuery`). */
  options: { mayStart?: boolean } = {},
): Promise<CheckInRecord> {
  if (!id?.trim() || !token?.trim()) throw badRequest(MISSING_MESSAGE);
  const now = Date.now();
  const [rows, hash] = await Promise.all([
    options.mayStart ? startLinkQuery(db).all({ id }) : linkQuery(db).all({ id }),
    hashCheckInToken(token),
  ]);
  const record = linkRecordOf(rows[0]);
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
  // The shard's copy of the organization anchors its rows; its name and status are the platform's.
  const platform = platformOf(db);
  if (platform !== db) {
    const [organization] = await platform
      .select({ name: organizations.name, status: organizations.status })
      .from(organizations)
      .where(eq(organizations.id, record.organizationId));
    if (!organization) throw notFound(NOT_FOUND_MESSAGE);
    record.organizationName = organization.name;
    record.organizationStatus = organization.status;
  }
  // A suspended organization's links stop working (and work again when it is lifted).
  if (record.organizationStatus === "suspended") throw notFound(NOT_FOUND_MESSAGE);
  if (!accept(record, now)) {
    // Revoked by the Admin, or closed by "This wasn't me" (the right token only): each device
    // says why, not just "not found". A revoke writes its row only when it closed a pending
    // check-in, so it wins where both rows exist (closedReasonOf, one read).
    const reason = record.status === "expired" ? await closedReasonOf(db, record.id) : null;
    if (reason) throw new ApiError(410, CLOSED_ANSWERS[reason].code, CLOSED_ANSWERS[reason].message);
    throw notFound(NOT_FOUND_MESSAGE);
  }
  return record;
}

/** A row of either link query as the record; the start's facts only when they were read. */
function linkRecordOf(
  row: (CheckInRecord & { style?: unknown; activeMembers?: number | null }) | undefined,
): CheckInRecord | undefined {
  if (!row) return undefined;
  const { style, activeMembers, ...record } = row;
  return activeMembers === undefined || activeMembers === null
    ? record
    : { ...record, shardReads: { style, activeMembers } };
}

export const isOpen = (record: CheckInRecord, now: number) =>
  record.status === "pending" && record.expiresAt.getTime() > now;

export function sessionInit(record: CheckInRecord): SessionInit {
  return {
    checkInId: record.id,
    organizationId: record.organizationId,
    teamMemberId: record.teamMemberId,
    firstName: record.firstName,
    // Spelt as every alert reader spells it, so a message rendered now reads the same later.
    fullName: personName(record.firstName, record.lastName),
    durationMinutes: record.durationMinutes,
    expiresAt: record.expiresAt.getTime(),
    ...(record.shardReads ? { shardReads: record.shardReads } : {}),
  };
}

/** Browsers send Origin on a WebSocket upgrade: only the app's own origin may open one. */
export function originAllowed(request: Request, env: Env): boolean {
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
