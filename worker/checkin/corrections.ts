import type { AlertNote } from "../scoring/alert-facts";
import { type CheckInJudgement, judgeCheckIn } from "../scoring/judge-check-in";
import type { TranscriptMessage } from "../scoring/judgement";
import { REAL_TIME_CONFIDENCE_LEVEL, realTimeSentimentFor } from "../scoring/real-time";
import { alertDraft, type RiskAlertDraft, riskAlertsFor } from "../scoring/risk";
import { type ReaderJudgement, readerJudgement } from "../scoring/trained-reader";
import { type Band, bandOf, type CheckInSummary, SUMMARY_SCALES } from "../shared/check-in-summary";
import { SCORE_DIMENSIONS, type ScoreDimension } from "../shared/pillars";
import type { SessionStore } from "./store";

/**
 * What the salesperson's answer to the closing summary does to the judgement (issue 24 §7),
 * as pure functions: a corrected score becomes the middle of the band they picked (their own
 * reading, flagged as corrected), its alert follows that reading, and an alert from a score
 * the LLM judge and the reader disputed, or that the salesperson corrected, says so.
 */
export type Corrections = Partial<Record<ScoreDimension, Band>>;
export type Correction = { dimension: ScoreDimension; read: Band; chosen: Band };

export type CorrectedJudgement = CheckInJudgement & {
  /** Each reading the salesperson changed: the band read and the band chosen (labels only). */
  corrections: Correction[];
};

/** The reader's judgement of a transcript, with what it read (a later message makes it stale). */
export type ReadAhead = { messages: number; last: TranscriptMessage | undefined; reader: ReaderJudgement };

/** Reads the transcript as it stands (the closing statement's wait: summary.ts). */
export function readAhead(store: SessionStore): ReadAhead {
  const transcript = store.transcript();
  return { messages: transcript.length, last: transcript.at(-1), reader: readerJudgement(transcript) };
}

/**
 * The judgement the summary shows and the completion stores: fixed once the summary is shown.
 * The reader's part is the read-ahead's when the transcript is still the one it read (messages are
 * only ever appended: same count, same last message).
 */
export function judgementOf(store: SessionStore, ahead?: ReadAhead): CheckInJudgement {
  const session = store.requireSession();
  const transcript = store.transcript();
  const last = transcript.at(-1);
  const fresh =
    ahead !== undefined &&
    ahead.messages === transcript.length &&
    ahead.last?.sender === last?.sender &&
    ahead.last?.content === last?.content;
  return judgeCheckIn(transcript, {
    memberName: session.full_name,
    llm: store.judgement(),
    ...(fresh ? { reader: ahead.reader } : {}),
  });
}

/** Which score an alert category is drawn from. */
const ALERT_DIMENSION: Partial<Record<RiskAlertDraft["category"], ScoreDimension>> = {
  burnout: "stress",
  low_morale: "morale",
  low_confidence: "confidence",
  blockers: "blockers",
};

export { CORRECTED_NOTE, DISPUTED_NOTE, UNCERTAIN_NOTE } from "../scoring/alert-facts";

/** What an alert adds about its score: the salesperson's own reading, a dispute, or weak evidence. */
function noteFor(
  dimension: ScoreDimension,
  corrected: ReadonlySet<ScoreDimension>,
  disputed: ReadonlySet<ScoreDimension>,
  confidence: CheckInJudgement["confidence"],
): AlertNote | null {
  if (corrected.has(dimension)) return "corrected";
  if (disputed.has(dimension)) return "disputed";
  return confidence[dimension]?.uncertain ? "uncertain" : null;
}

/** The stored judgement: the salesperson's corrections applied, and the alerts' notes. */
export function withCorrections(
  judgement: CheckInJudgement,
  corrections: Corrections,
  memberName: string,
): CorrectedJudgement {
  const applied: Correction[] = SCORE_DIMENSIONS.flatMap((dimension) => {
    const chosen = corrections[dimension];
    const read = bandOf(dimension, judgement.scores[dimension]);
    // An uncertain reading confirmed by its own band counts too: it becomes their reading.
    return chosen && (chosen !== read || judgement.confidence[dimension].uncertain)
      ? [{ dimension, read, chosen }]
      : [];
  });
  const changed = new Set(applied.map((c) => c.dimension));
  const scores = { ...judgement.scores };
  const confidence = { ...judgement.confidence };
  for (const { dimension, chosen } of applied) {
    scores[dimension] = SUMMARY_SCALES[dimension].bands[chosen].score;
    // Their own reading: nothing left to doubt, though the evidence count stays what was heard.
    confidence[dimension] = { ...confidence[dimension], agreement: 1, uncertain: false };
  }
  const fromCorrected = riskAlertsFor(
    scores,
    memberName,
    judgement.blockers.map((b) => b.theme),
  );
  const disputed = new Set(judgement.review.map((r) => r.dimension));
  const alerts = [
    // The reader's alerts on scores nobody corrected keep their reasons…
    ...judgement.alerts.filter((a) => !changed.has(ALERT_DIMENSION[a.category] as ScoreDimension)),
    // …and a corrected score raises an alert only if the salesperson's own reading crosses the line.
    ...fromCorrected.filter((a) => changed.has(ALERT_DIMENSION[a.category] as ScoreDimension)),
  ].map((alert) => {
    const dimension = ALERT_DIMENSION[alert.category];
    const note = dimension ? noteFor(dimension, changed, disputed, confidence) : null;
    return note ? alertDraft(alert.category, memberName, { ...alert.facts, note }) : alert;
  });
  return {
    ...judgement,
    scores,
    confidence,
    alerts,
    realTime: realTimeSentimentFor(scores).map((row) => ({ ...row, confidenceLevel: REAL_TIME_CONFIDENCE_LEVEL })),
    corrections: applied,
  };
}

/** What the salesperson sees: each score's band in plain words, the blocker themes, any corrections. */
export function summaryOf(judgement: CheckInJudgement, corrections: Corrections, completesAt: number): CheckInSummary {
  return {
    readings: SCORE_DIMENSIONS.map((dimension) => {
      const read = bandOf(dimension, judgement.scores[dimension]);
      const chosen = corrections[dimension];
      const uncertain = judgement.confidence[dimension].uncertain;
      return {
        dimension,
        read,
        ...(chosen && (chosen !== read || uncertain) ? { corrected: chosen } : {}),
        uncertain,
        heard: judgement.confidence[dimension].evidence > 0,
      };
    }),
    blockers: [...new Set(judgement.blockers.map((b) => b.theme))],
    completesAt,
  };
}
