import { eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Stripe from "stripe";
import { runBatch } from "../db/batch";
import type { Database } from "../db/client";
import { organizations, stripeEvents, subscriptions } from "../db/schema";

/** Verifies the Stripe-Signature header over the raw body (Web Crypto: no Node crypto needed). */
export function verifyStripeEvent(payload: string, signature: string, secret: string): Promise<Stripe.Event> {
  return Stripe.webhooks.constructEventAsync(
    payload,
    signature,
    secret,
    undefined,
    Stripe.createSubtleCryptoProvider(),
  );
}

export type WebhookOutcome = "applied" | "ignored" | "duplicate";

type SubscriptionChange = {
  organizationId: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  status: string;
  salespersonCount: number | null;
  currentPeriodEnd: Date | null;
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

async function organizationForSubscription(db: Database, subscription: Stripe.Subscription): Promise<string | null> {
  const fromMetadata = subscription.metadata?.organizationId;
  if (fromMetadata) return fromMetadata;
  const [row] = await db
    .select({ organizationId: subscriptions.organizationId })
    .from(subscriptions)
    .where(eq(subscriptions.stripeSubscriptionId, subscription.id));
  return row?.organizationId ?? null;
}

async function changeFor(db: Database, event: Stripe.Event): Promise<SubscriptionChange | null> {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const organizationId = session.client_reference_id ?? session.metadata?.organizationId;
      if (!organizationId || session.mode !== "subscription") return null;
      const quantity = Number(session.metadata?.quantity);
      return {
        organizationId,
        stripeCustomerId: idOf(session.customer),
        stripeSubscriptionId: idOf(session.subscription),
        status: session.payment_status === "unpaid" ? "incomplete" : "active",
        salespersonCount: Number.isInteger(quantity) && quantity > 0 ? quantity : null,
        currentPeriodEnd: null,
      };
    }
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const organizationId = await organizationForSubscription(db, subscription);
      if (!organizationId) return null;
      const item = subscription.items?.data?.[0];
      return {
        organizationId,
        stripeCustomerId: idOf(subscription.customer),
        stripeSubscriptionId: subscription.id,
        status: event.type === "customer.subscription.deleted" ? "canceled" : subscription.status,
        salespersonCount: item?.quantity ?? null,
        currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
      };
    }
    default:
      return null;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error);
  return /UNIQUE constraint failed: stripe_events\.id/i.test(text);
}

/**
 * Applies one verified event exactly once. The event id is recorded in the same atomic
 * batch as the change it causes, so ten concurrent deliveries of one event change state
 * once (the other nine hit the unique id and roll back), and a failed write is retried by
 * Stripe's next delivery. An event older (by Stripe's own `created`) than the newest one
 * applied to the row is not applied; our own writes to the row do not count.
 */
export async function applyStripeEvent(db: Database, event: Stripe.Event): Promise<WebhookOutcome> {
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return "duplicate";

  const change = await changeFor(db, event);
  const statements: BatchItem<"sqlite">[] = [db.insert(stripeEvents).values({ id: event.id, type: event.type })];
  let outcome: WebhookOutcome = "ignored";
  if (change) {
    const [organization] = await db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, change.organizationId));
    if (organization) {
      outcome = "applied";
      const eventTime = new Date(event.created * 1000);
      const values = {
        stripeCustomerId: change.stripeCustomerId,
        stripeSubscriptionId: change.stripeSubscriptionId,
        subscriptionStatus: change.status,
        ...(change.salespersonCount === null ? {} : { currentSalespersonCount: change.salespersonCount }),
        ...(change.currentPeriodEnd === null ? {} : { currentPeriodEnd: change.currentPeriodEnd }),
        stripeEventAt: eventTime,
        updatedAt: new Date(),
      };
      statements.push(
        db
          .insert(subscriptions)
          .values({ id: crypto.randomUUID(), organizationId: change.organizationId, ...values })
          .onConflictDoUpdate({
            target: subscriptions.organizationId,
            set: values,
            // Stripe's order, not ours: a row never touched by an event takes any event.
            setWhere: sql`coalesce(${subscriptions.stripeEventAt}, 0) <= ${eventTime.getTime()}`,
          }),
      );
      // The organization's plan follows the subscription row as it stands after the upsert
      // (a stale event changed nothing there, so it changes nothing here either).
      const paying = sql`exists (select 1 from ${subscriptions} where ${subscriptions.organizationId} = ${organizations.id} and ${subscriptions.subscriptionStatus} in ('active', 'trialing'))`;
      statements.push(
        db
          .update(organizations)
          .set({
            subscriptionTier: sql`case when ${paying} then 'professional' else 'basic' end`,
            status: sql`case when ${paying} and ${organizations.status} = 'trial' then 'active' else ${organizations.status} end`,
            updatedAt: new Date(),
          })
          .where(eq(organizations.id, change.organizationId)),
      );
    }
  }

  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
  return outcome;
}
