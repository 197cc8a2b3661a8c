import { and, count, desc, eq, inArray, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { countWhere, epochMs, fullName } from "../db/aggregates";
import { openAlert } from "../db/alert-status";
import type { Database } from "../db/client";
import { organizations, riskAlerts, sentimentScores, teamMembers, user } from "../db/schema";
import { notFound } from "../lib/errors";
import { zv } from "../lib/validate";
import {
  type AdminAlert,
  type AlertDetail,
  alertListQuerySchema,
  NOTIFICATION_LIST_LIMIT,
  type Notifications,
} from "../shared/console/alerts";
import { type AlertPriority, type AlertType, alertPriorityForType } from "../shared/domain";
import { num, pageWindow } from "./sql";

/** Spec 2 §9: the alerts tab shows at most 10 at a time. */
export const ALERT_PAGE_SIZE = 10;

/** Spec 2 §4: retention → urgent, performance → high, anything else medium. */
const HIGH_PRIORITY_TYPES: AlertType[] = ["retention", "performance"];

/** An alert's row with its organization's and salesperson's names (either may be gone). */
const alertFields = {
  id: riskAlerts.id,
  alert_type: riskAlerts.alertType,
  category: riskAlerts.category,
  message: riskAlerts.message,
  status: riskAlerts.status,
  created_at: epochMs(riskAlerts.createdAt),
  organization_id: riskAlerts.organizationId,
  organization_name: sql<string>`coalesce(${organizations.name}, 'Unknown Organization')`,
  user_name: sql<string>`coalesce(nullif(${fullName(teamMembers.firstName, teamMembers.lastName)}, ''), 'Unknown User')`,
  check_in_id: riskAlerts.checkInId,
  resolved_at: epochMs<true>(riskAlerts.resolvedAt),
};

const alertRows = (db: Database) =>
  db
    .select(alertFields)
    .from(riskAlerts)
    .leftJoin(organizations, eq(organizations.id, riskAlerts.organizationId))
    .leftJoin(teamMembers, eq(teamMembers.id, riskAlerts.teamMemberId));

function toAlert(row: Omit<AdminAlert, "priority">): AdminAlert {
  return { ...row, priority: alertPriorityForType(row.alert_type) };
}

/** Active means not yet resolved (unread or read). */
export async function alertSummary(db: Database) {
  const [row] = await db
    .select({ total: count(), high: countWhere(inArray(riskAlerts.alertType, HIGH_PRIORITY_TYPES)) })
    .from(riskAlerts)
    .where(openAlert);
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
  const conditions: SQL[] = [];
  const view = query.view ?? "active";
  // Open as the index on (status, time) can seek it: the two statuses, not "not resolved".
  if (view === "active") conditions.push(openAlert);
  if (view === "unread") conditions.push(eq(riskAlerts.status, "unread"));
  if (view === "resolved") conditions.push(eq(riskAlerts.status, "resolved"));
  if (query.priority === "high") conditions.push(inArray(riskAlerts.alertType, HIGH_PRIORITY_TYPES));
  if (query.priority === "medium_low") conditions.push(notInArray(riskAlerts.alertType, HIGH_PRIORITY_TYPES));
  const where = and(...conditions);
  const [rows, total] = await Promise.all([
    alertRows(db).where(where).orderBy(desc(riskAlerts.createdAt), riskAlerts.id).limit(pageSize).offset(offset),
    db.$count(riskAlerts, where),
  ]);
  return { items: rows.map(toAlert), page, pageSize, total };
}

/** The bell: how many are unread, and the newest 5 (spec 2 §2, §9). */
export async function notifications(db: Database): Promise<Notifications> {
  const unread = eq(riskAlerts.status, "unread");
  const [unreadCount, rows] = await Promise.all([
    db.$count(riskAlerts, unread),
    alertRows(db).where(unread).orderBy(desc(riskAlerts.createdAt), riskAlerts.id).limit(NOTIFICATION_LIST_LIMIT),
  ]);
  return {
    unreadCount,
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
  const [alertRow] = await db
    .select({ ...alertFields, team_member_id: riskAlerts.teamMemberId, resolved_by: riskAlerts.resolvedBy })
    .from(riskAlerts)
    .leftJoin(organizations, eq(organizations.id, riskAlerts.organizationId))
    .leftJoin(teamMembers, eq(teamMembers.id, riskAlerts.teamMemberId))
    .where(eq(riskAlerts.id, id));
  if (!alertRow) return null;
  const [[member], [scores], [resolver]] = await Promise.all([
    alertRow.team_member_id
      ? db
          .select({
            id: teamMembers.id,
            firstName: teamMembers.firstName,
            lastName: teamMembers.lastName,
            email: teamMembers.email,
            jobTitle: teamMembers.jobTitle,
            region: teamMembers.region,
          })
          .from(teamMembers)
          .where(eq(teamMembers.id, alertRow.team_member_id))
      : [],
    alertRow.check_in_id
      ? db
          .select({
            morale: sentimentScores.morale,
            confidence: sentimentScores.confidence,
            stress: sentimentScores.stress,
            sales_strength: sentimentScores.salesStrength,
            blockers: sentimentScores.blockers,
            recorded_at: epochMs(sentimentScores.recordedAt),
          })
          .from(sentimentScores)
          .where(eq(sentimentScores.checkInId, alertRow.check_in_id))
      : [],
    alertRow.resolved_by ? db.select({ email: user.email }).from(user).where(eq(user.id, alertRow.resolved_by)) : [],
  ]);
  const { team_member_id: _member, resolved_by: resolvedBy, ...alert } = alertRow;
  return {
    alert: toAlert(alert),
    teamMember: member
      ? {
          id: member.id,
          name: `${member.firstName} ${member.lastName}`.trim(),
          email: member.email,
          jobTitle: member.jobTitle,
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
