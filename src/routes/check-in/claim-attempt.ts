/**
 * The page's claim attempt for this check-in: random, kept for the tab's life, so a claim
 * repeated after a lost answer is recognised as the same browser's (README → Chat ownership).
 */
export function claimAttempt(checkInId: string): string {
  const key = `undertone:checkin-attempt:${checkInId}`;
  try {
    const kept = window.sessionStorage.getItem(key);
    if (kept && /^[\w-]{43}$/.test(kept)) return kept;
  } catch {
    // storage unavailable: a new attempt for this load
  }
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const attempt = btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
  try {
    window.sessionStorage.setItem(key, attempt);
  } catch {
    // kept in memory only
  }
  return attempt;
}
