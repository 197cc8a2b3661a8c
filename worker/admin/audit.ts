import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
import { recordAudit } from "../lib/audit";
import { badRequest } from "../lib/errors";
import { clientIp } from "../lib/rate-limit";
import { zv } from "../lib/validate";
import { type AuditEntry, auditQuerySchema } from "../shared/console/audit";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import { containsPattern, dayBoundary, num, pageWindow } from "./sql";

const MUTATIONS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Records every successful mutation through /api/admin/*: who (the operator), what (the
 * handler's note, or the method and path), when. Written before the response leaves, so
 * a change the operator saw succeed is always in the log.
 */
export const auditMutations = createMiddleware<ConsoleEnv>(async (c, next) => {
  await next();
  if (!MUTATIONS.has(c.req.method) || c.res.status >= 400) return;
  const note = c.get("audit");
  const user = c.get("user");
  const path = new URL(c.req.url).pathname;
  await recordAudit(c.var.db, {
    actorUserId: user.id,
    actorEmail: user.email,
    ipAddress: clientIp(c.req.raw),
    ...(note ?? { action: `${c.req.method} ${path}`, targetType: "api" }),
    details: { ...note?.details, request: `${c.req.method} ${path}` },
  });
});

type AuditRow = {
  id: string;
  actor_user_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  organization_id: string | null;
  details: string | null;
  ip_address: string | null;
  created_at: number;
};

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export type AuditFilters = {
  action?: string | undefined;
  actor?: string | undefined;
  targetType?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

export async function listAudit(db: Database, filters: AuditFilters) {
  const { page, pageSize, offset } = pageWindow(filters, DEFAULT_PAGE_SIZE);
  const conditions = [sql`1 = 1`];
  if (filters.action) conditions.push(sql`action = ${filters.action}`);
  if (filters.targetType) conditions.push(sql`target_type = ${filters.targetType}`);
  if (filters.actor?.trim())
    conditions.push(sql`lower(coalesce(actor_email, '')) like ${containsPattern(filters.actor)} escape '\\'`);
  if (filters.from) {
    const from = dayBoundary(filters.from);
    if (Number.isNaN(from)) throw badRequest("The start date is not a real date");
    conditions.push(sql`created_at >= ${from}`);
  }
  if (filters.to) {
    const to = dayBoundary(filters.to, true);
    if (Number.isNaN(to)) throw badRequest("The end date is not a real date");
    conditions.push(sql`created_at <= ${to}`);
  }
  const where = sql.join(conditions, sql` and `);
  const [rows, count, actions, targetTypes] = await Promise.all([
    db.all<AuditRow>(
      sql`select * from audit_logs where ${where} order by created_at desc, id limit ${pageSize} offset ${offset}`,
    ),
    db.get<{ n: number }>(sql`select count(*) as n from audit_logs where ${where}`),
    db.all<{ action: string }>(sql`select distinct action from audit_logs order by action limit 200`),
    db.all<{ target_type: string }>(sql`select distinct target_type from audit_logs order by target_type limit 100`),
  ]);
  const items: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    actorUserId: r.actor_user_id,
    actorEmail: r.actor_email,
    action: r.action,
    targetType: r.target_type,
    targetId: r.target_id,
    organizationId: r.organization_id,
    details: parseDetails(r.details),
    ipAddress: r.ip_address,
    createdAt: num(r.created_at),
  }));
  return {
    items,
    page,
    pageSize,
    total: num(count?.n),
    actions: actions.map((a) => a.action),
    targetTypes: targetTypes.map((t) => t.target_type),
  };
}

export const auditRoutes = new Hono<ConsoleEnv>().get("/", zv("query", auditQuerySchema), async (c) =>
  c.json(await listAudit(c.var.db, c.req.valid("query"))),
);
