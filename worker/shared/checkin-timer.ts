/**
 * The check-in's timer and reconnect rules, which both the Durable Object and the page need
 * (spec 2 §2, §4, §9); the conversation's own rules are worker/checkin/rules.ts. Pure
 * functions, no I/O.
 */

/** Spec 2 §9: the mandatory closing message fires at 95 % of the target time. */
export const CLOSING_PROGRESS = 0.95;
/** Spec 2 §9: completion is marked 4 seconds after the closing message. */
export const COMPLETION_DELAY_MS = 4000;
/** Spec 2 §9: the emergency limit shown at 105 %. */
export const EMERGENCY_PROGRESS = 1.05;
/** Spec 2 §9: unsent work (messages on the page, D1 writes in the object) retried every 5 s. */
export const SYNC_RETRY_MS = 5000;

export const TIMER_TEXTS = {
  start: "Just getting started",
  progress: "Great progress",
  conclude: "will naturally conclude",
  wrapping: "wrapping up",
  emergency: "Emergency time limit reached",
} as const;

/** Progress of the target time as a fraction (0.5 = half-way), never negative. */
export function progressOf(elapsedMs: number, targetMs: number): number {
  if (targetMs <= 0) return 1;
  return Math.max(0, elapsedMs) / targetMs;
}

/**
 * The timer bar's text by progress (spec 2 §2): < 25 % 'Just getting started'; 25 to < 75
 * 'Great progress'; 75 to < 98 'will naturally conclude'; 98 to < 105 'wrapping up';
 * 105 or more 'Emergency time limit reached'.
 */
export function timerText(progress: number): string {
  const percent = progress * 100;
  if (percent < 25) return TIMER_TEXTS.start;
  if (percent < 75) return TIMER_TEXTS.progress;
  if (percent < 98) return TIMER_TEXTS.conclude;
  if (percent < 105) return TIMER_TEXTS.wrapping;
  return TIMER_TEXTS.emergency;
}

/** "m:ss" for the timer bar. */
export function formatClock(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/** The page's reconnect delays: 0.5 s doubling to 10 s, with up to 30 % jitter so tabs don't stampede. */
export function reconnectDelayMs(attempt: number, random = Math.random()): number {
  const base = Math.min(10_000, 500 * 2 ** Math.max(0, attempt));
  return Math.round(base * (1 + 0.3 * random));
}
