import { inArray, lt } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "../db/client";
import { auditLogs, emailOutbox, rateLimits } from "../db/schema";
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
  const cutoff = (days: number) => now - days * DAY_MS;
  const before = (days: number) => new Date(cutoff(days));
  // The oldest `limit` rows past their window, by the time index (D1 deletes have no LIMIT).
  const [emails, rateLimitRows, auditLogRows] = await db.batch([
    deleteOldest(
      db,
      emailOutbox,
      emailOutbox.id,
      emailOutbox.createdAt,
      before(OPERATIONAL_RETENTION_DAYS.emailOutbox),
      limit,
    ),
    deleteOldest(
      db,
      rateLimits,
      rateLimits.key,
      rateLimits.windowStart,
      cutoff(OPERATIONAL_RETENTION_DAYS.rateLimits),
      limit,
    ),
    deleteOldest(db, auditLogs, auditLogs.id, auditLogs.createdAt, before(OPERATIONAL_RETENTION_DAYS.auditLogs), limit),
  ]);
  const changes = (result: D1Result) => result.meta.changes ?? 0;
  return { emails: changes(emails), rateLimits: changes(rateLimitRows), auditLogs: changes(auditLogRows) };
}

/** Deletes the `limit` oldest rows of `table` whose `time` is before `cutoff`, by `key`. */
function deleteOldest<Table extends SQLiteTable>(
  db: Database,
  table: Table,
  key: SQLiteColumn,
  time: SQLiteColumn,
  cutoff: Date | number,
  limit: number,
) {
  const oldest = db.select({ key }).from(table).where(lt(time, cutoff)).orderBy(time).limit(limit);
  return db.delete(table).where(inArray(key, oldest));
}
