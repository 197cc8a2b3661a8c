import { and, eq, inArray } from "drizzle-orm";
import { billableSalespeople, stripeClient } from "../billing/stripe";
import { type Database, platformOf } from "../db/client";
import { subscriptions } from "../db/schema";
import type { AppConfig } from "../lib/config";
import { log } from "../lib/log";
import { PRO_SUBSCRIPTION_STATUSES } from "./plan";

export type QuantitySync = "synced" | "unchanged" | "not_applicable" | "failed";

/**
 * Keeps a Pro organization's Stripe subscription quantity equal to its billable
 * salespeople (active team members, at least one). Called after every team change; the
 * local count is written only once Stripe accepted the new quantity, so a failed call
 * leaves the two different and the Cron run tries again (`reconcileQuantities`).
 */
export async function syncSubscriptionQuantity(
  db: Database,
  config: AppConfig,
  organizationId: string,
): Promise<QuantitySync> {
  const platform = platformOf(db);
  const [subscription] = await platform
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        inArray(subscriptions.subscriptionStatus, [...PRO_SUBSCRIPTION_STATUSES]),
      ),
    );
  if (!subscription?.stripeSubscriptionId || !config.STRIPE_SECRET_KEY) return "not_applicable";
  const quantity = await billableSalespeople(db, organizationId);
  if (quantity === subscription.currentSalespersonCount) return "unchanged";
  try {
    const stripe = stripeClient(config, config.STRIPE_SECRET_KEY);
    const remote = await stripe.subscriptions.retrieve(subscription.stripeSubscriptionId);
    const item = remote.items.data[0];
    if (!item) throw new Error("subscription has no items");
    if (item.quantity !== quantity) {
      await stripe.subscriptions.update(subscription.stripeSubscriptionId, {
        items: [{ id: item.id, quantity }],
        proration_behavior: "create_prorations",
      });
    }
    await platform
      .update(subscriptions)
      .set({ currentSalespersonCount: quantity, updatedAt: new Date() })
      .where(eq(subscriptions.id, subscription.id));
    return "synced";
  } catch (error) {
    log("error", "stripe_quantity_sync_failed", { organizationId, error });
    return "failed";
  }
}
