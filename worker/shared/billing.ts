import * as z from "zod/mini";

/** Spec 1 §3 plan types: the Free Trial and the paid Pro plan. */
export const PLAN_TYPES = ["trial", "paid"] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/**
 * What became of a Stripe event (stripe_events.outcome): applied to the subscription, ignored
 * (a type we do not follow), or orphaned (it names an organization that no longer exists).
 */
export const STRIPE_EVENT_OUTCOMES = ["applied", "ignored", "orphaned"] as const;
export type StripeEventOutcome = (typeof STRIPE_EVENT_OUTCOMES)[number];

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
  /** ISO 8601: when an admin chose the Free Trial; null while no plan has been chosen. */
  chosenAt: z.nullable(z.string()),
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
  /** Cancelled in Stripe's portal to end with the paid period: active until `cancelAt`. */
  cancelAtPeriodEnd: z.boolean(),
  /** ISO 8601: when it is set to end, and when it ended. */
  cancelAt: z.nullable(z.string()),
  endedAt: z.nullable(z.string()),
  /** Stripe knows the customer: "Manage billing" opens Stripe's customer portal. */
  manageable: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionSchema>;

/** GET /api/subscription: the organization's plan as it stands. */
export const planStatusResponseSchema = z.object({
  trial: z.nullable(trialSchema),
  subscription: z.nullable(subscriptionSchema),
  paymentsConfigured: z.boolean(),
  /**
   * An admin has chosen a plan (the Free Trial, or Pro through Stripe). Until then onboarding's
   * plan step is shown, whatever the account's age (issue 25 §2).
   */
  planChosen: z.boolean(),
});
export type PlanStatusResponse = z.infer<typeof planStatusResponseSchema>;

export const PAYMENTS_NOT_CONFIGURED_MESSAGE =
  "Payments are not configured on this server yet. Start the Free Trial for now, or contact support to upgrade.";

/** POST /api/subscription/portal: Stripe's customer portal (cancel, change card, invoices). */
export const billingPortalResponseSchema = z.object({ url: z.string() });
export type BillingPortalResponse = z.infer<typeof billingPortalResponseSchema>;

export const NO_BILLING_ACCOUNT_MESSAGE =
  "There is no Stripe billing account for this organization yet. Choose the Pro plan to create one.";
export const PORTAL_FAILED_MESSAGE = "Stripe's billing page could not be opened. Try again in a minute.";
