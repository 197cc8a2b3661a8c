import { and, eq, inArray, isNull, not, sql } from "drizzle-orm";
import { chunkedInserts } from "../db/batch";
import { changeCheckInStatus } from "../db/check-in-status";
import { createDb } from "../db/client";
import { checkIns, riskAlerts, scoreCorrections, sentimentScores, userChallenges } from "../db/schema";
import { ratingOn } from "../scoring/self-ratings";
import { type EvidenceField, SCORE_DIMENSIONS, SCORES, type ScoreDimension } from "../shared/pillars";
import type { CorrectedJudgement } from "./corrections";

/**
 * What the completion batch writes: the judgement (with the salesperson's corrections) and the
 * chat's counts, fixed once so a retried batch writes the same rows. Never the messages: the
 * transcript stays in the check-in object (README → Decisions "Transcripts stay in the check-in object").
 */
export type CompletionResult = CorrectedJudgement & {
  checkInId: string;
  organizationId: string;
  teamMemberId: string;
  startedAt: number | null;
  completedAt: number;
  fallbackUsed: boolean;
  questionsAsked: number;
  pillarsExplored: number;
};

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
  const db = createDb(d1);
  return (await db.$count(checkIns, eq(checkIns.id, checkInId))) > 0;
}

export async function persistExpiry(d1: D1Database, checkInId: string) {
  await changeCheckInStatus(createDb(d1), eq(checkIns.id, checkInId), { status: "expired" });
}

/**
 * The completion, in ONE atomic D1 batch: status, scores, blockers (their inserts add them to the
 * hour's rollup, drizzle/0015_rollups.sql's triggers),
 * alerts (no per-pillar real_time_sentiment rows: README → Decisions "Transcripts stay in the check-in object") — each already computed (worker/scoring/judge-check-in.ts); this only maps them to tables.
 *
 * Only a pending check-in completes (changeCheckInStatus: `status = 'pending'` in the UPDATE's own
 * WHERE), so a check-in revoked while this batch kept failing (the object completed, D1 was down)
 * stays expired. The inserts then run, and the batch's last statements remove them again
 * unless the row now says completed at this very time: a revoked check-in never becomes
 * scores, and a retry of a batch that already landed keeps everything.
 */
