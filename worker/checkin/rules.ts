import { CLOSING_PROGRESS } from "../shared/checkin-timer";

/**
 * The check-in's own rules (spec 2 §4): closure and the clock, as plain functions; the
 * interview's rules (phases, repetition, pillar progress, the AI context) live in
 * worker/ai/interview-rules.ts and are re-exported here, so the object and the tests read
 * every conversation rule from one place.
 */
export * from "../ai/interview-rules";

/** Spec 2 §4: progress > 0.95 with 3 pillars explored and ≥ 4 questions, or ≥ 12 questions. */
export function closureReached(progress: number, pillarsExplored: number, questionsAsked: number): boolean {
  if (questionsAsked >= 12) return true;
  return progress > CLOSING_PROGRESS && pillarsExplored >= 3 && questionsAsked >= 4;
}

/**
 * Elapsed chat time from timestamps, never from ticks: from the first user message to now,
 * minus every pause (an open pause counts up to the moment it began).
 */
export function elapsedMs(
  timer: { startedAt: number | null; pausedAt: number | null; pausedTotalMs: number },
  now: number,
) {
  if (timer.startedAt === null) return 0;
  const end = timer.pausedAt ?? now;
  return Math.max(0, end - timer.startedAt - timer.pausedTotalMs);
}

/** When the closing alarm must fire: the moment elapsed time reaches 95 % of the target. */
export function closingDueAt(
  timer: { startedAt: number | null; pausedAt: number | null; pausedTotalMs: number },
  targetMs: number,
): number | null {
  if (timer.startedAt === null || timer.pausedAt !== null) return null;
  return timer.startedAt + timer.pausedTotalMs + Math.ceil(targetMs * CLOSING_PROGRESS);
}

/**
 * A pause stops the clock, but not for ever: a chat paused this long is closed and saved as
 * it stands, so an abandoned check-in still reaches the dashboard.
 */
export const MAX_PAUSE_MS = 30 * 60 * 1000;
