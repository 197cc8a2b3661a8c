import { decodeDimensions, decodeReview } from "../db/score-flags";
import { DEFAULT_SALES_STRENGTH, type ScoreSnapshot } from "../shared/insights";
import type { ScoreDimension } from "../shared/pillars";

/** A stored check-in's scores as the wire's snapshot; null without one (recordedAt null). */
export type SnapshotColumns = {
  uncertain?: string | null;
  corrected?: string | null;
  morale: number | null;
  confidence: number | null;
  stress: number | null;
  salesStrength: number | null;
  blockers: number | null;
  recordedAt: number | null;
};

export function snapshot(columns: SnapshotColumns): ScoreSnapshot | null {
  if (columns.recordedAt === null) return null;
  return {
    morale: columns.morale ?? 50,
    confidence: columns.confidence ?? 50,
    stress: columns.stress ?? 50,
    salesStrength: columns.salesStrength ?? DEFAULT_SALES_STRENGTH,
    blockers: columns.blockers ?? 50,
    recordedAt: new Date(columns.recordedAt).toISOString(),
    ...dimensionList("uncertain", columns.uncertain),
    ...dimensionList("corrected", columns.corrected),
  };
}

/** A stored list of scores, as an optional field (absent when empty or unreadable). */
function dimensionList<K extends "uncertain" | "corrected">(key: K, raw: string | null | undefined) {
  const dimensions = decodeDimensions(raw);
  return dimensions.length > 0 ? ({ [key]: dimensions } as Record<K, ScoreDimension[]>) : {};
}

/** The disagreement stored with a check-in marked for review (conversation_state). */
export function disputedOf(raw: string | null): Pick<ScoreSnapshot, "disputed"> {
  const review = decodeReview(raw);
  return review.length > 0 ? { disputed: review } : {};
}
