import { eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import Stripe from "stripe";
import { qualified } from "../db/aggregates";
import { runBatch } from "../db/batch";
import type { Database } from "../db/client";
import { auditLogs, organizations, stripeEvents, subscriptions } from "../db/schema";
import { log } from "../lib/log";
import type { StripeEventOutcome } from "../shared/billing";
import { PAID_SUBSCRIPTION_STATUSES } from "../shared/plan-access";

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

export type WebhookOutcome = StripeEventOutcome | "duplicate";

/** What a subscription event says about how it ends; a checkout event says nothing of it. */
type Ending = { cancelAtPeriodEnd: boolean; cancelAt: Date | null; endedAt: Date | null };

type SubscriptionChange = {
  /** null: the event names no organization we can find (its subscription is unknown to us). */
  organizationId: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  status: string;
  salespersonCount: number | null;
  currentPeriodEnd: Date | null;
  ending: Ending | null;
};

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);
const dateOf = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * A subscription's life in order. Two events with the same `created` second are told apart
 * by it: the later stage wins, so a cancellation is never undone by a same-second "active"
 * (issue 22 §7). An unknown status ranks first.
 */
export const SUBSCRIPTION_STATUS_ORDER = [
  "incomplete",
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "paused",
  "incomplete_expired",
  "canceled",
] as const;

function statusRank(status: SQLWrapper): SQL<number> {
  const cases = SUBSCRIPTION_STATUS_ORDER.map((name, rank) => sql`when ${name} then ${rank}`);
  return sql<number>`(case ${status} ${sql.join(cases, sql` `)} else -1 end)`;
}

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
      if (session.mode !== "subscription") return null;
      const quantity = Number(session.metadata?.quantity);
      return {
        organizationId: session.client_reference_id ?? session.metadata?.organizationId ?? null,
        stripeCustomerId: idOf(session.customer),
        stripeSubscriptionId: idOf(session.subscription),
        status: session.payment_status === "unpaid" ? "incomplete" : "active",
        salespersonCount: Number.isInteger(quantity) && quantity > 0 ? quantity : null,
        currentPeriodEnd: null,
        ending: null,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const item = subscription.items?.data?.[0];
      const deleted = event.type === "customer.subscription.deleted";
      return {
        organizationId: await organizationForSubscription(db, subscription),
        stripeCustomerId: idOf(subscription.customer),
        stripeSubscriptionId: subscription.id,
        status: deleted ? "canceled" : subscription.status,
        salespersonCount: item?.quantity ?? null,
        currentPeriodEnd: dateOf(item?.current_period_end),
        ending: {
          cancelAtPeriodEnd: deleted ? false : Boolean(subscription.cancel_at_period_end),
          cancelAt: dateOf(subscription.cancel_at),
          endedAt: dateOf(subscription.ended_at) ?? (deleted ? new Date(event.created * 1000) : null),
        },
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
 * Stripe's next delivery. Events are applied in Stripe's order (`created`): an older one
 * than the newest applied changes nothing, and on the same second the later stage of a
 * subscription's life wins (SUBSCRIPTION_STATUS_ORDER); our own writes to the row do not
 * count. An event for an organization that no longer exists (the operator deleted it) is
 * kept as "orphaned" and written to the audit log, where the console shows it.
 */
export async function applyStripeEvent(db: Database, event: Stripe.Event): Promise<WebhookOutcome> {
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return "duplicate";

  const change = await changeFor(db, event);
  const [organization] = change?.organizationId
    ? await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, change.organizationId))
    : [];
  const outcome: StripeEventOutcome = !change ? "ignored" : organization ? "applied" : "orphaned";

  const statements: BatchItem<"sqlite">[] = [
    db.insert(stripeEvents).values({
      id: event.id,
      type: event.type,
      outcome,
      organizationId: change?.organizationId ?? null,
      stripeSubscriptionId: change?.stripeSubscriptionId ?? null,
    }),
  ];
  if (change && outcome === "orphaned") {
    log("warn", "stripe_event_orphaned", { type: event.type, organizationId: change.organizationId });
    statements.push(
      db.insert(auditLogs).values({
        id: crypto.randomUUID(),
        actorUserId: null,
        actorEmail: null,
        action: "billing.stripe_event_orphaned",
        targetType: "organization",
        targetId: change.organizationId,
        organizationId: change.organizationId,
        details: {
          eventId: event.id,
          type: event.type,
          status: change.status,
          stripeSubscriptionId: change.stripeSubscriptionId,
          stripeCustomerId: change.stripeCustomerId,
          reason: change.organizationId
            ? "The organization no longer exists (deleted)."
            : "The subscription names no organization we know.",
        },
        createdAt: new Date(),
      }),
    );
  }
  if (change?.organizationId && outcome === "applied") {
    const organizationId = change.organizationId;
    const eventTime = new Date(event.created * 1000);
    const values = {
      stripeCustomerId: change.stripeCustomerId,
      stripeSubscriptionId: change.stripeSubscriptionId,
      subscriptionStatus: change.status,
      ...(change.salespersonCount === null ? {} : { currentSalespersonCount: change.salespersonCount }),
      ...(change.currentPeriodEnd === null ? {} : { currentPeriodEnd: change.currentPeriodEnd }),
      ...(change.ending ?? {}),
      stripeEventAt: eventTime,
      updatedAt: new Date(),
    };
    statements.push(
      db
        .insert(subscriptions)
        .values({ id: crypto.randomUUID(), organizationId, ...values })
        .onConflictDoUpdate({
          target: subscriptions.organizationId,
          set: values,
          // Stripe's order, not ours: a row never touched by an event takes any event; on a
          // tie, the status further along a subscription's life.
          setWhere: sql`coalesce(${subscriptions.stripeEventAt}, 0) < ${eventTime.getTime()}
            or (${subscriptions.stripeEventAt} = ${eventTime.getTime()}
              and ${statusRank(subscriptions.subscriptionStatus)} <= ${statusRank(sql`${change.status}`)})`,
        }),
    );
    // The organization's tier follows the subscription row as it stands after the upsert
    // (a stale event changed nothing there, so it changes nothing here either).
    const paying = sql`exists (select 1 from ${subscriptions} where ${qualified(subscriptions.organizationId)} = ${qualified(organizations.id)} and ${qualified(subscriptions.subscriptionStatus)} in (${sql.join(
      PAID_SUBSCRIPTION_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )}))`;
    statements.push(
      db
        .update(organizations)
        .set({
          subscriptionTier: sql`case when ${paying} then 'professional' else 'basic' end`,
          updatedAt: new Date(),
        })
        .where(eq(organizations.id, organizationId)),
    );
  }

  try {
    await runBatch(db, statements);
  } catch (error) {
    if (isUniqueViolation(error)) return "duplicate";
    throw error;
  }
  return outcome;
}
