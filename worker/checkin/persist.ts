import { and, eq, isNull, ne } from "drizzle-orm";
import { chunkedInserts, runBatch } from "../db/batch";
import { createDb } from "../db/client";
import {
  checkInMessages,
  checkIns,
  realTimeSentiment,
  riskAlerts,
  sentimentScores,
  userChallenges,
} from "../db/schema";
import { REAL_TIME_CONFIDENCE_LEVEL, realTimeSentimentFor } from "./real-time";
import { riskAlertsFor } from "./risk";
import type { CompletionResult } from "./session";

/**
 * The object's writes to D1. Each is idempotent (fixed ids, ON CONFLICT DO NOTHING on the
 * unique indexes, guarded updates), so a retried batch or an alarm that runs twice never
 * writes a row twice.
 */
export async function persistStart(d1: D1Database, checkInId: string, startedAt: number) {
  const db = createDb(d1);
  await db
    .update(checkIns)
    .set({ startedAt: new Date(startedAt) })
    .where(and(eq(checkIns.id, checkInId), isNull(checkIns.startedAt)));
}

export async function checkInExists(d1: D1Database, checkInId: string): Promise<boolean> {
  const row = await d1.prepare("select 1 as found from check_ins where id = ?").bind(checkInId).first();
  return row !== null;
}

export async function persistExpiry(d1: D1Database, checkInId: string) {
  const db = createDb(d1);
  await db
    .update(checkIns)
    .set({ status: "expired" })
    .where(and(eq(checkIns.id, checkInId), eq(checkIns.status, "pending")));
}

/** The completion, in ONE atomic D1 batch: status, messages, scores, per-pillar rows, blockers, alerts. */
export async function persistCompletion(d1: D1Database, result: CompletionResult) {
  const db = createDb(d1);
  const recordedAt = new Date(result.completedAt);
  const base = { organizationId: result.organizationId, checkInId: result.checkInId };
  const { scores } = result;
  const alerts = riskAlertsFor(
    scores,
    result.fullName,
    result.blockers.map((b) => b.theme),
  );

  await runBatch(db, [
    db
      .update(checkIns)
      .set({
        status: "completed",
        completedAt: recordedAt,
        ...(result.startedAt !== null ? { startedAt: new Date(result.startedAt) } : {}),
        conversationState: {
          session_id: result.checkInId,
          questions_asked: result.questionsAsked,
          pillars_explored: result.pillarsExplored,
          judged_by: result.judgedBy,
          fallback_used: result.fallbackUsed,
        },
      })
      .where(and(eq(checkIns.id, result.checkInId), ne(checkIns.status, "completed"))),
    ...chunkedInserts(
      db,
      checkInMessages,
      result.messages.map((m) => ({
        id: m.id,
        ...base,
        seq: m.seq,
        content: m.content,
        sender: m.sender,
        timestamp: new Date(m.createdAt),
      })),
      { ignoreConflicts: true },
    ),
    db
      .insert(sentimentScores)
      .values({
        id: `${result.checkInId}-score`,
        ...base,
        teamMemberId: result.teamMemberId,
        morale: scores.morale,
        confidence: scores.confidence,
        stress: scores.stress,
        salesStrength: scores.sales_strength,
        blockers: scores.blockers,
        conversationQualityScore: scores.conversation_quality_score,
        recordedAt,
      })
      .onConflictDoNothing(),
    ...chunkedInserts(
      db,
      realTimeSentiment,
      realTimeSentimentFor(scores).map((row) => ({
        id: `${result.checkInId}-rt-${row.pillar}`,
        ...base,
        teamMemberId: result.teamMemberId,
        pillar: row.pillar,
        sentimentScore: row.sentimentScore,
        confidenceLevel: REAL_TIME_CONFIDENCE_LEVEL,
        concernLevel: row.concernLevel,
        recordedAt,
      })),
      { ignoreConflicts: true },
    ),
    ...chunkedInserts(
      db,
      userChallenges,
      result.blockers.map((b) => ({
        id: `${result.checkInId}-blocker-${slug(b.theme)}`,
        ...base,
        teamMemberId: result.teamMemberId,
        theme: b.theme,
        description: b.description,
        createdAt: recordedAt,
      })),
      { ignoreConflicts: true },
    ),
    ...chunkedInserts(
      db,
      riskAlerts,
      alerts.map((a) => ({
        id: `${result.checkInId}-alert-${a.category}`,
        ...base,
        teamMemberId: result.teamMemberId,
        alertType: a.alertType,
        priority: a.priority,
        category: a.category,
        message: a.message,
        createdAt: recordedAt,
      })),
      { ignoreConflicts: true },
    ),
  ]);
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
