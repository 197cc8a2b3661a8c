import { and, count, eq, inArray } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { type Database, platformOf } from "../db/client";
import { rateLimits, teamMembers } from "../db/schema";
import { type DailyLimits, dailyCapFor, type SizedCapKind } from "../shared/daily-limits";
import { DAY_MS, utcDay } from "../shared/time";
import { recordAudit } from "./audit";
import { ApiError } from "./errors";
import { log } from "./log";
import { type CounterRow, hitRateLimit, rateLimitHit, rateLimitHitQuery, rateLimitResult } from "./rate-limit";

/**
 * Per-organization daily caps on what costs us money or reputation (sizes in
 * worker/shared/daily-limits.ts): check-ins created, model calls, outbound email, and
 * coaching's own share of model calls. Counted in rate_limits under a key per organization
 * and UTC day, where the thing is done (the route that creates, the object that calls the
 * model, the mailer). The first refusal of the day is written to audit_logs
 * (`organization.daily_cap_reached`), so the operator sees which organization hit which cap.
 */
export type DailyCapKind = SizedCapKind | "coaching";

export const DAILY_CAP_MESSAGES: Record<DailyCapKind, (limit: number) => string> = {
  check_in: (limit) =>
    `Your organization has created today's ${limit} check-ins. Please try again tomorrow (UTC); check-ins already sent still work.`,
  llm: (limit) =>
    `Your organization has used today's ${limit} AI requests. Check-ins go on with the built-in interviewer and coaching shows its rules; AI is back tomorrow (UTC).`,
  coaching: (limit) =>
    `Your organization has used today's ${limit} AI coaching requests. The rule-based coaching is shown; AI wording is back tomorrow (UTC).`,
  email: (limit) => `Your organization has sent today's ${limit} emails. Please try again tomorrow (UTC).`,
};

export class DailyCapReached extends ApiError {
  constructor(
    readonly kind: DailyCapKind,
    readonly limit: number,
  ) {
    super(429, "daily_limit_reached", DAILY_CAP_MESSAGES[kind](limit), { kind, limit });
    this.name = "DailyCapReached";
  }
}

const capKey = (kind: DailyCapKind, organizationId: string, now: number) =>
  `cap:${kind}:${organizationId}:${utcDay(now)}`;

/**
 * The organization's active salespeople (its shard), whom the caps are sized to. `organizationId`
 * may be a column: the link's read counts them as a subquery beside the check-in (link.ts).
 */
export function activeMembersQuery(db: Database, organizationId: string | AnySQLiteColumn) {
  return db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.status, "active")));
}

async function activeMembers(db: Database, organizationId: string): Promise<number> {
  const [row] = await activeMembersQuery(db, organizationId);
  return row?.n ?? 0;
}

/** The organization's cap of this kind today, sized to its active salespeople. */
export async function dailyCap(db: Database, organizationId: string, kind: SizedCapKind): Promise<number> {
  return dailyCapFor(kind, await activeMembers(db, organizationId));
}

async function recordRefusal(db: Database, organizationId: string, kind: DailyCapKind, limit: number, now: number) {
  await recordAudit(db, {
    actorUserId: null,
    actorEmail: null,
    action: "organization.daily_cap_reached",
    targetType: "organization",
    targetId: organizationId,
    organizationId,
    details: { kind, limit, day: utcDay(now) },
  });
  log("warn", "daily_cap_reached", { organizationId, kind, limit });
}

/** Counts one use; throws DailyCapReached (429) past `limit` for the organization's UTC day. */
export async function spendDailyCap(
  db: Database,
  organizationId: string,
  kind: DailyCapKind,
  limit: number,
  now = Date.now(),
): Promise<void> {
  const result = await hitRateLimit(db, capKey(kind, organizationId, now), { limit, windowMs: DAY_MS }, now);
  if (result.allowed) return;
  if (result.count === limit + 1) await recordRefusal(db, organizationId, kind, limit, now);
  throw new DailyCapReached(kind, limit);
}

/**
 * Takes up to `wanted` uses at once and returns how many fit under today's cap (0 when none
 * do; never throws). For whoever counts in blocks: the schedule (an organization's due
 * check-ins), the check-in object (model calls, a few at a time so a message never waits on
 * D1). Whatever is taken counts, used or not.
 */
