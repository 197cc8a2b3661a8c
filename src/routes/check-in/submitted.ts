/**
 * This browser's note that it submitted a check-in (or confirmed its summary, which submits it
 * now or, should the confirmation be lost, when the summary's wait ends). The link answers a
 * submitted check-in as not found (spec 2 §5, DESIGN: the GET validates a pending one), so a
 * reload right after submitting would read like a broken link: with this note the page shows
 * the thank-you instead, without asking the server (its 404 would be an error in the console).
 * Only this browser holds it; any other device still gets not found.
 */
const PREFIX = "undertone:checkin-submitted:";
/** A note is kept this long; older ones are dropped when another is written. */
export const SUBMITTED_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** Remembers that this browser submitted the check-in (idempotent; the first time stands). */
export function rememberSubmitted(checkInId: string, now = Date.now()) {
  try {
    if (submittedHere(checkInId, now)) return;
    for (let index = localStorage.length - 1; index >= 0; index -= 1) {
      const key = localStorage.key(index);
      if (key?.startsWith(PREFIX) && !fresh(localStorage.getItem(key), now)) localStorage.removeItem(key);
    }
    localStorage.setItem(PREFIX + checkInId, String(now));
  } catch {
    // Private mode or a full quota: a reload then says "not found", as before.
  }
}

/** Whether this browser submitted the check-in (within SUBMITTED_KEPT_MS). */
export function submittedHere(checkInId: string, now = Date.now()): boolean {
  try {
    return fresh(localStorage.getItem(PREFIX + checkInId), now);
  } catch {
    return false;
  }
}

function fresh(value: string | null, now: number): boolean {
  const at = Number(value);
  return value !== null && Number.isFinite(at) && now - at < SUBMITTED_KEPT_MS;
}
