import { and, count, eq, gte, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { emailOutbox, notificationDeliveries, systemSignals } from "../db/schema";
import {
  DELIVERY_FAILURE_WINDOW_MS,
  type HealthCheck,
  SCHEDULE_STALE_AFTER_MS,
  type SystemSignalName,
} from "../shared/console/system";
import { plural } from "../shared/plural";

/**
 * The Overview's system status from real signals (issue 25 §7): the database answered, the
 * last scheduled run happened within 30 minutes and succeeded, no email or queue delivery
 * failed in the last hour, and the AI provider's latest outcome is a success. The rule is
 * pure (`healthChecks`); `readHealthSignals` reads what it needs in one batch (and the shards' failed deliveries).
 */
export type Signal = { lastSuccessAt: number | null; lastFailureAt: number | null; lastDetail: string | null };
export type HealthSignals = {
  databaseReachable: boolean;
  databaseLatencyMs: number;
  schedule: Signal | null;
  ai: Signal | null;
  aiConfigured: boolean;
  emailFailures: number;
  queueFailures: number;
};

/** "just now", "12 min ago", "3 h ago", "2 days ago". */
export function ago(at: number, now: number): string {
  const minutes = Math.floor(Math.max(0, now - at) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

const latest = (signal: Signal) => Math.max(signal.lastSuccessAt ?? 0, signal.lastFailureAt ?? 0);
const lastFailed = (signal: Signal) => (signal.lastFailureAt ?? 0) > (signal.lastSuccessAt ?? 0);

function scheduleCheck(signal: Signal | null, now: number): HealthCheck {
  const base = { id: "schedule", label: "Scheduled runs" } as const;
  if (!signal || latest(signal) === 0) return { ...base, ok: false, detail: "No scheduled run has been recorded" };
  const at = latest(signal);
  if (now - at > SCHEDULE_STALE_AFTER_MS) {
    return {
      ...base,
      ok: false,
      detail: `No scheduled run for ${ago(at, now).replace(" ago", "")} (every 15 min expected)`,
    };
  }
  if (lastFailed(signal)) {
    return { ...base, ok: false, detail: `Last run ${ago(at, now)}: ${signal.lastDetail ?? "it failed"}` };
  }
  return { ...base, ok: true, detail: `Last run ${ago(at, now)}: ${signal.lastDetail ?? "succeeded"}` };
}

function deliveriesCheck(emailFailures: number, queueFailures: number): HealthCheck {
  const base = { id: "deliveries", label: "Email and queue deliveries" } as const;
  const total = emailFailures + queueFailures;
  if (total === 0) return { ...base, ok: true, detail: "No delivery failed in the last hour" };
  const parts = [
    emailFailures > 0 ? `${emailFailures} ${plural(emailFailures, "email")}` : null,
    queueFailures > 0 ? `${queueFailures} queued ${plural(queueFailures, "notification")}` : null,
  ].filter(Boolean);
  return { ...base, ok: false, detail: `${parts.join(" and ")} failed in the last hour` };
}

function aiCheck(configured: boolean, signal: Signal | null, now: number): HealthCheck {
  const base = { id: "ai", label: "AI provider" } as const;
  if (!configured) return { ...base, ok: true, detail: "Embedded interviewer (offline): nothing to fail" };
  const success = signal?.lastSuccessAt ? `last success ${ago(signal.lastSuccessAt, now)}` : "no success yet";
  const failure = signal?.lastFailureAt
    ? `last failure ${ago(signal.lastFailureAt, now)}${signal.lastDetail ? ` (${signal.lastDetail})` : ""}`
    : "no failure";
  if (!signal || latest(signal) === 0) return { ...base, ok: true, detail: "Not called yet" };
  return { ...base, ok: !lastFailed(signal), detail: `${success}; ${failure}` };
}

export function healthChecks(signals: HealthSignals, now: number): HealthCheck[] {
  return [
    {
      id: "database",
      label: "Database",
      ok: signals.databaseReachable,
      detail: signals.databaseReachable ? `Answered in ${signals.databaseLatencyMs} ms` : "Did not answer",
    },
    scheduleCheck(signals.schedule, now),
    deliveriesCheck(signals.emailFailures, signals.queueFailures),
    aiCheck(signals.aiConfigured, signals.ai, now),
  ];
}

const toSignal = (row: typeof systemSignals.$inferSelect | undefined): Signal | null =>
  row
    ? {
        lastSuccessAt: row.lastSuccessAt?.getTime() ?? null,
        lastFailureAt: row.lastFailureAt?.getTime() ?? null,
        lastDetail: row.lastDetail,
      }
    : null;

/** A retrying delivery failed an attempt; a failed one gave up (dead-lettered). */
const queueFailuresSince = (db: Database, since: Date) =>
  db
    .select({ n: count().as("queue_failures") })
    .from(notificationDeliveries)
    .where(
      and(inArray(notificationDeliveries.status, ["failed", "retrying"]), gte(notificationDeliveries.updatedAt, since)),
    );

/**
 * The signals, in one batch of the platform database and one query per shard (deliveries are the
 * organizations' rows: worker/db/shards.ts); a database that does not answer is itself the signal.
 */
export async function readHealthSignals(
  db: Database,
  aiConfigured: boolean,
  now: number,
  shards: readonly Database[] = [db],
): Promise<HealthSignals> {
  const since = new Date(now - DELIVERY_FAILURE_WINDOW_MS);
  const started = Date.now();
  try {
    const [[signals, [email]], queues] = await Promise.all([
      db.batch([
        db.select().from(systemSignals),
        // An outbox row keeps no time of its failure: the failed ones created in the window.
        db
          .select({ n: count().as("email_failures") })
          .from(emailOutbox)
          .where(and(eq(emailOutbox.status, "failed"), gte(emailOutbox.createdAt, since))),
      ]),
      Promise.all(shards.map((shard) => queueFailuresSince(shard, since))),
    ]);
    const emailFailures = email?.n ?? 0;
    const queueFailures = queues.reduce((sum, [queue]) => sum + (queue?.n ?? 0), 0);
    const byName = (name: SystemSignalName) => toSignal(signals.find((row) => row.name === name));
    return {
      databaseReachable: true,
      databaseLatencyMs: Date.now() - started,
      schedule: byName("schedule"),
      ai: byName("ai_provider"),
      aiConfigured,
      emailFailures,
      queueFailures,
    };
  } catch {
    return {
      databaseReachable: false,
      databaseLatencyMs: Date.now() - started,
      schedule: null,
      ai: null,
      aiConfigured,
      emailFailures: 0,
      queueFailures: 0,
    };
  }
}
