import * as z from "zod/mini";
import { pageQuerySchema, paginated, timestamp } from "./common";

/**
 * The operator console's API, shared by the Worker and the SPA. Billing & Plans
 * (/api/admin/billing).
 */
export const billingSummarySchema = z.object({
  totalSubscriptions: z.number(),
  activeSubscriptions: z.number(),
  monthlyRevenue: z.number(),
  billableUsers: z.number(),
  averageRevenuePerOrganization: z.number(),
  activeTrials: z.number(),
});
export type BillingSummary = z.infer<typeof billingSummarySchema>;

export const subscriptionListQuerySchema = z.extend(pageQuerySchema, {
  status: z.optional(z.enum(["active", "inactive"])),
});
export const adminSubscriptionSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  organization_name: z.string(),
  current_salesperson_count: z.number(),
  subscription_status: z.string(),
  monthly_cost: z.number(),
  current_period_end: z.nullable(timestamp),
  /** Cancelled to end with its period: when (issue 25 §1, from Stripe's webhook); else null. */
  ends_at: z.nullable(timestamp),
  /** When Stripe ended it. */
  ended_at: z.nullable(timestamp),
  stripe_customer_id: z.nullable(z.string()),
  created_at: timestamp,
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;
export const subscriptionListSchema = paginated(adminSubscriptionSchema);
