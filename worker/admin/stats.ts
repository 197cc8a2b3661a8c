import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { type ActivityEvent, EMPTY_PLATFORM_STATS, type PlatformStats } from "../shared/console/overview";
import { ROLE_GROUPS } from "../shared/domain";
import { DAY_MS } from "../shared/time";
import { num, sqlList } from "./sql";

/**
 * Spec 2 §3 "Platform stats", in one statement (it replaces the get_platform_stats
 * procedure). Salespeople are the active team members plus any account holding a
 * salesperson role (spec 2 §5 role mapping). A check-in counts once it is completed.
 */
export async function platformStats(db: Database, now = Date.now()): Promise<PlatformStats> {
  const d7 = now - 7 * DAY_MS;
  const d14 = now - 14 * DAY_MS;
  const d30 = now - 30 * DAY_MS;
  const row = await db.get<Record<keyof PlatformStats, number | null>>(sql`
    select
      (select count(*) from organizations) as total_organizations,
      (select count(*) from organizations where created_at >= ${d30}) as new_organizations_last_30_days,
      (select count(*) from user where role in (${sqlList(ROLE_GROUPS.manager)})) as total_managers,
      (select count(*) from user where role in (${sqlList(ROLE_GROUPS.admin)})) as total_admins,
      (select count(*) from team_members where status = 'active')
        + (select count(*) from user where role in (${sqlList(ROLE_GROUPS.salesperson)})) as total_salespeople,
      (select count(*) from check_ins where status = 'completed') as total_checkins,
      (select count(*) from check_ins where status = 'completed' and completed_at >= ${d30}) as checkins_last_30_days,
      (select count(*) from check_ins where status = 'completed' and completed_at >= ${d7}) as checkins_last_7_days,
      (select count(*) from check_ins where status = 'completed' and completed_at >= ${d14} and completed_at < ${d7}) as checkins_previous_7_days`);
  if (!row) return EMPTY_PLATFORM_STATS;
  return {
    total_organizations: num(row.total_organizations),
    total_managers: num(row.total_managers),
    total_admins: num(row.total_admins),
    total_salespeople: num(row.total_salespeople),
    total_checkins: num(row.total_checkins),
    checkins_last_30_days: num(row.checkins_last_30_days),
    checkins_last_7_days: num(row.checkins_last_7_days),
    checkins_previous_7_days: num(row.checkins_previous_7_days),
    new_organizations_last_30_days: num(row.new_organizations_last_30_days),
  };
}

/**
 * Spec 2 §8: a stats failure reads as zeros rather than breaking the overview. The failure
 * is logged (without data) so that zeros on a busy platform are noticed.
 */
export async function platformStatsOrZeros(db: Database, requestId?: string): Promise<PlatformStats> {
  try {
    return await platformStats(db);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: "error",
        requestId,
        what: "platform stats failed; answering zeros",
        error: error instanceof Error ? error.message : "unknown",
      }),
    );
    return EMPTY_PLATFORM_STATS;
  }
}

/**
 * The overview's recent activity (the spec shows three fixed samples): the newest
 * organizations, accounts, completed check-ins, alerts and operator actions, merged by time.
 */
export async function recentActivity(db: Database, limit = 8): Promise<ActivityEvent[]> {
  const rows = await db.all<{ id: string; kind: ActivityEvent["kind"]; title: string; detail: string; at: number }>(sql`
    select * from (
      select 'org-' || id as id, 'organization_created' as kind, name as title,
             coalesce(domain, 'No domain set') as detail, created_at as at
        from organizations order by created_at desc limit ${limit})
    union all select * from (
      select 'user-' || u.id, 'user_joined', trim(u.first_name || ' ' || u.last_name),
             u.role || ' · ' || coalesce(o.name, 'No organization'), u.created_at
        from user u left join organizations o on o.id = u.organization_id
       order by u.created_at desc limit ${limit})
    union all select * from (
      select 'checkin-' || c.id, 'check_in_completed', o.name,
             trim(t.first_name || ' ' || t.last_name), c.completed_at
        from check_ins c join organizations o on o.id = c.organization_id
        join team_members t on t.id = c.team_member_id
       where c.status = 'completed' and c.completed_at is not null
       order by c.completed_at desc limit ${limit})
    union all select * from (
      select 'alert-' || a.id, 'alert_raised', o.name, a.message, a.created_at
        from risk_alerts a join organizations o on o.id = a.organization_id
       order by a.created_at desc limit ${limit})
    union all select * from (
      select 'audit-' || id, 'operator_action', action, coalesce(actor_email, 'system'), created_at
        from audit_logs order by created_at desc limit ${limit})
    order by at desc limit ${limit}`);
  return rows.map((r) => ({ ...r, title: r.title || "Unnamed", at: num(r.at) }));
}

export const statsRoutes = new Hono<ConsoleEnv>()
  .get("/", async (c) => c.json(await platformStatsOrZeros(c.var.db, c.var.requestId)))
  .get("/activity", async (c) => c.json({ events: await recentActivity(c.var.db) }));
