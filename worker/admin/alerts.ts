import { and, eq, ne, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { riskAlerts } from "../db/schema";
import { notFound } from "../lib/errors";
import { zv } from "../lib/validate";
import {
  type AdminAlert,
  type AlertDetail,
  alertListQuerySchema,
  NOTIFICATION_LIST_LIMIT,
  type Notifications,
} from "../shared/console/alerts";
import { type AlertPriority, alertPriorityForType } from "../shared/domain";
import { num, pageWindow } from "./sql";

/** Spec 2 §9: the alerts tab shows at most 10 at a time. */
export const ALERT_PAGE_SIZE = 10;

/** Spec 2 §4 in SQL: retention → urgent, performance → high, anything else medium. */
const HIGH_PRIORITY_TYPES = sql`('retention', 'performance')`;

type AlertRow = Omit<AdminAlert, "priority"> & { user_name: string | null; organization_name: string | null };

const ALERT_SELECT = sql`
  select a.id, a.alert_type, a.category, a.message, a.status, a.created_at, a.organization_id,
         coalesce(o.name, 'Unknown Organization') as organization_name,
         coalesce(nullif(trim(t.first_name || ' ' || t.last_name), ''), 'Unknown User') as user_name,
         a.check_in_id, a.resolved_at
  from risk_alerts a
  left join organizations o on o.id = a.organization_id
  left join team_members t on t.id = a.team_member_id`;

function toAlert(row: AlertRow): AdminAlert {
  return {
    ...row,
    priority: alertPriorityForType(row.alert_type),
    organization_name: row.organization_name ?? "Unknown Organization",
    user_name: row.user_name ?? "Unknown User",
    created_at: num(row.created_at),
    resolved_at: row.resolved_at ?? null,
  };
}

/** Active means not yet resolved (unread or read). */
export async function alertSummary(db: Database) {
  const row = await db.get<{ total: number; high: number }>(sql`
    select count(*) as total, coalesce(sum(alert_type in ${HIGH_PRIORITY_TYPES}), 0) as high
    from risk_alerts where status <> 'resolved'`);
  const totalActive = num(row?.total);
  const highPriority = num(row?.high);
  return { totalActive, highPriority, mediumLow: totalActive - highPriority };
}

export async function listAlerts(
  db: Database,
  query: {
    view?: "active" | "unread" | "resolved" | "all" | undefined;
    priority?: "high" | "medium_low" | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  },
) {
  const { page, pageSize, offset } = pageWindow(query, ALERT_PAGE_SIZE);
  const conditions = [sql`1 = 1`];
  const view = query.view ?? "active";
  if (view === "active") conditions.push(sql`a.status <> 'resolved'`);
  if (view === "unread") conditions.push(sql`a.status = 'unread'`);
  if (view === "resolved") conditions.push(sql`a.status = 'resolved'`);
  if (query.priority === "high") conditions.push(sql`a.alert_type in ${HIGH_PRIORITY_TYPES}`);
  if (query.priority === "medium_low") conditions.push(sql`a.alert_type not in ${HIGH_PRIORITY_TYPES}`);
  const where = sql.join(conditions, sql` and `);
  const [rows, count] = await Promise.all([
    db.all<AlertRow>(
      sql`${ALERT_SELECT} where ${where} order by a.created_at desc, a.id limit ${pageSize} offset ${offset}`,
    ),
    db.get<{ n: number }>(sql`select count(*) as n from risk_alerts a where ${where}`),
  ]);
  return { items: rows.map(toAlert), page, pageSize, total: num(count?.n) };
}

/** The bell: how many are unread, and the newest 5 (spec 2 §2, §9). */
export async function notifications(db: Database): Promise<Notifications> {
  const [count, rows] = await Promise.all([
    db.get<{ n: number }>(sql`select count(*) as n from risk_alerts where status = 'unread'`),
    db.all<AlertRow>(
      sql`${ALERT_SELECT} where a.status = 'unread' order by a.created_at desc, a.id limit ${NOTIFICATION_LIST_LIMIT}`,
    ),
  ]);
  return {
    unreadCount: num(count?.n),
    items: rows.map((r) => {
      const alert = toAlert(r);
      return {
        id: alert.id,
        message: alert.message,
        priority: alert.priority satisfies AlertPriority,
        organization_name: alert.organization_name,
        created_at: alert.created_at,
      };
    }),
  };
}

export async function alertDetail(db: Database, id: string): Promise<AlertDetail | null> {
  const alertRow = await db.get<AlertRow & { team_member_id: string | null; resolved_by: string | null }>(sql`
    select a.id, a.alert_type, a.category, a.message, a.status, a.created_at, a.organization_id,
           coalesce(o.name, 'Unknown Organization') as organization_name,
           coalesce(nullif(trim(t.first_name || ' ' || t.last_name), ''), 'Unknown User') as user_name,
           a.check_in_id, a.resolved_at, a.team_member_id, a.resolved_by
    from risk_alerts a
    left join organizations o on o.id = a.organization_id
    left join team_members t on t.id = a.team_member_id
    where a.id = ${id}`);
  if (!alertRow) return null;
  const [member, scores, resolver] = await Promise.all([
    alertRow.team_member_id
      ? db.get<{
          id: string;
          first_name: string;
          last_name: string;
          email: string;
          job_title: string | null;
          region: string | null;
        }>(
          sql`select id, first_name, last_name, email, job_title, region from team_members where id = ${alertRow.team_member_id}`,
        )
      : undefined,
    alertRow.check_in_id
      ? db.get<NonNullable<AlertDetail["scores"]>>(sql`
          select morale, confidence, stress, sales_strength, blockers, recorded_at
          from sentiment_scores where check_in_id = ${alertRow.check_in_id}`)
      : undefined,
    alertRow.resolved_by
      ? db.get<{ email: string }>(sql`select email from user where id = ${alertRow.resolved_by}`)
      : undefined,
  ]);
  const { team_member_id: _member, resolved_by: resolvedBy, ...alert } = alertRow;
  return {
    alert: toAlert(alert),
    teamMember: member
      ? {
          id: member.id,
          name: `${member.first_name} ${member.last_name}`.trim(),
          email: member.email,
          jobTitle: member.job_title,
          region: member.region,
        }
      : null,
    scores: scores ?? null,
    resolvedBy: resolver?.email ?? resolvedBy ?? null,
  };
}

const ALERT_NOT_FOUND = "Alert not found";

export const alertRoutes = new Hono<ConsoleEnv>()
  .get("/summary", async (c) => c.json(await alertSummary(c.var.db)))
  .get("/notifications", async (c) => c.json(await notifications(c.var.db)))
  .get("/", zv("query", alertListQuerySchema), async (c) => c.json(await listAlerts(c.var.db, c.req.valid("query"))))
  .get("/:id", async (c) => {
    const detail = await alertDetail(c.var.db, c.req.param("id"));
    if (!detail) throw notFound(ALERT_NOT_FOUND);
    return c.json(detail);
  })
  /** Viewing an alert's details marks it read: it leaves the bell but stays active. */
  .post("/:id/read", async (c) => {
    const id = c.req.param("id");
    const updated = await c.var.db
      .update(riskAlerts)
      .set({ status: "read" })
      .where(and(eq(riskAlerts.id, id), eq(riskAlerts.status, "unread")))
      .returning({ id: riskAlerts.id, organizationId: riskAlerts.organizationId });
    if (updated.length === 0) {
      const exists = await c.var.db.query.riskAlerts.findFirst({ where: eq(riskAlerts.id, id), columns: { id: true } });
      if (!exists) throw notFound(ALERT_NOT_FOUND);
      return c.json({ ok: true as const });
    }
    c.set("audit", {
      action: "alert.read",
      targetType: "alert",
      targetId: id,
      organizationId: updated[0]?.organizationId ?? null,
    });
    return c.json({ ok: true as const });
  })
  .post("/:id/resolve", async (c) => {
    const id = c.req.param("id");
    const updated = await c.var.db
      .update(riskAlerts)
      .set({ status: "resolved", resolvedAt: new Date(), resolvedBy: c.var.user.id })
      .where(and(eq(riskAlerts.id, id), ne(riskAlerts.status, "resolved")))
      .returning({ id: riskAlerts.id, organizationId: riskAlerts.organizationId, message: riskAlerts.message });
    const resolved = updated[0];
    if (!resolved) {
      const exists = await c.var.db.query.riskAlerts.findFirst({ where: eq(riskAlerts.id, id), columns: { id: true } });
      if (!exists) throw notFound(ALERT_NOT_FOUND);
      return c.json({ ok: true as const });
    }
    c.set("audit", {
      action: "alert.resolve",
      targetType: "alert",
      targetId: id,
      organizationId: resolved.organizationId,
      details: { message: resolved.message },
    });
    return c.json({ ok: true as const });
  });
