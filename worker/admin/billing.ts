import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { ConsoleEnv } from "../auth/middleware";
import type { Database } from "../db/client";
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
  const row = await db.get<{ total: number; active: number; billable: number; trials: number }>(sql`
    select count(*) as total,
           coalesce(sum(subscription_status = 'active'), 0) as active,
           coalesce(sum(case when subscription_status = 'active' then current_salesperson_count else 0 end), 0) as billable,
           (select count(*) from trials where trial_status = 'active' and trial_end_date > ${now}) as trials
    from subscriptions`);
  const active = num(row?.active);
  const billableUsers = num(row?.billable);
  const monthlyRevenue = billableUsers * PRICE_PER_SALESPERSON_USD;
  return {
    totalSubscriptions: num(row?.total),
    activeSubscriptions: active,
    monthlyRevenue,
    billableUsers,
    averageRevenuePerOrganization: active > 0 ? monthlyRevenue / active : 0,
    activeTrials: num(row?.trials),
  };
}

export async function listSubscriptions(
  db: Database,
  query: { status?: "active" | "inactive" | undefined; page?: number | undefined; pageSize?: number | undefined },
) {
  const { page, pageSize, offset } = pageWindow(query, DEFAULT_PAGE_SIZE);
  const where =
    query.status === "active"
      ? sql`s.subscription_status = 'active'`
      : query.status === "inactive"
        ? sql`s.subscription_status <> 'active'`
        : sql`1 = 1`;
  const [rows, count] = await Promise.all([
    db.all<Omit<AdminSubscription, "monthly_cost">>(sql`
      select s.id, s.organization_id, coalesce(o.name, 'Unknown Organization') as organization_name,
             s.current_salesperson_count, s.subscription_status, s.current_period_end, s.stripe_customer_id, s.created_at
      from subscriptions s left join organizations o on o.id = s.organization_id
      where ${where} order by (s.subscription_status = 'active') desc, s.created_at desc, s.id
      limit ${pageSize} offset ${offset}`),
    db.get<{ n: number }>(sql`select count(*) as n from subscriptions s where ${where}`),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      current_salesperson_count: num(r.current_salesperson_count),
      monthly_cost: num(r.current_salesperson_count) * PRICE_PER_SALESPERSON_USD,
      created_at: num(r.created_at),
    })),
    page,
    pageSize,
    total: num(count?.n),
  };
}

export const billingRoutes = new Hono<ConsoleEnv>()
  .get("/summary", async (c) => c.json(await billingSummary(c.var.db)))
  .get("/subscriptions", zv("query", subscriptionListQuerySchema), async (c) =>
    c.json(await listSubscriptions(c.var.db, c.req.valid("query"))),
  );
