import { eq } from "drizzle-orm";
import { Hono } from "hono";
import Stripe from "stripe";
import { publicOrigin } from "../auth/auth";
import { type AdminEnv, requireAdmin } from "../auth/middleware";
import { subscriptions } from "../db/schema";
import type { AppEnv } from "../lib/app-env";
import { ApiError, badRequest } from "../lib/errors";
import { log } from "../lib/log";
import { zv } from "../lib/validate";
import {
  type BillingPortalResponse,
  NO_BILLING_ACCOUNT_MESSAGE,
  PAYMENTS_NOT_CONFIGURED_MESSAGE,
  type PlanStatusResponse,
  PORTAL_FAILED_MESSAGE,
  type SubscribeResponse,
  subscribeRequestSchema,
  type Trial,
} from "../shared/billing";
import { billableSalespeople, createCheckoutSession, createPortalSession, stripeClient } from "./stripe";
import { findTrial, startTrial, type TrialRow } from "./trial";
import { applyStripeEvent, verifyStripeEvent } from "./webhook";

const trialJson = (trial: TrialRow): Trial => ({
  id: trial.id,
  organizationId: trial.organizationId,
  userId: trial.userId,
  trialStartDate: trial.trialStartDate.toISOString(),
  trialEndDate: trial.trialEndDate.toISOString(),
  trialStatus: trial.trialStatus,
  chosenAt: trial.chosenAt?.toISOString() ?? null,
});

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Stripe's refusal, logged without its message (it may name our account's setup). */
function logStripeError(event: string, error: Stripe.errors.StripeError) {
  log("error", event, { type: error.type, code: error.code });
}

/**
 * /api/subscription — spec 1 §7 items 9 and 10 (trials insert, create-subscription), and
 * Stripe's customer portal (issue 25 §1), for the session's organization only.
 */
export const subscriptionRoutes = new Hono<AdminEnv>()
  .use(requireAdmin)
  .get("/", async (c) => {
    const organizationId = c.var.organizationId;
    const [trial, [subscription]] = await Promise.all([
      findTrial(c.var.db, organizationId),
      c.var.platform.select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId)),
    ]);
    const paymentsConfigured = Boolean(c.var.config.STRIPE_SECRET_KEY && c.var.config.STRIPE_PRICE_ID);
    const body: PlanStatusResponse = {
      trial: trial ? trialJson(trial) : null,
      subscription: subscription
        ? {
            status: subscription.subscriptionStatus,
            salespersonCount: subscription.currentSalespersonCount,
            currentPeriodEnd: iso(subscription.currentPeriodEnd),
            cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
            cancelAt: iso(subscription.cancelAt),
            endedAt: iso(subscription.endedAt),
            manageable: Boolean(subscription.stripeCustomerId && c.var.config.STRIPE_SECRET_KEY),
          }
        : null,
      paymentsConfigured,
      // A subscription row means Pro was bought (or granted); a chosen trial, the Free Trial.
      planChosen: Boolean(subscription) || Boolean(trial?.chosenAt),
    };
    return c.json(body);
  })
  .post("/", zv("json", subscribeRequestSchema), async (c) => {
    const { planType } = c.req.valid("json");
    const { organizationId, user, config } = c.var;

    if (planType === "trial") {
      const { trial, created } = await startTrial(c.var.db, organizationId, user.id);
      const body: SubscribeResponse = { planType: "trial", trial: trialJson(trial), created };
      return c.json(body, created ? 201 : 200);
    }

    if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PRICE_ID) {
      throw new ApiError(503, "payments_not_configured", PAYMENTS_NOT_CONFIGURED_MESSAGE);
    }
    const quantity = await billableSalespeople(c.var.db, organizationId);
    let url: string | null;
    try {
      const session = await createCheckoutSession(stripeClient(config, config.STRIPE_SECRET_KEY), {
        organizationId,
        userId: user.id,
        email: user.email,
        priceId: config.STRIPE_PRICE_ID,
        quantity,
        origin: publicOrigin(config, c.req.raw),
      });
      url = session.url;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      // Stripe's own message may name our account's setup; the person sees the spec's text.
      logStripeError("stripe_checkout_failed", error);
      throw new ApiError(502, "payment_provider_error", "Failed to create subscription");
    }
    if (!url) throw new ApiError(502, "payment_provider_error", "No checkout URL received");
    const body: SubscribeResponse = { planType: "paid", url, quantity };
    return c.json(body);
  })
  .post("/portal", async (c) => {
    const { organizationId, config } = c.var;
    const [subscription] = await c.var.platform
      .select({ customerId: subscriptions.stripeCustomerId })
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, organizationId));
    if (!subscription?.customerId) throw new ApiError(409, "no_billing_account", NO_BILLING_ACCOUNT_MESSAGE);
    if (!config.STRIPE_SECRET_KEY) {
      throw new ApiError(503, "payments_not_configured", PAYMENTS_NOT_CONFIGURED_MESSAGE);
    }
    try {
      const session = await createPortalSession(stripeClient(config, config.STRIPE_SECRET_KEY), {
        customerId: subscription.customerId,
        origin: publicOrigin(config, c.req.raw),
      });
      const body: BillingPortalResponse = { url: session.url };
      return c.json(body);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeError)) throw error;
      logStripeError("stripe_portal_failed", error);
      throw new ApiError(502, "payment_provider_error", PORTAL_FAILED_MESSAGE);
    }
  });

/** POST /api/stripe/webhook — signature-verified over the raw body; idempotent per event id. */
export const stripeWebhookRoutes = new Hono<AppEnv>().post("/webhook", async (c) => {
  const secret = c.var.config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new ApiError(503, "webhooks_not_configured", "Stripe webhooks are not configured");
  const signature = c.req.header("Stripe-Signature");
  if (!signature) throw badRequest("Missing Stripe-Signature header");
  const payload = await c.req.text();
  let event: Stripe.Event;
  try {
    event = await verifyStripeEvent(payload, signature, secret);
  } catch {
    throw new ApiError(400, "invalid_signature", "The Stripe signature does not match this payload");
  }
  const outcome = await applyStripeEvent(c.var.db, event);
  return c.json({ received: true, outcome });
});
