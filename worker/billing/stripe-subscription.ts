import { and, eq, inArray, isNotNull, not, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../db/client";
import { subscriptions } from "../db/schema";
import type { AppConfig } from "../lib/config";
import { ApiError } from "../lib/errors";
import { log } from "../lib/log";
import { stripeClient } from "./stripe";

/**
 * A subscription that Stripe still bills or may bill again: it has a Stripe id and has not
 * ended. While one exists Stripe owns the organization's tier, and deleting the organization
 * must cancel it first (issue 25 §1, §8).
 */
export const ENDED_SUBSCRIPTION_STATUSES = ["canceled", "incomplete_expired"] as const;

/** The same as SQL, over a subscriptions row's two columns (a table or an alias's). */
export function liveStripeSubscriptionSql(status: SQLWrapper, stripeSubscriptionId: SQLWrapper): SQL {
  return sql`(${stripeSubscriptionId} is not null and ${status} not in (${sql.join(
    ENDED_SUBSCRIPTION_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )}))`;
}

export const STRIPE_NOT_CONFIGURED_FOR_DELETE =
  "This organization has a live Stripe subscription and this server has no STRIPE_SECRET_KEY to cancel it. Cancel it in Stripe's dashboard first; nothing was deleted.";
export const STRIPE_CANCEL_FAILED =
  "Stripe did not cancel this organization's subscription, so nothing was deleted. Try again in a minute, or cancel it in Stripe's dashboard first.";

/**
 * Cancels the organization's live Stripe subscription at once (no further invoices), before
 * the organization is deleted. Returns whether one was cancelled. Any refusal throws, so the
 * caller deletes nothing while Stripe may still charge: the one case let through is Stripe
 * saying the subscription does not exist any more.
 */
export async function cancelLiveSubscription(
  db: Database,
  config: AppConfig,
  organizationId: string,
): Promise<boolean> {
  const [live] = await db
    .select({ id: subscriptions.id, stripeSubscriptionId: subscriptions.stripeSubscriptionId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        isNotNull(subscriptions.stripeSubscriptionId),
        not(inArray(subscriptions.subscriptionStatus, [...ENDED_SUBSCRIPTION_STATUSES])),
      ),
    );
  if (!live?.stripeSubscriptionId) return false;
  if (!config.STRIPE_SECRET_KEY) throw new ApiError(409, "stripe_not_configured", STRIPE_NOT_CONFIGURED_FOR_DELETE);
  try {
    await stripeClient(config, config.STRIPE_SECRET_KEY).subscriptions.cancel(live.stripeSubscriptionId);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    const gone = error.code === "resource_missing";
    log(gone ? "warn" : "error", "stripe_cancel_failed", { organizationId, type: error.type, code: error.code });
    if (!gone) throw new ApiError(502, "stripe_cancel_failed", STRIPE_CANCEL_FAILED);
  }
  // Said here too, in case the deletion that follows fails: the row shows what Stripe did.
  await db
    .update(subscriptions)
    .set({ subscriptionStatus: "canceled", endedAt: new Date(), updatedAt: new Date() })
    .where(eq(subscriptions.id, live.id));
  return true;
}
