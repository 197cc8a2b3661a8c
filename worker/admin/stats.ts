import { count, desc, eq, gte } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { countWhere, epochMs, fullName } from "../db/aggregates";
import { alertId } from "../db/alert-id";
import { alertTextFields, withMessage } from "../db/alert-text";
import type { Database } from "../db/client";
import { organizationNames, sumOf } from "../db/fan-out";
import { auditLogs, organizations, riskAlerts, sentimentScores, teamMembers, user } from "../db/schema";
import { allShardDbs } from "../db/shards";
import { log } from "../lib/log";
import { type ActivityEvent, EMPTY_PLATFORM_STATS, type PlatformStats } from "../shared/console/overview";
import { DAY_MS } from "../shared/time";
import { completedCheckInStatements } from "./completed-check-ins";
import { platformPeople } from "./people-counts";
import { num } from "./sql";

/**
 * Spec 2 §3 "Platform stats" (it replaces the get_platform_stats procedure): one aggregate
 * per table. The people are platformPeople's (people-counts.ts), the population User Oversight
 * counts too: every account, operators included, and every salesperson, paused or not. A
 * check-in counts once it is completed. Each shard answers from its summaries (member_counts,
 * score_rollups: README → Decisions "Hourly rollups"), never its members or check-ins.
 */
export async function platformStats(
  db: Database,
  /** Every database holding organizations' rows (worker/db/shards.ts): their counts are summed. */
  shards: readonly Database[] = [db],
  now = Date.now(),
): Promise<PlatformStats> {
  const d7 = new Date(now - 7 * DAY_MS);
  const d14 = new Date(now - 14 * DAY_MS);
  const d30 = new Date(now - 30 * DAY_MS);
  const [[orgs], people, perShard] = await Promise.all([
    db.select({ total: count(), last30: countWhere(gte(organizations.createdAt, d30)) }).from(organizations),
    platformPeople(db, shards),
    // The same aggregates in every shard, in parallel, summed below.
    Promise.all(shards.map((shard) => shardCounts(shard, d7, d14, d30))),
  ]);
  const checks = {
    total: sumOf(perShard, (s) => s.total),
    last30: sumOf(perShard, (s) => s.last30),
    last7: sumOf(perShard, (s) => s.last7),
    previous7: sumOf(perShard, (s) => s.previous7),
  };
  if (!orgs) return EMPTY_PLATFORM_STATS;
  return {
    total_organizations: orgs.total,
    total_users: people.total,
    total_managers: people.managers,
    total_admins: people.admins,
    total_salespeople: people.salespeople,
    total_checkins: checks.total,
    checkins_last_30_days: checks.last30,
    checkins_last_7_days: checks.last7,
    checkins_previous_7_days: checks.previous7,
    new_organizations_last_30_days: orgs.last30,
  };
}

/** One shard's completed check-ins (the hourly rollups and the edge hours' score rows). */
async function shardCounts(db: Database, d7: Date, d14: Date, d30: Date) {
  const [[checks], [edges]] = await db.batch(
    completedCheckInStatements(db, { d30: d30.getTime(), d14: d14.getTime(), d7: d7.getTime() }),
  );
  return {
    total: checks?.total ?? 0,
    last30: (checks?.last30 ?? 0) + (edges?.last30 ?? 0),
    last7: (checks?.last7 ?? 0) + (edges?.last7 ?? 0),
    previous7: (checks?.previous7 ?? 0) + (edges?.previous7 ?? 0),
  };
}

/**
 * Spec 2 §8: a stats failure reads as zeros rather than breaking the overview. The failure
 * is logged (without data) so that zeros on a busy platform are noticed.
 */
export async function platformStatsOrZeros(
  db: Database,
  shards: readonly Database[],
  requestId?: string,
): Promise<PlatformStats> {
  try {
    return await platformStats(db, shards);
  } catch (error) {
    // Answered with zeros: the console's overview still opens.
    log("error", "platform_stats_failed", { requestId, error });
    return EMPTY_PLATFORM_STATS;
  }
}

/**
 * The overview's recent activity (the spec shows three fixed samples): the newest
 * organizations, accounts, completed check-ins, alerts and operator actions, read in one
 * batch and merged by time.
 */
export async function recentActivity(
  db: Database,
  shards: readonly Database[] = [db],
  limit = 8,
): Promise<ActivityEvent[]> {
  // The newest completions and alerts of every shard; their organizations' names from the platform.
  const [shardRows, platformRows] = await Promise.all([
    Promise.all(shards.map((shard) => shardActivity(shard, limit))),
    platformActivity(db, limit),
  ]);
  const [orgs, accounts, actions] = platformRows;
  const completed = shardRows.flatMap(([rows]) => rows);
  const alerts = shardRows.flatMap(([, rows]) => rows);
  const names = await organizationNames(
    db,
    [...completed, ...alerts].map((row) => row.organizationId),
  );
  const nameOf = (id: string) => names.get(id) ?? "";
  return activityEvents(
    orgs,
    accounts,
    completed.map((c) => ({ ...c, organization: nameOf(c.organizationId) })),
    alerts.map((a) => ({ ...withMessage(a), organization: nameOf(a.organizationId) })),
    actions,
    limit,
  );
}

