import { createDb, type Database, platformOf } from "../db/client";
import { systemSignals } from "../db/schema";
import type { SystemSignalName } from "../shared/console/system";
import { log } from "./log";

/**
 * The last success and failure of what runs on its own, one system_signals row each: the
 * operator's system status reads them (worker/admin/system.ts) instead of constants. A
 * signal is bookkeeping: recording one never throws into the work it describes.
 */
export async function recordSignal(
  anyDb: Database,
  name: SystemSignalName,
  ok: boolean,
  /** What to say about it; undefined keeps what the last one said (a failure's reason). */
  detail: string | null | undefined,
  at = Date.now(),
): Promise<void> {
  const db = platformOf(anyDb);
  const when = new Date(at);
  const outcome = ok ? { lastSuccessAt: when } : { lastFailureAt: when };
  const said = detail === undefined ? {} : { lastDetail: detail?.slice(0, 300) ?? null };
  const values = { ...outcome, ...said, updatedAt: when };
  try {
    await db
      .insert(systemSignals)
      .values({ name, ...values })
      .onConflictDoUpdate({ target: systemSignals.name, set: values });
  } catch (error) {
    // The class only (errorName): a provider's message may quote a key or a prompt.
    log("error", "system_signal_failed", { name, errorType: errorName(error) });
  }
}

/** An error said without its message (a provider's message may quote a key or a prompt). */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return "unknown error";
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" ? `${error.name} (HTTP ${status})` : error.name;
}

/**
 * Per isolate, when each outcome was last written: a check-in calls the provider on every
 * message, and the status needs only "lately". Successes are written at most once a minute,
 * failures every 10 s.
 */
const lastWritten = { ok: 0, failed: 0 };
const THROTTLE_MS = { ok: 60_000, failed: 10_000 };

/**
 * The AI provider's outcome, called where the provider is called (the check-in's reply; any
 * other call site may call it too). Only the configured LLM counts: the embedded interviewer
 * cannot fail. Returns a promise for `waitUntil`; it never rejects.
 */
export function recordProviderOutcome(env: { DB: D1Database }, ok: boolean, error?: unknown): Promise<void> {
  const key = ok ? "ok" : "failed";
  const now = Date.now();
  if (now - lastWritten[key] < THROTTLE_MS[key]) return Promise.resolve();
  lastWritten[key] = now;
  return recordSignal(createDb(env.DB), "ai_provider", ok, ok ? undefined : errorName(error), now);
}

/** Tests only: forget the throttle, so each recorded outcome is written. */
export function resetProviderOutcomeThrottle() {
  lastWritten.ok = 0;
  lastWritten.failed = 0;
}
