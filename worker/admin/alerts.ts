import { and, count, desc, eq, inArray, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { countWhere, epochMs, fullName } from "../db/aggregates";
import { alertId, alertIdIs } from "../db/alert-id";
import { OPEN_BY_STATUS, resolvedAlert, unreadAlert } from "../db/alert-status";
import { alertTextFields, renderedMessage, withMessage } from "../db/alert-text";
import type { Database } from "../db/client";
import { organizationNames } from "../db/fan-out";
import { riskAlerts, sentimentScores, teamMembers, user } from "../db/schema";
import { acrossShards, allShardDbs } from "../db/shards";
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
import { teamMemberContact, teamMemberContactColumns } from "./team-member-contact";

/** Spec 2 §9: the alerts tab shows at most 10 at a time. */
export const ALERT_PAGE_SIZE = 10;

/** Spec 2 §4: retention → urgent, performance → high, anything else medium. */
const HIGH_PRIORITY_TYPES: AlertType[] = ["retention", "performance"];

/**
 * An alert's row with its salesperson's name (who may be gone), read in the alert's shard; its
 * organization's name is added from the platform database (withOrganizationNames). The tab
 * reads every shard (worker/db/shards.ts) and merges.
 */
const alertFields = {
  id: alertId,
  alert_type: riskAlerts.alertType,
  category: riskAlerts.category,
  ...alertTextFields,
  status: riskAlerts.status,
  created_at: epochMs(riskAlerts.createdAt),
  organization_id: riskAlerts.organizationId,
  user_name: sql<string>`coalesce(nullif(${fullName(teamMembers.firstName, teamMembers.lastName)}, ''), 'Unknown User')`,
  check_in_id: riskAlerts.checkInId,
  resolved_at: epochMs<true>(riskAlerts.resolvedAt),
};

const alertRows = (db: Database) =>
  db.select(alertFields).from(riskAlerts).leftJoin(teamMembers, eq(teamMembers.id, riskAlerts.teamMemberId));

type AlertRow = Omit<AdminAlert, "priority" | "organization_name">;

function toAlert(row: AlertRow, names: Map<string, string>): AdminAlert {
  const organization_name = names.get(row.organization_id) ?? "Unknown Organization";
  return { ...row, organization_name, priority: alertPriorityForType(row.alert_type) };
}

async function withOrganizationNames(platform: Database, rows: AlertRow[]): Promise<AdminAlert[]> {
  const names = await organizationNames(
    platform,
    rows.map((row) => row.organization_id),
  );
  return rows.map((row) => toAlert(row, names));
}

/** Newest first, as every shard sorted them: the merge of several shards' first rows. */
const newestFirst = (a: AlertRow, b: AlertRow) =>
  b.created_at - a.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Active means not yet resolved (unread or read): each status by its own index (db/alert-status.ts). */
export async function alertSummary(shards: readonly Database[]) {
  const rows = await acrossShards(shards, (db) =>
    Promise.all(
      OPEN_BY_STATUS.map((status) =>
        db
          .select({ total: count(), high: countWhere(inArray(riskAlerts.alertType, HIGH_PRIORITY_TYPES)) })
          .from(riskAlerts)
          .where(status),
      ),
    ).then((parts) => parts.flat()),
  );
  const totalActive = rows.reduce((sum, row) => sum + num(row.total), 0);
  const highPriority = rows.reduce((sum, row) => sum + num(row.high), 0);
  return { totalActive, highPriority, mediumLow: totalActive - highPriority };
}

export async function listAlerts(
  db: Database,
  shards: readonly Database[],
  query: {
    view?: "active" | "unread" | "resolved" | "all" | undefined;
    priority?: "high" | "medium_low" | undefined;
    page?: number | undefined;
    pageSize?: number | undefined;
  },
) {
  const { page, pageSize, offset } = pageWindow(query, ALERT_PAGE_SIZE);
  const view = query.view ?? "active";
  const priority =
    query.priority === "high"
      ? inArray(riskAlerts.alertType, HIGH_PRIORITY_TYPES)
      : query.priority === "medium_low"
        ? notInArray(riskAlerts.alertType, HIGH_PRIORITY_TYPES)
        : undefined;
  // Each status as its index seeks it (db/alert-status.ts): active is the unread and the read, apart.
  const statuses: (SQL | undefined)[] =
    view === "active"
      ? [...OPEN_BY_STATUS]
      : view === "unread"
        ? [unreadAlert]
        : view === "resolved"
          ? [resolvedAlert]
          : [undefined];
  const wheres = statuses.map((status) => and(status, priority));
  // Each shard's (and status's) first offset + pageSize rows, merged: the page is among them.
  const [rows, totals] = await Promise.all([
    acrossShards(shards, (shard) =>
      Promise.all(
        wheres.map((where) =>
          alertRows(shard)
            .where(where)
            .orderBy(desc(riskAlerts.createdAt), alertId)
            .limit(offset + pageSize)
            .then((found) => found.map(withMessage)),
        ),
      ).then((parts) => parts.flat()),
    ),
    Promise.all(shards.flatMap((shard) => wheres.map((where) => shard.$count(riskAlerts, where)))),
  ]);
  const pageRows = rows.sort(newestFirst).slice(offset, offset + pageSize);
  const total = totals.reduce((sum, n) => sum + n, 0);
  return { items: await withOrganizationNames(db, pageRows), page, pageSize, total };
}

/** The bell: how many are unread, and the newest 5 (spec 2 §2, §9). */
export async function notifications(db: Database, shards: readonly Database[]): Promise<Notifications> {
  const [counts, rows] = await Promise.all([
    Promise.all(shards.map((shard) => shard.$count(riskAlerts, unreadAlert))),
    acrossShards(shards, (shard) =>
      alertRows(shard)
        .where(unreadAlert)
        .orderBy(desc(riskAlerts.createdAt), alertId)
        .limit(NOTIFICATION_LIST_LIMIT)
        .then((found) => found.map(withMessage)),
    ),
  ]);
  const newest = await withOrganizationNames(db, rows.sort(newestFirst).slice(0, NOTIFICATION_LIST_LIMIT));
  return {
    unreadCount: counts.reduce((sum, n) => sum + n, 0),
    items: newest.map((alert) => {
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

/** The shard holding this alert, if any (an alert's id does not always name its check-in's shard). */
async function shardOfAlert(shards: readonly Database[], id: string): Promise<Database | null> {
  const found = await Promise.all(shards.map((shard) => shard.$count(riskAlerts, alertIdIs(id))));
  return shards[found.findIndex((n) => n > 0)] ?? null;
}

export async function alertDetail(
  platform: Database,
  shards: readonly Database[],
  id: string,
): Promise<AlertDetail | null> {
  const db = await shardOfAlert(shards, id);
  if (!db) return null;
  const [found] = await db
    .select({ ...alertFields, team_member_id: riskAlerts.teamMemberId, resolved_by: riskAlerts.resolvedBy })
    .from(riskAlerts)
    .leftJoin(teamMembers, eq(teamMembers.id, riskAlerts.teamMemberId))
    .where(alertIdIs(id));
  if (!found) return null;
  const alertRow = withMessage(found);
  const [[member], [scores], [resolver]] = await Promise.all([
    alertRow.team_member_id
      ? db.select(teamMemberContactColumns).from(teamMembers).where(eq(teamMembers.id, alertRow.team_member_id))
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
    alertRow.resolved_by
      ? platform.select({ email: user.email }).from(user).where(eq(user.id, alertRow.resolved_by))
      : [],
  ]);
  const { team_member_id: _member, resolved_by: resolvedBy, ...alert } = alertRow;
  const [withName] = await withOrganizationNames(platform, [alert]);
  if (!withName) return null;
  return {
    alert: withName,
    teamMember: member ? teamMemberContact(member) : null,
    scores: scores ?? null,
    resolvedBy: resolver?.email ?? resolvedBy ?? null,
  };
}

const ALERT_NOT_FOUND = "Alert not found";

export const alertRoutes = new Hono<ConsoleEnv>()
  .get("/summary", async (c) => c.json(await alertSummary(allShardDbs(c.env))))
  .get("/notifications", async (c) => c.json(await notifications(c.var.db, allShardDbs(c.env))))
  .get("/", zv("query", alertListQuerySchema), async (c) =>
    c.json(await listAlerts(c.var.db, allShardDbs(c.env), c.req.valid("query"))),
  )
  .get("/:id", async (c) => {
    const detail = await alertDetail(c.var.db, allShardDbs(c.env), c.req.param("id"));
    if (!detail) throw notFound(ALERT_NOT_FOUND);
    return c.json(detail);
  })
  /** Viewing an alert's details marks it read: it leaves the bell but stays active. */
  .post("/:id/read", async (c) => {
    const id = c.req.param("id");
    const db = await shardOfAlert(allShardDbs(c.env), id);
    if (!db) throw notFound(ALERT_NOT_FOUND);
    const updated = await db
      .update(riskAlerts)
      .set({ status: "read" })
      .where(and(alertIdIs(id), eq(riskAlerts.status, "unread")))
      .returning({ organizationId: riskAlerts.organizationId });
    if (updated.length === 0) return c.json({ ok: true as const });
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
    const db = await shardOfAlert(allShardDbs(c.env), id);
    if (!db) throw notFound(ALERT_NOT_FOUND);
    const updated = await db
      .update(riskAlerts)
      .set({ status: "resolved", resolvedAt: new Date(), resolvedBy: c.var.user.id })
      .where(and(alertIdIs(id), ne(riskAlerts.status, "resolved")))
      .returning({
        organizationId: riskAlerts.organizationId,
        category: riskAlerts.category,
        message: riskAlerts.message,
        facts: riskAlerts.facts,
        teamMemberId: riskAlerts.teamMemberId,
      });
    const resolved = updated[0];
    if (!resolved) return c.json({ ok: true as const });
    const message = await renderedMessage(db, resolved);
    c.set("audit", {
      action: "alert.resolve",
      targetType: "alert",
      targetId: id,
      organizationId: resolved.organizationId,
      details: { message },
    });
    return c.json({ ok: true as const });
  });
