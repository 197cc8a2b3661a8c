import { and, eq, exists, inArray, lt, ne, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { resolvedAlert } from "../db/alert-status";
import type { Database } from "../db/client";
import {
  checkInMessages,
  checkIns,
  realTimeSentiment,
  riskAlerts,
  sentimentScores,
  userChallenges,
} from "../db/schema";
import { retentionCutoffs } from "../shared/schedule";

/**
 * Data retention (global settings). Raw data — transcripts and the per-pillar rows stored
 * before issue 26 (new check-ins keep neither in D1; the transcript's own period is applied by
 * its check-in object, worker/checkin/transcript-retention.ts) — goes
 * after rawDataDays; with anonymization on, blocker descriptions are cut to their theme
 * then too. Summaries — scores, blockers, resolved alerts and finished check-ins — go after
 * summaryDataDays. Every statement walks an index in time order and is bounded; whatever
 * is left goes in tomorrow's run.
 */
/** A blocker row has no id of its own (keyed by check-in and theme, drizzle/0019): a statement on one table names its rows by rowid. */
const rowid = sql`rowid`;

export async function applyRetention(
  db: Database,
  now: number,
  retention: { rawDataDays: number; summaryDataDays: number; enableAnonymization: boolean },
  limit: number,
) {
  const cutoffs = retentionCutoffs(now, retention);
  const [raw, summary] = [new Date(cutoffs.raw), new Date(cutoffs.summary)];
  const finished = (before: Date) =>
    and(inArray(checkIns.status, ["completed", "expired"]), lt(checkIns.expiresAt, before));
  /** Finished check-ins past the cut-off that still hold rows of `table` (so each run makes progress). */
  const finishedWith = (table: typeof checkInMessages | typeof realTimeSentiment) =>
    db
      .select({ id: checkIns.id })
      .from(checkIns)
      .where(and(finished(raw), exists(db.select({ one: sql`1` }).from(table).where(eq(table.checkInId, checkIns.id)))))
      .orderBy(checkIns.expiresAt)
      .limit(limit);
  /** The oldest rows of `table` older than the summary cut-off, `limit` of them. */
  const oldest = (table: SQLiteTable, id: SQLiteColumn | SQL, column: SQLiteColumn, where?: SQL) =>
    db
      .select({ id })
      .from(table)
      .where(and(where, lt(column, summary)))
      .orderBy(column)
      .limit(limit);
  const first = db
    .delete(checkInMessages)
    .where(and(inArray(checkInMessages.checkInId, finishedWith(checkInMessages)), lt(checkInMessages.timestamp, raw)));
  const statements: BatchItem<"sqlite">[] = [
    db
      .delete(realTimeSentiment)
      .where(
        and(
          inArray(realTimeSentiment.checkInId, finishedWith(realTimeSentiment)),
          lt(realTimeSentiment.recordedAt, raw),
        ),
      ),
    db
      .delete(sentimentScores)
      .where(
        inArray(
          sentimentScores.checkInId,
          oldest(sentimentScores, sentimentScores.checkInId, sentimentScores.recordedAt),
        ),
      ),
    db.delete(userChallenges).where(inArray(rowid, oldest(userChallenges, rowid, userChallenges.createdAt))),
    db.delete(riskAlerts).where(inArray(rowid, oldest(riskAlerts, rowid, riskAlerts.createdAt, resolvedAlert))),
    // A finished check-in past the summary window takes whatever rows it still has with it.
    db
      .delete(checkIns)
      .where(
        inArray(
          checkIns.id,
          db
            .select({ id: checkIns.id })
            .from(checkIns)
            .where(finished(summary))
            .orderBy(checkIns.expiresAt)
            .limit(limit),
        ),
      ),
  ];
  if (retention.enableAnonymization) {
    statements.push(
      db
        .update(userChallenges)
        .set({ ownDescription: sql`${userChallenges.theme}` })
        .where(
          inArray(
            rowid,
            db
              .select({ id: rowid })
              .from(userChallenges)
              .where(and(lt(userChallenges.createdAt, raw), ne(userChallenges.description, userChallenges.theme)))
              .orderBy(userChallenges.createdAt)
              .limit(limit),
          ),
        ),
    );
  }
  // The rollups follow the score and blocker rows deleted here (their triggers, drizzle/0015_rollups.sql).
  const [messages, realTime, scores, blockers, alerts, checkInsDeleted, anonymized] = (await db.batch([
    first,
    ...statements,
  ])) as (D1Result | undefined)[];
  const changes = (result: D1Result | undefined) => result?.meta.changes ?? 0;
  return {
    messages: changes(messages),
    realTime: changes(realTime),
    scores: changes(scores),
    blockers: changes(blockers),
    alerts: changes(alerts),
    checkIns: changes(checkInsDeleted),
    anonymized: changes(anonymized),
  };
}
