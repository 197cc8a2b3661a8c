import { and, count, eq } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "../db/client";
import { teamMembers } from "../db/schema";
import type { AppConfig } from "../lib/config";

/**
 * The stripe package over fetch (Workers have no Node http). STRIPE_API_BASE points it
 * somewhere other than api.stripe.com — only the tests do that, at a local stand-in.
 */
export function stripeClient(config: AppConfig, secretKey: string): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 1,
    timeout: 15_000,
  };
  if (config.STRIPE_API_BASE) {
    const base = new URL(config.STRIPE_API_BASE);
    options.host = base.hostname;
    options.protocol = base.protocol === "http:" ? "http" : "https";
    if (base.port) options.port = Number(base.port);
  }
  return new Stripe(secretKey, options);
}

/** The salespeople an organization pays for: its active team members, at least one. */
export async function billableSalespeople(db: Database, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(teamMembers)
    .where(and(eq(teamMembers.organizationId, organizationId), eq(teamMembers.status, "active")));
  return Math.max(1, row?.n ?? 0);
}

export type CheckoutRequest = {
  organizationId: string;
  userId: string;
  email: string;
  priceId: string;
  quantity: number;
  origin: string;
};

/** A Stripe Checkout session for the Pro plan; the browser is sent to its url. */
export async function createCheckoutSession(stripe: Stripe, request: CheckoutRequest) {
  const metadata = {
    organizationId: request.organizationId,
    userId: request.userId,
    quantity: String(request.quantity),
  };
  return stripe.checkout.sessions.create({
    mode: "subscription",
    line_items: [{ price: request.priceId, quantity: request.quantity }],
    client_reference_id: request.organizationId,
    customer_email: request.email,
    metadata,
    // Copied onto the subscription, so its later events name the organization too.
    subscription_data: { metadata },
    success_url: `${request.origin}/dashboard?checkout=success`,
    cancel_url: `${request.origin}/dashboard?checkout=cancelled`,
  });
}

/**
 * A session of Stripe's customer portal (cancel, change card, invoices) for the organization's
 * Stripe customer; the browser is sent to its url and comes back to the dashboard's settings.
 */
export async function createPortalSession(stripe: Stripe, request: { customerId: string; origin: string }) {
  return stripe.billingPortal.sessions.create({
    customer: request.customerId,
    return_url: `${request.origin}/dashboard/settings?billing=returned`,
  });
}
