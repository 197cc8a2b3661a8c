import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { countWhere, epochMs, fullName, sumOf } from "../db/aggregates";
import type { Database } from "../db/client";
import {
  auditLogs,
  memberCounts,
  organizations,
  riskAlerts,
  scoreRollups,
  sentimentScores,
  teamMembers,
  user,
} from "../db/schema";
import { log } from "../lib/log";
import { type ActivityEvent, EMPTY_PLATFORM_STATS, type PlatformStats } from "../shared/console/overview";
import { ROLE_GROUPS } from "../shared/domain";
import { DAY_MS, HOUR_MS } from "../shared/time";
import { num } from "./sql";

/**
 * Spec 2 §3 "Platform stats" (it replaces the get_platform_stats procedure): one aggregate
 * per table, in one batch (one round trip). Salespeople are the active team members plus
 * any account holding a salesperson role (spec 2 §5 role mapping). A check-in counts once
 * it is completed.
 */
export async function platformStats(db: Database, now = Date.now()): Promise<PlatformStats> {
  const d7 = new Date(now - 7 * DAY_MS);
  const d14 = new Date(now - 14 * DAY_MS);
  const d30 = new Date(now - 30 * DAY_MS);
  // Aliased: D1's batch answers rows as objects, so two unnamed expressions would collide.
  const [[orgs], [accounts], [members], [checks], [edges]] = await db.batch([
    db
      .select({ total: count().as("total"), last30: countWhere(gte(organizations.createdAt, d30)).as("last30") })
      .from(organizations),
    db
      .select({
        managers: countWhere(inArray(user.role, ROLE_GROUPS.manager)).as("managers"),
        admins: countWhere(inArray(user.role, ROLE_GROUPS.admin)).as("admins"),
        salespeople: countWhere(inArray(user.role, ROLE_GROUPS.salesperson)).as("salespeople"),
      })
      .from(user),
    // Active team members per organization, summed (member_counts: one row each, never the members).
    db.select({ active: sumOf(memberCounts.active).as("active") }).from(memberCounts),
    ...completedCheckInStatements(db, { d30: d30.getTime(), d14: d14.getTime(), d7: d7.getTime() }),
  ]);
  if (!orgs || !accounts || !members || !checks || !edges) return EMPTY_PLATFORM_STATS;
  return {
    total_organizations: orgs.total,
    total_managers: accounts.managers,
    total_admins: accounts.admins,
    total_salespeople: members.active + accounts.salespeople,
    total_checkins: checks.total,
    checkins_last_30_days: checks.last30 + edges.last30,
    checkins_last_7_days: checks.last7 + edges.last7,
    checkins_previous_7_days: checks.previous7 + edges.previous7,
    new_organizations_last_30_days: orgs.last30,
  };
}

/**
 * Completed check-ins, from the hourly rollups (one response each): the hours wholly inside
 * a window from score_rollups, the part-hours at its edges from the score rows' time index.
 * Never a scan of check_ins (README → Decisions "Hourly rollups").
 */
function completedCheckInStatements(db: Database, at: { d30: number; d14: number; d7: number }) {
  const ceilHour = (time: number) => Math.ceil(time / HOUR_MS) * HOUR_MS;
  const floorHour = (time: number) => Math.floor(time / HOUR_MS) * HOUR_MS;
  const responsesFrom = (condition: SQL) => sumOf(sql`case when ${condition} then ${scoreRollups.responses} end`);
  const scoresIn = (from: number, to: number) =>
    db.$count(
      sentimentScores,
      and(gte(sentimentScores.recordedAt, new Date(from)), lt(sentimentScores.recordedAt, new Date(to))),
    );
  return [
    db
      .select({
        total: sumOf(scoreRollups.responses).as("total"),
        last30: responsesFrom(gte(scoreRollups.hour, ceilHour(at.d30))).as("last30"),
        last7: responsesFrom(gte(scoreRollups.hour, ceilHour(at.d7))).as("last7"),
        previous7: responsesFrom(
          and(gte(scoreRollups.hour, ceilHour(at.d14)), lt(scoreRollups.hour, floorHour(at.d7))) ?? sql`0`,
        ).as("previous7"),
      })
      .from(scoreRollups),
    db
      .select({
        last30: scoresIn(at.d30, ceilHour(at.d30)).as("e_last30"),
        last7: scoresIn(at.d7, ceilHour(at.d7)).as("e_last7"),
        previous7: sql<number>`${scoresIn(at.d14, ceilHour(at.d14))} + ${scoresIn(floorHour(at.d7), at.d7)}`
          .mapWith(Number)
          .as("e_previous7"),
      })
      .from(sql`(select 1)`),
  ] as const;
}

/**
 * Spec 2 §8: a stats failure reads as zeros rather than breaking the overview. The failure
 * is logged (without data) so that zeros on a busy platform are noticed.
 */
export async function platformStatsOrZeros(db: Database, requestId?: string): Promise<PlatformStats> {
  try {
    return await platformStats(db);
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
export async function recentActivity(db: Database, limit = 8): Promise<ActivityEvent[]> {
  // D1's batch answers rows as objects: every selected name must differ (hence person_name).
  const [orgs, accounts, completed, alerts, actions] = await db.batch([
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
    // The newest completions through the score rows' time index (one per completed check-in,
    // recorded at its completion): check_ins has no index on completed_at alone.
    db
      .select({
        id: sentimentScores.checkInId,
        organization: organizations.name,
        member: fullName(teamMembers.firstName, teamMembers.lastName).as("member"),
        at: epochMs(sentimentScores.recordedAt).as("at"),
      })
      .from(sentimentScores)
      .innerJoin(organizations, eq(organizations.id, sentimentScores.organizationId))
      .innerJoin(teamMembers, eq(teamMembers.id, sentimentScores.teamMemberId))
      .orderBy(desc(sentimentScores.recordedAt))
      .limit(limit),
    db
      .select({
        id: riskAlerts.id,
        organization: organizations.name,
        message: riskAlerts.message,
        at: epochMs(riskAlerts.createdAt).as("at"),
      })
      .from(riskAlerts)
      .innerJoin(organizations, eq(organizations.id, riskAlerts.organizationId))
      .orderBy(desc(riskAlerts.createdAt))
      .limit(limit),
    db
      .select({
        id: auditLogs.id,
        action: auditLogs.action,
        actor: auditLogs.actorEmail,
        at: epochMs(auditLogs.createdAt).as("at"),
      })
      .from(auditLogs)
      .orderBy(desc(auditLogs.createdAt))
      .limit(limit),
  ]);
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
      kind: "operator_action" as const,
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
  .get("/", async (c) => c.json(await platformStatsOrZeros(c.var.db, c.var.requestId)))
  .get("/activity", async (c) => c.json({ events: await recentActivity(c.var.db) }));
