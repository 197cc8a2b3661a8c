import { and, eq, inArray } from "drizzle-orm";
import { Hono } from "hono";
import { providerFor } from "../ai/choose-provider";
import { type AdminEnv, requireAdmin } from "../auth/middleware";
import { alertIdIs } from "../db/alert-id";
import { riskAlerts } from "../db/schema";
import { notFound } from "../lib/errors";
import { zv } from "../lib/validate";
import {
  alertListQuerySchema,
  type CoachingResponse,
  type InsightsResponse,
  insightsQuerySchema,
  type MemberInsightsResponse,
} from "../shared/insights";
import { idParamSchema } from "../shared/team";
import { coachingFor } from "./coaching-cache";
import { alertById, alertList } from "./queries";
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
      aiCoachingAvailable: providerFor(c.var.config).kind === "openai",
    });
    return c.json(body);
  })
  .get("/coaching", zv("query", insightsQuerySchema), async (c) => {
    const { range } = c.req.valid("query");
    const insights = await teamInsights(c.var.db, c.var.organizationId, range);
    const body: CoachingResponse = await coachingFor(
      c.var.db,
      c.var.config,
      c.var.organizationId,
      range,
      insights,
      c.req.raw.signal,
    );
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

export const alertRoutes = new Hono<AdminEnv>()
  .use(requireAdmin)
  .get("/", zv("query", alertListQuerySchema), async (c) => {
    const items = await alertList(c.var.db, c.var.organizationId, c.req.valid("query"));
    return c.json({ items });
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
          alertIdIs(id),
          eq(riskAlerts.organizationId, organizationId),
          inArray(riskAlerts.status, ["unread", "read"]),
        ),
      );
    const alert = await alertById(db, organizationId, id);
    if (!alert) throw notFound("Alert not found");
    return c.json({ alert });
  });
