import type { Database } from "../db/client";
import type { DeliveryChannel } from "../shared/notifications";
import { recordDeliveries } from "./deliveries";
import type { DeliveryRef, Notice, NotifyMessage } from "./messages";

/**
 * Producing to the notifications queue. Deliveries are recorded first (so the console
 * sees them queued), then each one not yet delivered is enqueued; enqueueing the same
 * delivery twice is harmless, the consumer sends it once. A message holds ids only.
 */
export type NotifyQueue = Pick<Queue<NotifyMessage>, "send" | "sendBatch">;

export const notifyQueue = (env: { NOTIFY_QUEUE: Queue }) => env.NOTIFY_QUEUE as NotifyQueue;

/** Messages are a few hundred bytes; a batch may hold 100. */
const BATCH = 50;

/** `{what}:{channel}` or `{what}:{channel}:{key}`: e.g. `alert:{checkIn}:email:{admin}`, `alert:{checkIn}:slack`. */
export const deliveryId = (what: string, channel: DeliveryChannel, key?: string) =>
  key ? `${what}:${channel}:${key}` : `${what}:${channel}`;

export type Send = { delivery: DeliveryRef; notice: Notice };

export async function enqueueSends(queue: NotifyQueue, db: Database, sends: readonly Send[]): Promise<number> {
  return (await enqueueOpenSends(queue, db, sends)).length;
}

/** `enqueueSends`, answering the ids it enqueued (the others were delivered already). */
export async function enqueueOpenSends(queue: NotifyQueue, db: Database, sends: readonly Send[]): Promise<string[]> {
  const open = await recordDeliveries(
    db,
    sends.map((s) => s.delivery),
  );
  const pending = sends.filter((s) => open.has(s.delivery.id));
  for (let i = 0; i < pending.length; i += BATCH) {
    await queue.sendBatch(
      pending.slice(i, i + BATCH).map((s) => ({ body: { type: "send" as const, ...s }, contentType: "json" as const })),
    );
  }
  return pending.map((s) => s.delivery.id);
}

/** A check-in completed (called once its D1 batch has landed): its alerts are fanned out by the consumer. */
export async function enqueueCompletionAlerts(
  env: { NOTIFY_QUEUE: Queue },
  organizationId: string,
  checkInId: string,
): Promise<void> {
  await notifyQueue(env).send({ type: "alerts", organizationId, checkInId }, { contentType: "json" });
}
