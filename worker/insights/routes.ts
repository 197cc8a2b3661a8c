import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { Hono } from "hono";
import { type AdminEnv, requireAdmin } from "../auth/middleware";
import type { Database } from "../db/client";
import { riskAlerts, teamMembers } from "../db/schema";
import { notFound } from "../lib/errors";
import { zv } from "../lib/validate";
import {
  type AlertItem,
  alertListQuerySchema,
  type CoachingResponse,
  type InsightsResponse,
  insightsQuerySchema,
  type MemberInsightsResponse,
} from "../shared/insights";
import { idParamSchema } from "../shared/team";
import { enrichCoaching } from "./ai-coaching";
import { memberInsights, teamInsights } from "./service";

/**
 * /api/insights — the dashboard's aggregates for the session's organization — and
 * /api/alerts — its risk alerts, resolvable. Scores, themes and alerts only: no route
 * here reads check_in_messages.
 */
export const insightsRoutes = new Hono<AdminEnv>()
  .use(requireAdmin)
  .get("/", zv("query", insightsQuerySchema), async (c) => {
    const body: InsightsResponse = await teamInsights(c.var.db, c.var.organizationId, c.req.valid("query").range, {
      aiCoachingAvailable: Boolean(c.var.config.OPENAI_API_KEY),
    });
    return c.json(body);
  })
  .get("/coaching", zv("query", insightsQuerySchema), async (c) => {
    const { config } = c.var;
    const insights = await teamInsights(c.var.db, c.var.organizationId, c.req.valid("query").range);
    const enriched = config.OPENAI_API_KEY
      ? await enrichCoaching(
          { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL },
          insights,
          c.req.raw.signal,
        )
      : null;
    const body: CoachingResponse = enriched
      ? { coaching: enriched, source: "ai" }
      : { coaching: insights.coaching, source: "rules" };
    return c.json(body);
  })
  .get("/members/:id", zv("param", idParamSchema), zv("query", insightsQuerySchema), async (c) => {
    const body: MemberInsightsResponse | null = await memberInsights(
      c.var.db,
      c.var.organizationId,
      c.req.valid("param").id,
      c.req.valid("query").range,
    );
    if (!body) throw notFound("Team member not found");
    return c.json(body);
  });

const alertColumns = {
  id: riskAlerts.id,
  teamMemberId: riskAlerts.teamMemberId,
  firstName: teamMembers.firstName,
  lastName: teamMembers.lastName,
  category: riskAlerts.category,
  alertType: riskAlerts.alertType,
  priority: riskAlerts.priority,
  message: riskAlerts.message,
  status: riskAlerts.status,
  createdAt: riskAlerts.createdAt,
  resolvedAt: riskAlerts.resolvedAt,
};
const alertsQuery = (db: Database) =>
  db
    .select(alertColumns)
    .from(riskAlerts)
    .leftJoin(teamMembers, eq(teamMembers.id, riskAlerts.teamMemberId))
    .$dynamic();
type AlertRow = Awaited<ReturnType<typeof alertsQuery>>[number];

function alertItem(row: AlertRow): AlertItem {
  return {
    id: row.id,
    teamMember:
      row.teamMemberId && row.firstName !== null
        ? { id: row.teamMemberId, firstName: row.firstName, lastName: row.lastName ?? "" }
        : null,
    category: row.category,
    alertType: row.alertType,
    priority: row.priority,
    message: row.message,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

const PRIORITY_RANK = sql`case ${riskAlerts.priority} when 'urgent' then 0 when 'high' then 1 when 'medium' then 2 else 3 end`;

export const alertRoutes = new Hono<AdminEnv>()
  .use(requireAdmin)
  .get("/", zv("query", alertListQuerySchema), async (c) => {
    const { status, teamMemberId } = c.req.valid("query");
    const rows = await alertsQuery(c.var.db)
      .where(
        and(
          eq(riskAlerts.organizationId, c.var.organizationId),
          status === "open" ? inArray(riskAlerts.status, ["unread", "read"]) : undefined,
          status === "resolved" ? eq(riskAlerts.status, "resolved") : undefined,
          teamMemberId ? eq(riskAlerts.teamMemberId, teamMemberId) : undefined,
        ),
      )
      .orderBy(status === "resolved" ? desc(riskAlerts.resolvedAt) : PRIORITY_RANK, desc(riskAlerts.createdAt))
      .limit(100);
    return c.json({ items: rows.map(alertItem) });
  })
  .post("/:id/resolve", zv("param", idParamSchema), async (c) => {
    const { db, organizationId, user } = c.var;
    const { id } = c.req.valid("param");
    const now = new Date();
    // Resolving twice is harmless: the first resolution's time and author stay.
    await db
      .update(riskAlerts)
      .set({ status: "resolved", resolvedAt: now, resolvedBy: user.id })
      .where(
        and(
          eq(riskAlerts.id, id),
          eq(riskAlerts.organizationId, organizationId),
          inArray(riskAlerts.status, ["unread", "read"]),
        ),
      );
    const [row] = await alertsQuery(db).where(
      and(eq(riskAlerts.id, id), eq(riskAlerts.organizationId, organizationId)),
    );
    if (!row) throw notFound("Alert not found");
    return c.json({ alert: alertItem(row) });
  });
