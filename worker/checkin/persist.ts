import { and, eq, inArray, isNull, not, sql } from "drizzle-orm";
import { storedAlertText } from "../db/alert-text";
import { chunkedInserts } from "../db/batch";
import { storedBlockerDescription } from "../db/blocker-text";
import { changeCheckInStatus } from "../db/check-in-status";
import { createDb } from "../db/client";
import { compactId } from "../db/compact-id";
import { checkIns, riskAlerts, scoreCorrections, sentimentScores, userChallenges } from "../db/schema";
import { encodeDimensions, encodeReview } from "../db/score-flags";
import { ratingOn } from "../scoring/self-ratings";
import { type EvidenceField, SCORE_DIMENSIONS, SCORES, type ScoreDimension } from "../shared/pillars";
import type { CorrectedJudgement } from "./corrections";

/**
 * What the completion batch writes: the judgement (with the salesperson's corrections), fixed
 * once so a retried batch writes the same rows, and the chat's counts (logged, not stored).
 * Never the messages: the transcript stays in the check-in object (README → Decisions
 * "Transcripts stay in the check-in object").
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

/** What a completion's log line says (ids, counts and labels: never the salesperson's words). */
export function completionFacts(result: CompletionResult) {
  return {
    checkInId: result.checkInId,
    organizationId: result.organizationId,
    questionsAsked: result.questionsAsked,
    pillarsExplored: result.pillarsExplored,
    judgedBy: result.judgedBy,
    fallbackUsed: result.fallbackUsed,
    needsReview: result.review.length > 0,
  };
}

/**
 * The object's writes to D1. Each is idempotent (ON CONFLICT DO NOTHING on each table's key
 * per check-in — one score row, one alert per category, one blocker per theme, one correction
 * per score — and guarded updates), so a retried batch or an alarm that runs twice never
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

  const blockerRows = uniqueBlockers(result);
  const statements = [
    changeCheckInStatus(db, eq(checkIns.id, result.checkInId), {
      status: "completed",
      completedAt: recordedAt,
      ...(result.startedAt !== null ? { startedAt: new Date(result.startedAt) } : {}),
      // Only what D1's readers use: which scores the LLM and the reader disagreed on, in figures
      // (never the salesperson's words), for the person page and the console's judgement. The
      // chat's counts and which judge ran are in the completion's log line (README → Decisions).
      conversationState: encodeReview(result.review),
      needsReview: result.review.length > 0,
    }),
    db
      .insert(sentimentScores)
      .values({
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
        id: compactId(),
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
        ...base,
        teamMemberId: result.teamMemberId,
        category: a.category,
        ...storedAlertText(a),
        createdAt: recordedAt,
      })),
      { ignoreConflicts: true },
    ),
    ...undoUnlessCompleted(
      db,
      result,
      result.alerts.map((a) => a.category),
    ),
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
 * Alerts of this batch's categories only (a completion raises no reach-out alert): a reach-out
 * alert raised before the revocation stays.
 */
function undoUnlessCompleted(db: ReturnType<typeof createDb>, result: CompletionResult, categories: string[]) {
  const id = result.checkInId;
  const landed = sql`exists (select 1 from check_ins where id = ${id} and status = 'completed' and completed_at = ${result.completedAt})`;
  return [
    db.delete(sentimentScores).where(and(eq(sentimentScores.checkInId, id), not(landed))),
    db.delete(scoreCorrections).where(and(eq(scoreCorrections.checkInId, id), not(landed))),
    db.delete(userChallenges).where(and(eq(userChallenges.checkInId, id), not(landed))),
    ...(categories.length > 0
      ? [
          db
            .delete(riskAlerts)
            .where(and(eq(riskAlerts.checkInId, id), inArray(riskAlerts.category, categories), not(landed))),
        ]
      : []),
  ];
}

/** The blocker rows, one per theme (the table's key per check-in), so the rollup counts what lands. */
function uniqueBlockers(result: CompletionResult) {
  const themes = new Set<string>();
  const rows: { theme: string; ownDescription: string | null }[] = [];
  for (const b of result.blockers) {
    if (themes.has(b.theme)) continue;
    themes.add(b.theme);
    rows.push({ theme: b.theme, ownDescription: storedBlockerDescription(b) });
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
    uncertain: encodeDimensions(SCORE_DIMENSIONS.filter((d) => confidence[d].uncertain)),
    corrected: encodeDimensions(result.corrections.map((c) => c.dimension)),
    burnoutRating: result.ratings.burnout,
    confidenceRating: result.ratings.confidence,
  };
}
