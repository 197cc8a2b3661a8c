import { inArray, lt } from "drizzle-orm";
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
    db.delete(emailOutbox).where(
      inArray(
        emailOutbox.id,
        db
          .select({ id: emailOutbox.id })
          .from(emailOutbox)
          .where(lt(emailOutbox.createdAt, before(OPERATIONAL_RETENTION_DAYS.emailOutbox)))
          .orderBy(emailOutbox.createdAt)
          .limit(limit),
      ),
    ),
    db.delete(rateLimits).where(
      inArray(
        rateLimits.key,
        db
          .select({ key: rateLimits.key })
          .from(rateLimits)
          .where(lt(rateLimits.windowStart, cutoff(OPERATIONAL_RETENTION_DAYS.rateLimits)))
          .orderBy(rateLimits.windowStart)
          .limit(limit),
      ),
    ),
    db.delete(auditLogs).where(
      inArray(
        auditLogs.id,
        db
          .select({ id: auditLogs.id })
          .from(auditLogs)
          .where(lt(auditLogs.createdAt, before(OPERATIONAL_RETENTION_DAYS.auditLogs)))
          .orderBy(auditLogs.createdAt)
          .limit(limit),
      ),
    ),
  ]);
  const changes = (result: D1Result) => result.meta.changes ?? 0;
  return { emails: changes(emails), rateLimits: changes(rateLimitRows), auditLogs: changes(auditLogRows) };
}
