import Stripe from "stripe";
import { expect } from "vitest";
import type { E2EAccount } from "./auth.ts";
import { E2E_STRIPE } from "./vars.ts";

/** Stripe's side of billing for browser tests: signed webhook events, as the real client path receives them. */

/** A signed Stripe event delivered to the app's webhook, as Stripe would. */
export async function deliverStripeEvent(origin: string, event: object) {
  const payload = JSON.stringify(event);
  const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: E2E_STRIPE.webhookSecret,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  const response = await fetch(`${origin}/api/stripe/webhook`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}
export const seconds = () => Math.floor(Date.now() / 1000);
export const subscriptionOf = (organizationId: string) => `sub_${organizationId.replaceAll("-", "").slice(0, 12)}`;

/** The admin's organization pays for Pro: the checkout's completion reaches the webhook. */
export async function becomePro(origin: string, admin: E2EAccount, customer: string) {
  const organizationId = admin.organizationId ?? "";
  await deliverStripeEvent(origin, {
    id: `evt_${crypto.randomUUID()}`,
    object: "event",
    type: "checkout.session.completed",
    created: seconds() - 5,
    data: {
      object: {
        object: "checkout.session",
        mode: "subscription",
        payment_status: "paid",
        client_reference_id: organizationId,
        customer,
        subscription: subscriptionOf(organizationId),
        metadata: { organizationId, quantity: "2" },
      },
    },
  });
}
