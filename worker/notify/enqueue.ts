import type { Database } from "../db/client";
import { recordDeliveries } from "./deliveries";
import type { DeliveryContent, DeliveryRef, NotifyMessage } from "./messages";

/**
 * Producing to the notifications queue. Deliveries are recorded first (so the console
 * sees them queued), then each one not yet delivered is enqueued; enqueueing the same
 * delivery twice is harmless, the consumer sends it once.
 */
export type NotifyQueue = Pick<Queue<NotifyMessage>, "send" | "sendBatch">;

export const notifyQueue = (env: { NOTIFY_QUEUE: Queue }) => env.NOTIFY_QUEUE as NotifyQueue;

/** Well inside a batch's 256 KB with digest-sized bodies. */
const BATCH = 8;

export async function enqueueSends(
  queue: NotifyQueue,
  db: Database,
  sends: readonly { delivery: DeliveryRef; content: DeliveryContent }[],
): Promise<number> {
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
  return pending.length;
}

/** A check-in completed (called once its D1 batch has landed): its alerts are fanned out by the consumer. */
export async function enqueueCompletionAlerts(
  env: { NOTIFY_QUEUE: Queue },
  organizationId: string,
  checkInId: string,
): Promise<void> {
  await notifyQueue(env).send({ type: "alerts", organizationId, checkInId }, { contentType: "json" });
}