function shardActivity(db: Database, limit: number) {
  return db.batch([
    // The newest completions through the score rows' time index (one per completed check-in,
    // recorded at its completion): check_ins has no index on completed_at alone.
    db
      .select({
        id: sentimentScores.checkInId,
        organizationId: sentimentScores.organizationId,
        member: fullName(teamMembers.firstName, teamMembers.lastName).as("member"),
        at: epochMs(sentimentScores.recordedAt).as("at"),
      })
      .from(sentimentScores)
      .innerJoin(teamMembers, eq(teamMembers.id, sentimentScores.teamMemberId))
      .orderBy(desc(sentimentScores.recordedAt))
      .limit(limit),
    db
      .select({
        id: alertId,
        organizationId: riskAlerts.organizationId,
        category: riskAlerts.category,
        ...alertTextFields,
        at: epochMs(riskAlerts.createdAt).as("at"),
      })
      .from(riskAlerts)
      .leftJoin(teamMembers, eq(teamMembers.id, riskAlerts.teamMemberId))
      .orderBy(desc(riskAlerts.createdAt))
      .limit(limit),
  ]);
}

function platformActivity(db: Database, limit: number) {
  // D1's batch answers rows as objects: every selected name must differ (hence person_name).
  return db.batch([
    db
      .select({
        id: organizations.id,
        name: organizations.name,
        domain: organizations.domain,
        at: epochMs(organizations.createdAt).as("at"),
      })
      .from(organizations)
      .orderBy(desc(organizations.createdAt))
      .limit(limit),
    db
      .select({
        id: user.id,
        name: fullName(user.firstName, user.lastName).as("person_name"),
        role: user.role,
        organization: organizations.name,
        at: epochMs(user.createdAt).as("at"),
      })
      .from(user)
      .leftJoin(organizations, eq(organizations.id, user.organizationId))
      .orderBy(desc(user.createdAt))
      .limit(limit),
    db
      .select({
        id: auditLogs.id,
        action: auditLogs.action,
        actor: auditLogs.actorEmail,
        actorRole: user.role,
        at: epochMs(auditLogs.createdAt).as("at"),
      })
      .from(auditLogs)
      .leftJoin(user, eq(user.id, auditLogs.actorUserId))
      .orderBy(desc(auditLogs.createdAt))
      .limit(limit),
  ]);
}

type Activity<Extra> = { id: string; at: number } & Extra;

function activityEvents(
  orgs: Activity<{ name: string; domain: string | null }>[],
  accounts: Activity<{ name: string; role: string; organization: string | null }>[],
  completed: Activity<{ organization: string; member: string }>[],
  alerts: Activity<{ organization: string; message: string }>[],
  actions: Activity<{ action: string; actor: string | null; actorRole: string | null }>[],
  limit: number,
): ActivityEvent[] {
  const events: ActivityEvent[] = [
    ...orgs.map((o) => ({
      id: `org-${o.id}`,
      kind: "organization_created" as const,
      title: o.name,
      detail: o.domain ?? "No domain set",
      at: o.at,
    })),
    ...accounts.map((u) => ({
      id: `user-${u.id}`,
      kind: "user_joined" as const,
      title: u.name,
      detail: `${u.role} · ${u.organization ?? "No organization"}`,
      at: u.at,
    })),
    ...completed.map((c) => ({
      id: `checkin-${c.id}`,
      kind: "check_in_completed" as const,
      title: c.organization,
      detail: c.member,
      at: c.at,
    })),
    ...alerts.map((a) => ({
      id: `alert-${a.id}`,
      kind: "alert_raised" as const,
      title: a.organization,
      detail: a.message,
      at: a.at,
    })),
    ...actions.map((a) => ({
      id: `audit-${a.id}`,
      // The audit log also holds what Admins and the schedule did: only an operator's is theirs.
      kind: a.actorRole === "SuperAdmin" ? ("operator_action" as const) : ("account_action" as const),
      title: a.action,
      detail: a.actor ?? "system",
      at: a.at,
    })),
  ];
  return events
    .sort((a, b) => b.at - a.at)
    .slice(0, limit)
    .map((event) => ({ ...event, title: event.title || "Unnamed", at: num(event.at) }));
}

export const statsRoutes = new Hono<ConsoleEnv>()
  .get("/", async (c) => c.json(await platformStatsOrZeros(c.var.db, allShardDbs(c.env), c.var.requestId)))
  .get("/activity", async (c) => c.json({ events: await recentActivity(c.var.db, allShardDbs(c.env)) }));
