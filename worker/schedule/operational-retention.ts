import type { Database } from "../db/client";
import { DAY_MS } from "../shared/time";

/**
 * Retention for the app's own records, which hold addresses and emails (README → Data
 * retention, and the Privacy Policy): the email log after 30 days, rate-limit counters
 * 2 days after their window opened (the longest rule, the sign-in back-off, forgets after
 * a day), the operators' audit log after a year. Each statement walks an index in time
 * order and is bounded; what is left goes in the next day's run.
 */
export const OPERATIONAL_RETENTION_DAYS = { emailOutbox: 30, rateLimits: 2, auditLogs: 365 } as const;

export type OperationalRetentionReport = { emails: number; rateLimits: number; auditLogs: number };

export async function pruneOperationalRecords(
  db: Database,
  now: number,
  limit: number,
): Promise<OperationalRetentionReport> {
  const d1 = db.$client;
  const cutoff = (days: number) => now - days * DAY_MS;
  const [emails, rateLimits, auditLogs] = await d1.batch([
    d1
      .prepare(
        `delete from email_outbox where id in (select id from email_outbox where created_at < ?1 order by created_at limit ${limit})`,
      )
      .bind(cutoff(OPERATIONAL_RETENTION_DAYS.emailOutbox)),
    d1
      .prepare(
        `delete from rate_limits where key in (select key from rate_limits where window_start < ?1 order by window_start limit ${limit})`,
      )
      .bind(cutoff(OPERATIONAL_RETENTION_DAYS.rateLimits)),
    d1
      .prepare(
        `delete from audit_logs where id in (select id from audit_logs where created_at < ?1 order by created_at limit ${limit})`,
      )
      .bind(cutoff(OPERATIONAL_RETENTION_DAYS.auditLogs)),
  ]);
  const changes = (result: D1Result | undefined) => result?.meta.changes ?? 0;
  return { emails: changes(emails), rateLimits: changes(rateLimits), auditLogs: changes(auditLogs) };
}
