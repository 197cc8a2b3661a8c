import { and, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { ConsoleEnv } from "../auth/middleware";
import { epochMs } from "../db/aggregates";
import type { Database } from "../db/client";
import { auditLogs } from "../db/schema";
import { recordAudit } from "../lib/audit";
import { badRequest } from "../lib/errors";
import { clientIp } from "../lib/rate-limit";
import { zv } from "../lib/validate";
import { type AuditEntry, auditQuerySchema } from "../shared/console/audit";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import { contains, containsPattern, dayBoundary, pageWindow } from "./sql";

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
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLogs.action, filters.action));
  if (filters.targetType) conditions.push(eq(auditLogs.targetType, filters.targetType));
  if (filters.actor?.trim())
    conditions.push(contains(sql`coalesce(${auditLogs.actorEmail}, '')`, containsPattern(filters.actor)));
  if (filters.from) {
    const from = dayBoundary(filters.from);
    if (Number.isNaN(from)) throw badRequest("The start date is not a real date");
    conditions.push(gte(auditLogs.createdAt, new Date(from)));
  }
  if (filters.to) {
    const to = dayBoundary(filters.to, true);
    if (Number.isNaN(to)) throw badRequest("The end date is not a real date");
    conditions.push(lte(auditLogs.createdAt, new Date(to)));
  }
  const where = and(...conditions);
  const [rows, total, actions, targetTypes] = await Promise.all([
    db
      .select({
        id: auditLogs.id,
        actorUserId: auditLogs.actorUserId,
        actorEmail: auditLogs.actorEmail,
        action: auditLogs.action,
        targetType: auditLogs.targetType,
        targetId: auditLogs.targetId,
        organizationId: auditLogs.organizationId,
        // The stored text, parsed leniently below: one bad row must not break the log.
        details: sql<string | null>`${auditLogs.details}`,
        ipAddress: auditLogs.ipAddress,
        createdAt: epochMs(auditLogs.createdAt),
      })
      .from(auditLogs)
      .where(where)
      .orderBy(desc(auditLogs.createdAt), auditLogs.id)
      .limit(pageSize)
      .offset(offset),
    db.$count(auditLogs, where),
    db.selectDistinct({ action: auditLogs.action }).from(auditLogs).orderBy(auditLogs.action).limit(200),
    db.selectDistinct({ targetType: auditLogs.targetType }).from(auditLogs).orderBy(auditLogs.targetType).limit(100),
  ]);
  const items: AuditEntry[] = rows.map((r) => ({ ...r, details: parseDetails(r.details) }));
  return {
    items,
    page,
    pageSize,
    total,
    actions: actions.map((a) => a.action),
    targetTypes: targetTypes.map((t) => t.targetType),
  };
}

export const auditRoutes = new Hono<ConsoleEnv>().get("/", zv("query", auditQuerySchema), async (c) =>
  c.json(await listAudit(c.var.db, c.req.valid("query"))),
);
