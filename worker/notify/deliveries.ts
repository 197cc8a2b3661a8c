import { and, eq, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { notificationDeliveries } from "../db/schema";
import type { DeliveryChannel } from "../shared/notifications";
import type { DeliveryRef } from "./messages";

/**
 * The delivery record: one row per idempotency key, written before the message is
 * enqueued and moved along by the consumer. The lease (`claimed_at`) lets only one copy
 * of a message send at a time; `delivered` is final, so a copy arriving later is a no-op.
 */
const LEASE_MS = 60_000;

/**
 * Records deliveries about to be enqueued; an id already recorded keeps its row. Returns the
 * ids not yet delivered. One D1 batch (one round trip) for the inserts and the reads back.
 */
export async function recordDeliveries(db: Database, refs: readonly DeliveryRef[]): Promise<Set<string>> {
  if (refs.length === 0) return new Set();
  const inserts: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < refs.length; i += 10) {
    inserts.push(
      db
        .insert(notificationDeliveries)
        .values(
          refs.slice(i, i + 10).map((ref) => ({
            id: ref.id,
            organizationId: ref.organizationId,
            kind: ref.kind,
            // The channel's own id; the one that delivered replaces it (a fallback) in markDelivered.
            channel: ref.channel,
            recipient: ref.target.display ?? ref.target.address,
            subject: ref.label,
          })),
        )
        .onConflictDoNothing(),
    );
  }
  const reads = [];
  for (let i = 0; i < refs.length; i += 50) {
    const ids = refs.slice(i, i + 50).map((ref) => ref.id);
    reads.push(
      db
        .select({ id: notificationDeliveries.id })
        .from(notificationDeliveries)
        .where(and(inArray(notificationDeliveries.id, ids), ne(notificationDeliveries.status, "delivered"))),
    );
  }
  const [first, ...rest] = [...inserts, ...reads];
  if (!first) return new Set();
  const answers = await db.batch([first, ...rest]);
  const open = new Set<string>();
  for (const rows of answers.slice(inserts.length) as { id: string }[][]) for (const row of rows) open.add(row.id);
  return open;
}

export type Claim = "claimed" | "delivered" | "busy";

/** Takes the lease for one attempt (recording the row first if the message outran it). */
export async function claimDelivery(db: Database, ref: DeliveryRef, attempt: number, now: number): Promise<Claim> {
  await recordDeliveries(db, [ref]);
  const claimed = await db
    .update(notificationDeliveries)
    .set({ status: "sending", claimedAt: new Date(now), attempts: attempt, updatedAt: new Date(now) })
    .where(
      and(
        eq(notificationDeliveries.id, ref.id),
        ne(notificationDeliveries.status, "delivered"),
        or(isNull(notificationDeliveries.claimedAt), lt(notificationDeliveries.claimedAt, new Date(now - LEASE_MS))),
      ),
    )
    .returning({ id: notificationDeliveries.id });
  if (claimed.length > 0) return "claimed";
  const [row] = await db
    .select({ status: notificationDeliveries.status })
    .from(notificationDeliveries)
    .where(eq(notificationDeliveries.id, ref.id));
  return row?.status === "delivered" ? "delivered" : "busy";
}

export async function markDelivered(
  db: Database,
  id: string,
  outcome: { channel: DeliveryChannel; recipient: string },
  now: number,
) {
  await db
    .update(notificationDeliveries)
    .set({
      status: "delivered",
      channel: outcome.channel,
      recipient: outcome.recipient,
      deliveredAt: new Date(now),
      claimedAt: null,
      lastError: null,
      updatedAt: new Date(now),
    })
    .where(eq(notificationDeliveries.id, id));
}

/** A failed attempt: retrying (the queue brings it back later) or, after the last one, failed for good. */
export async function markAttemptFailed(db: Database, id: string, error: string, final: boolean, now: number) {
  await db
    .update(notificationDeliveries)
    .set({
      status: final ? "failed" : "retrying",
      lastError: error.slice(0, 300),
      claimedAt: null,
      updatedAt: new Date(now),
    })
    .where(and(eq(notificationDeliveries.id, id), ne(notificationDeliveries.status, "delivered")));
}

/** Nothing to send any more (the check-in closed before its invitation went): final, with the reason. */
export async function markNotSent(db: Database, id: string, reason: string, now: number) {
  await markAttemptFailed(db, id, `Not sent: ${reason}`, true, now);
}

/** Counts for the console's summary line. */
export async function deliveryCounts(db: Database) {
  const [row] = await db
    .select({
      delivered: sql<number>`coalesce(sum(case when ${notificationDeliveries.status} = 'delivered' then 1 else 0 end), 0)`,
      failed: sql<number>`coalesce(sum(case when ${notificationDeliveries.status} = 'failed' then 1 else 0 end), 0)`,
      total: sql<number>`count(*)`,
    })
    .from(notificationDeliveries);
  const delivered = Number(row?.delivered ?? 0);
  const failed = Number(row?.failed ?? 0);
  return { delivered, failed, pending: Number(row?.total ?? 0) - delivered - failed };
}
