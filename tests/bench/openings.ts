/**
 * When the load's conversations open, and what their openings cost the other chats' acks: pure
 * helpers of load.ts, kept apart so the unit tests can check them without its socket client.
 */
/** What of a load's result the count reads (load.ts `LoadResult`). */
type AckTimes = { ackMs: number[]; ackSentAt: number[]; openedAt: number[] };

const GOLDEN = 0.618_033_988_75;

/** The spread opening's delay after the send: a low-discrepancy fraction of the interval per (slot, conversation). */
export function spreadOpeningDelay(slot: number, conversation: number, intervalMs: number) {
  return (((slot * 50 + conversation) * GOLDEN) % 1) * intervalMs * 0.9;
}

/**
 * The acks slower than `thresholdMs`, and how many of them had a conversation of the same load
 * open while they waited (from `windowMs` before the send to the ack): how much of the tail a
 * check-in's start puts on other chats.
 */
export function slowAcksNearOpenings(run: AckTimes, thresholdMs: number, windowMs = 10) {
  const opened = [...run.openedAt].sort((a, b) => a - b);
  let slow = 0;
  let nearOpening = 0;
  run.ackMs.forEach((ms, i) => {
    if (ms <= thresholdMs) return;
    slow++;
    const sentAt = run.ackSentAt[i] ?? 0;
    if (opened.some((at) => at >= sentAt - windowMs && at <= sentAt + ms + windowMs)) nearOpening++;
  });
  return { slow, nearOpening };
}
