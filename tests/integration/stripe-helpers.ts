import { env } from "cloudflare:workers";
import Stripe from "stripe";
import { requestWithEnv } from "./helpers";
import { type RecordedRequest, stripeForm } from "./vars";

/**
 * Stripe for the integration tests: the bindings that point the real stripe client at the
 * stand-in (tests/fixtures/servers/stripe.ts), signed webhook deliveries, and events shaped
 * as Stripe sends them.
 */
export const WEBHOOK_SECRET = "whsec_test_undertone";
export const STRIPE = {
  STRIPE_SECRET_KEY: "sk_test_undertone",
  STRIPE_PRICE_ID: "price_per_salesperson",
  STRIPE_API_BASE: env.STRIPE_STANDIN_URL,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
} satisfies Record<string, string>;

/** A signed-in request with Stripe configured. */
export function requestWithStripe(
  account: { cookie: string },
  path: string,
  init: RequestInit = {},
  bindings: Record<string, string> = STRIPE,
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("cookie", account.cookie);
  if (init.body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  return requestWithEnv(path, bindings, { ...init, headers });
}

export async function stripeRequests(filter: (request: RecordedRequest) => boolean): Promise<RecordedRequest[]> {
  const all = (await (await fetch(`${env.STRIPE_STANDIN_URL}/__requests`)).json()) as RecordedRequest[];
  return all.filter(filter);
}
export { stripeForm };

export const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });

export const deliver = (payload: string, signature: string | null, bindings: Partial<Env> = {}) =>
  requestWithEnv(
    "/api/stripe/webhook",
    { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, ...bindings },
    {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      body: payload,
    },
  );

/** Signs and delivers; the webhook's `outcome`. */
export async function deliverSigned(payload: string): Promise<string> {
  const response = await deliver(payload, await sign(payload));
  if (response.status !== 200) throw new Error(`webhook answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { outcome: string }).outcome;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);
export const subscriptionIdOf = (organizationId: string) => `sub_${organizationId.slice(0, 8)}`;

export const checkoutCompleted = (
  organizationId: string,
  options: { id?: string; created?: number; customer?: string; subscription?: string } = {},
) =>
  JSON.stringify({
    id: options.id ?? `evt_${crypto.randomUUID()}`,
    object: "event",
    type: "checkout.session.completed",
    created: options.created ?? nowSeconds(),
    data: {
      object: {
        id: "cs_test_1",
        object: "checkout.session",
        mode: "subscription",
        payment_status: "paid",
        client_reference_id: organizationId,
        customer: options.customer ?? "cus_123",
        subscription: options.subscription ?? subscriptionIdOf(organizationId),
        metadata: { organizationId, quantity: "4" },
      },
    },
  });

export const subscriptionEvent = (
  type: string,
  organizationId: string,
  status: string,
  created: number,
  options: {
    quantity?: number;
    cancelAtPeriodEnd?: boolean;
    cancelAt?: number | null;
    endedAt?: number | null;
    subscription?: string;
    metadata?: Record<string, string>;
  } = {},
) =>
  JSON.stringify({
    id: `evt_${crypto.randomUUID()}`,
    object: "event",
    type,
    created,
    data: {
      object: {
        id: options.subscription ?? subscriptionIdOf(organizationId),
        object: "subscription",
        customer: "cus_123",
        status,
        cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
        cancel_at: options.cancelAt ?? null,
        ended_at: options.endedAt ?? null,
        metadata: options.metadata ?? { organizationId },
        items: {
          object: "list",
          data: [{ id: "si_1", quantity: options.quantity ?? 5, current_period_end: created + 30 * 86400 }],
        },
      },
    },
  });

export const subscriptionRow = (organizationId: string) =>
  env.DB.prepare(
    "select subscription_status, current_salesperson_count, stripe_customer_id, stripe_subscription_id, current_period_end, cancel_at_period_end, cancel_at, ended_at from subscriptions where organization_id = ?",
  )
    .bind(organizationId)
    .first();
