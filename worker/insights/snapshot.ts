import * as z from "zod/mini";
import { DEFAULT_SALES_STRENGTH, type ScoreSnapshot } from "../shared/insights";
import { SCORE_DIMENSIONS, type ScoreDimension } from "../shared/pillars";

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

const storedDimensions = z.array(z.enum(SCORE_DIMENSIONS));
const storedReview = z.object({
  review: z.array(z.object({ dimension: z.enum(SCORE_DIMENSIONS), llm: z.number(), reader: z.number() })),
});

/** A stored JSON list of dimensions, as an optional field (absent when empty or unreadable). */
function dimensionList<K extends "uncertain" | "corrected">(key: K, raw: string | null | undefined) {
  const parsed = raw ? storedDimensions.safeParse(safeJson(raw)) : null;
  return parsed?.success && parsed.data.length > 0 ? ({ [key]: parsed.data } as Record<K, ScoreDimension[]>) : {};
}

/** The disagreement stored with a check-in marked for review (conversation_state.review). */
export function disputedOf(raw: string | null): Pick<ScoreSnapshot, "disputed"> {
  const parsed = raw ? storedReview.safeParse(safeJson(raw)) : null;
  return parsed?.success && parsed.data.review.length > 0 ? { disputed: parsed.data.review } : {};
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
