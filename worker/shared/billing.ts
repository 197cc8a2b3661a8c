import * as z from "zod/mini";

/** Spec 1 §3 plan types: the Free Trial and the paid Pro plan. */
export const PLAN_TYPES = ["trial", "paid"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const subscribeRequestSchema = z.object({ planType: z.enum(PLAN_TYPES) });
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const trialSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.nullable(z.string()),
  /** ISO 8601. */
  trialStartDate: z.string(),
  trialEndDate: z.string(),
  trialStatus: z.string(),
});
export type Trial = z.infer<typeof trialSchema>;

/** POST /api/subscription: the trial row (the existing one on a repeat), or where to pay. */
export const subscribeResponseSchema = z.discriminatedUnion("planType", [
  z.object({ planType: z.literal("trial"), trial: trialSchema, created: z.boolean() }),
  z.object({ planType: z.literal("paid"), url: z.string(), quantity: z.number() }),
]);
export type SubscribeResponse = z.infer<typeof subscribeResponseSchema>;

export const subscriptionSchema = z.object({
  status: z.string(),
  salespersonCount: z.number(),
  /** ISO 8601, or null before Stripe reported a period. */
  currentPeriodEnd: z.nullable(z.string()),
});

/** GET /api/subscription: the organization's plan as it stands. */
export const planStatusResponseSchema = z.object({
  trial: z.nullable(trialSchema),
  subscription: z.nullable(subscriptionSchema),
  paymentsConfigured: z.boolean(),
});
export type PlanStatusResponse = z.infer<typeof planStatusResponseSchema>;

export const PAYMENTS_NOT_CONFIGURED_MESSAGE =
  "Payments are not configured on this server yet. Start the Free Trial for now, or contact support to upgrade.";
