/**
 * Spec 1 §4: profile fetch errors mentioning timeout, network or connection are retried up
 * to 2 times (after 1 s, then 2 s); other errors are not.
 */
export const PROFILE_RETRIES = 2;

export function isConnectivityError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "TimeoutError" || error.name === "AbortError") return true;
  return /time(d)?\s?out|network|connection|failed to fetch|load failed/i.test(error.message);
}

export function shouldRetryProfile(failureCount: number, error: unknown): boolean {
  return failureCount < PROFILE_RETRIES && isConnectivityError(error);
}

/** attempt 0 → 1 s, attempt 1 → 2 s. */
export function profileRetryDelay(attemptIndex: number): number {
  return 1000 * 2 ** attemptIndex;
}