export async function reserveDailyCap(
  db: Database,
  organizationId: string,
  kind: SizedCapKind,
  wanted: number,
  now = Date.now(),
  limit?: number,
): Promise<number> {
  const hit = rateLimitHit(db, capKey(kind, organizationId, now), DAY_MS, now, wanted);
  let cap: number;
  let row: { count: number; window_start: number } | undefined;
  if (limit === undefined) {
    // The team's size (the organization's shard) and the counter (the platform database's) in one
    // round trip (a chat's later blocks of model calls): one batch when both are in the
    // same database, else the two statements side by side.
    const members = db.$client.prepare(ACTIVE_MEMBERS_SQL).bind(organizationId);
    if (platformOf(db) === db) {
      const [size, counted] = await db.$client.batch<{ n: number; count: number; window_start: number }>([
        members,
        hit,
      ]);
      cap = dailyCapFor(kind, size?.results[0]?.n ?? 0);
      row = counted?.results[0];
    } else {
      const [size, counted] = await Promise.all([
        members.first<{ n: number }>(),
        hit.first<{ count: number; window_start: number }>(),
      ]);
      cap = dailyCapFor(kind, size?.n ?? 0);
      row = counted ?? undefined;
    }
  } else {
    cap = limit;
    row = (await hit.first<{ count: number; window_start: number }>()) ?? undefined;
  }
  return settleReservation(db, organizationId, kind, wanted, now, cap, row ?? null);
}

/** How many of the `wanted` uses the counter's row leaves under the cap; the day's first refusal is audited. */
async function settleReservation(
  db: Database,
  organizationId: string,
  kind: SizedCapKind,
  wanted: number,
  now: number,
  cap: number,
  row: CounterRow | null,
): Promise<number> {
  const result = rateLimitResult(row, { limit: cap, windowMs: DAY_MS }, now, wanted);
  const before = result.count - wanted;
  const granted = Math.max(0, Math.min(wanted, cap - before));
  if (granted < wanted && before <= cap && result.count > cap) await recordRefusal(db, organizationId, kind, cap, now);
  return granted;
}

/**
 * A reservation as two Drizzle queries for the caller's own D1 batches, and how their rows settle
 * it: a check-in's start sends them beside its reads (the team's size to its shard, the counter to
 * the platform database), so its first reply waits on no D1. Whatever is taken counts, used or not.
 */
export function reservationQueries(
  db: Database,
  organizationId: string,
  kind: SizedCapKind,
  wanted: number,
  now: number,
) {
  return {
    /** For a batch on `db` (the organization's shard). */
    members: activeMembersQuery(db, organizationId),
    /** For a batch on the platform database. */
    counter: rateLimitHitQuery(db, capKey(kind, organizationId, now), DAY_MS, now, wanted),
    /** How many were granted, from the two queries' rows. */
    settle: (
      members: readonly { n: number }[],
      counted: readonly { count: number; windowStart: number }[],
    ): Promise<number> => {
      const [counter] = counted;
      const row = counter ? { count: counter.count, window_start: counter.windowStart } : null;
      return settleReservation(db, organizationId, kind, wanted, now, dailyCapFor(kind, members[0]?.n ?? 0), row);
    },
  };
}

/** `activeMembers` as SQL text, for a D1 batch (the same count over team_members_org_status_id_idx). */
const ACTIVE_MEMBERS_SQL = "select count(*) as n from team_members where organization_id = ? and status = 'active'";

/** Today's use of each cap, for Settings and the console. */
export async function dailyLimits(db: Database, organizationId: string, now = Date.now()): Promise<DailyLimits> {
  const keys = {
    check_in: capKey("check_in", organizationId, now),
    llm: capKey("llm", organizationId, now),
    email: capKey("email", organizationId, now),
  };
  const [members, rows] = await Promise.all([
    activeMembers(db, organizationId),
    platformOf(db)
      .select({ key: rateLimits.key, count: rateLimits.count, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(inArray(rateLimits.key, Object.values(keys))),
  ]);
  const usage = (kind: SizedCapKind) => {
    const limit = dailyCapFor(kind, members);
    const row = rows.find((r) => r.key === keys[kind]);
    // A counter from an earlier day (the key names the day, so only a clock skew) counts nothing.
    const used = row && now - row.windowStart < DAY_MS ? Math.min(row.count, limit) : 0;
    return { used, limit };
  };
  return { day: utcDay(now), checkIns: usage("check_in"), aiRequests: usage("llm"), emails: usage("email") };
}
