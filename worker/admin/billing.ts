import { and, count, desc, eq, gt, ne, sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import { countWhere, epochMs, sumOf } from "../db/aggregates";
import type { Database } from "../db/client";
import { organizations, subscriptions, trials } from "../db/schema";
import { zv } from "../lib/validate";
import { type AdminSubscription, type BillingSummary, subscriptionListQuerySchema } from "../shared/console/billing";
import { DEFAULT_PAGE_SIZE } from "../shared/console/common";
import { PRICE_PER_SALESPERSON_USD } from "../shared/domain";
import { num, pageWindow } from "./sql";

/**
 * Spec 2 §9: $2.00 per billable salesperson a month; revenue and billed users count only
 * active subscriptions; the average is revenue over active subscriptions.
 */
export async function billingSummary(db: Database, now = Date.now()): Promise<BillingSummary> {
  const isActive = eq(subscriptions.subscriptionStatus, "active");
  const [[row], trialCount] = await Promise.all([
    db
      .select({
        total: count(),
        active: countWhere(isActive),
        billable: sumOf(sql`case when ${isActive} then ${subscriptions.currentSalespersonCount} else 0 end`),
      })
      .from(subscriptions),
    db.$count(trials, and(eq(trials.trialStatus, "active"), gt(trials.trialEndDate, new Date(now)))),
  ]);
  const active = num(row?.active);
  const billableUsers = num(row?.billable);
  const monthlyRevenue = billableUsers * PRICE_PER_SALESPERSON_USD;
  return {
    totalSubscriptions: num(row?.total),
    activeSubscriptions: active,
    monthlyRevenue,
    billableUsers,
    averageRevenuePerOrganization: active > 0 ? monthlyRevenue / active : 0,
    activeTrials: trialCount,
  };
}

export async function listSubscriptions(
  db: Database,
  query: { status?: "active" | "inactive" | undefined; page?: number | undefined; pageSize?: number | undefined },
) {
  const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
  const where =
    query.status === "active"
      ? eq(subscriptions.subscriptionStatus, "active")
      : query.status === "inactive"
        ? ne(subscriptions.subscriptionStatus, "active")
        : undefined;
  const [rows, total] = await Promise.all([
    db
      .select({
        id: subscriptions.id,
        organization_id: subscriptions.organizationId,
        organization_name: sql<string>`coalesce(${organizations.name}, 'Unknown Organization')`,
        current_salesperson_count: subscriptions.currentSalespersonCount,
        subscription_status: subscriptions.subscriptionStatus,
        current_period_end: epochMs<true>(subscriptions.currentPeriodEnd),
        ends_at: sql<
          number | null
        >`case when ${subscriptions.cancelAtPeriodEnd} then coalesce(${subscriptions.cancelAt}, ${subscriptions.currentPeriodEnd}) end`,
        ended_at: epochMs<true>(subscriptions.endedAt),
        stripe_customer_id: subscriptions.stripeCustomerId,
        created_at: epochMs(subscriptions.createdAt),
      })
      .from(subscriptions)
      .leftJoin(organizations, eq(organizations.id, subscriptions.organizationId))
      .where(where)
      .orderBy(
        desc(sql`${subscriptions.subscriptionStatus} = 'active'`),
        desc(subscriptions.createdAt),
        subscriptions.id,
      )
      .limit(pageSize)
      .offset(offset),
    db.$count(subscriptions, where),
  ]);
  const items: AdminSubscription[] = rows.map((r) => ({
    ...r,
    current_salesperson_count: num(r.current_salesperson_count),
    monthly_cost: num(r.current_salesperson_count) * PRICE_PER_SALESPERSON_USD,
    created_at: num(r.created_at),
  }));
  return { items, page, pageSize, total };
}

export const billingRoutes = new Hono<ConsoleEnv>()
  .get("/summary", async (c) => c.json(await billingSummary(c.var.db)))
  .get("/subscriptions", zv("query", subscriptionListQuerySchema), async (c) =>
    c.json(await listSubscriptions(c.var.db, c.req.valid("query"))),
  );