export async function persistCompletion(d1: D1Database, result: CompletionResult): Promise<{ landed: boolean }> {
  const db = createDb(d1);
  const recordedAt = new Date(result.completedAt);
  const base = { organizationId: result.organizationId, checkInId: result.checkInId };
  const { scores } = result;

  const alertIds = result.alerts.map((a) => `${result.checkInId}-alert-${a.category}`);
  const blockerRows = uniqueBlockers(result);
  const statements = [
    changeCheckInStatus(db, eq(checkIns.id, result.checkInId), {
      status: "completed",
      completedAt: recordedAt,
      ...(result.startedAt !== null ? { startedAt: new Date(result.startedAt) } : {}),
      conversationState: {
        session_id: result.checkInId,
        questions_asked: result.questionsAsked,
        pillars_explored: result.pillarsExplored,
        judged_by: result.judgedBy,
        fallback_used: result.fallbackUsed,
        // Which scores the LLM and the reader disagreed on, in figures (never the salesperson's words).
        ...(result.review.length > 0 ? { review: result.review } : {}),
      },
      needsReview: result.review.length > 0,
    }),
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
        ...confidenceColumns(result),
      })
      .onConflictDoNothing(),
    ...chunkedInserts(
      db,
      scoreCorrections,
      result.corrections.map((c) => ({
        id: `${result.checkInId}-correction-${c.dimension}`,
        ...base,
        teamMemberId: result.teamMemberId,
        dimension: c.dimension,
        readBand: c.read,
        chosenBand: c.chosen,
        createdAt: recordedAt,
      })),
      { ignoreConflicts: true },
    ),
    ...chunkedInserts(
      db,
      userChallenges,
      blockerRows.map((b) => ({ ...b, ...base, teamMemberId: result.teamMemberId, createdAt: recordedAt })),
      { ignoreConflicts: true },
    ),
    ...chunkedInserts(
      db,
      riskAlerts,
      result.alerts.map((a) => ({
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
    ...undoUnlessCompleted(db, result, alertIds),
  ];
  // Last: whether the check-in is completed at this result's time (else it was revoked meanwhile).
  const landedRow = db
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(
      and(eq(checkIns.id, result.checkInId), eq(checkIns.status, "completed"), eq(checkIns.completedAt, recordedAt)),
    );
  const [first, ...rest] = statements;
  if (!first) throw new Error("the completion batch is empty");
  const answers = await db.batch([first, ...rest, landedRow]);
  const landed = answers.at(-1);
  return { landed: Array.isArray(landed) && landed.length > 0 };
}

/**
 * The batch's closing statements: unless the check-in row says completed at this result's
 * time (set by this batch, or by an earlier run of it), delete what this batch inserted.
 * Alerts by their ids only: a reach-out alert raised before the revocation stays.
 */
function undoUnlessCompleted(db: ReturnType<typeof createDb>, result: CompletionResult, alertIds: string[]) {
  const id = result.checkInId;
  const landed = sql`exists (select 1 from check_ins where id = ${id} and status = 'completed' and completed_at = ${result.completedAt})`;
  return [
    db.delete(sentimentScores).where(and(eq(sentimentScores.checkInId, id), not(landed))),
    db.delete(scoreCorrections).where(and(eq(scoreCorrections.checkInId, id), not(landed))),
    db.delete(userChallenges).where(and(eq(userChallenges.checkInId, id), not(landed))),
    ...(alertIds.length > 0 ? [db.delete(riskAlerts).where(and(inArray(riskAlerts.id, alertIds), not(landed)))] : []),
  ];
}

/** The blocker rows, one per id and theme (the table's keys), so the rollup counts what lands. */
function uniqueBlockers(result: CompletionResult) {
  const ids = new Set<string>();
  const themes = new Set<string>();
  const rows: { id: string; theme: string; description: string }[] = [];
  for (const b of result.blockers) {
    const id = `${result.checkInId}-blocker-${slug(b.theme)}`;
    if (ids.has(id) || themes.has(b.theme)) continue;
    ids.add(id);
    themes.add(b.theme);
    rows.push({ id, theme: b.theme, description: b.description });
  }
  return rows;
}

type NewScoreRow = typeof sentimentScores.$inferInsert;

const AGREEMENT_FIELD = {
  morale: "moraleAgreement",
  confidence: "confidenceAgreement",
  stress: "stressAgreement",
  sales_strength: "salesStrengthAgreement",
  blockers: "blockersAgreement",
} as const satisfies Record<ScoreDimension, keyof NewScoreRow>;

/**
 * Each score's confidence (issue 24 §5): its evidence (the answers the rule reader found on it,
 * which the cards' "Not discussed" reads, plus a rating) in the column
 * the pillar registry names, its agreement in percent, the scores shown as uncertain, the
 * ones the salesperson corrected, and the ratings given.
 */
function confidenceColumns(result: CompletionResult): Partial<NewScoreRow> {
  const { confidence } = result;
  return {
    ...(Object.fromEntries(
      SCORE_DIMENSIONS.map((d) => [
        SCORES[d].evidenceField,
        result.evidence[d] + (ratingOn(result.ratings, d) !== null ? 1 : 0),
      ]),
    ) as Record<EvidenceField, number>),
    ...(Object.fromEntries(
      SCORE_DIMENSIONS.map((d) => [AGREEMENT_FIELD[d], Math.round(confidence[d].agreement * 100)]),
    ) as Record<(typeof AGREEMENT_FIELD)[ScoreDimension], number>),
    uncertain: SCORE_DIMENSIONS.filter((d) => confidence[d].uncertain),
    corrected: result.corrections.map((c) => c.dimension),
    burnoutRating: result.ratings.burnout,
    confidenceRating: result.ratings.confidence,
  };
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}
