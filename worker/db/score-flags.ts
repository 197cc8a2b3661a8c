import * as z from "zod/mini";
import { SCORE_DIMENSIONS, type ScoreDimension } from "../shared/pillars";

/**
 * How a completion stores its score flags in few bytes (issue 26 §1, README → Decisions, "Score
 * flags are stored as letters"): the scores shown as uncertain and the ones the salesperson
 * corrected (`sentiment_scores` and `member_scores`, `uncertain` / `corrected`) as one letter
 * per score (`sb`: stress and blockers), none as null; the LLM judge's disagreement with the
 * reader (`check_ins.conversation_state`) as `stress:78:47`, one per score, `;` between.
 * Rows written before keep their JSON (`["stress","blockers"]`, `{"review":[…]}`), which every
 * reader here still reads, so what they show is the same.
 */
const LETTER = {
  morale: "m",
  confidence: "c",
  stress: "s",
  sales_strength: "a",
  blockers: "b",
} as const satisfies Record<ScoreDimension, string>;
const BY_LETTER = new Map<string, ScoreDimension>(SCORE_DIMENSIONS.map((d) => [LETTER[d], d]));

/** A list of scores as stored: their letters in registry order, null when empty. */
export function encodeDimensions(dimensions: readonly ScoreDimension[]): string | null {
  const letters = SCORE_DIMENSIONS.filter((d) => dimensions.includes(d))
    .map((d) => LETTER[d])
    .join("");
  return letters === "" ? null : letters;
}

const legacyDimensions = z.array(z.enum(SCORE_DIMENSIONS));

/** A stored list of scores (letters, or the JSON of older rows); empty when null or unreadable. */
export function decodeDimensions(raw: string | null | undefined): ScoreDimension[] {
  if (!raw) return [];
  if (raw.startsWith("[")) {
    const parsed = legacyDimensions.safeParse(safeJson(raw));
    return parsed.success ? parsed.data : [];
  }
  const dimensions: ScoreDimension[] = [];
  for (const letter of raw) {
    const dimension = BY_LETTER.get(letter);
    if (!dimension) return [];
    dimensions.push(dimension);
  }
  return dimensions;
}

export type ScoreReview = { dimension: ScoreDimension; llm: number; reader: number }[];

/** The judge's disagreement as stored: `stress:78:47;…`, null when there is none. */
export function encodeReview(review: ScoreReview): string | null {
  if (review.length === 0) return null;
  return review.map((r) => `${r.dimension}:${Math.round(r.llm)}:${Math.round(r.reader)}`).join(";");
}

const legacyReview = z.object({
  review: z.array(z.object({ dimension: z.enum(SCORE_DIMENSIONS), llm: z.number(), reader: z.number() })),
});
/** One compact item: a score's name and two whole figures (linear: no nested repetition). */
const COMPACT_ITEM = /^([a-z_]{1,20}):(\d{1,3}):(\d{1,3})$/;
const MAX_REVIEW_LENGTH = 200;

/** A stored disagreement (compact, or the JSON of older rows); empty when null or unreadable. */
export function decodeReview(raw: string | null | undefined): ScoreReview {
  if (!raw || raw.length > MAX_REVIEW_LENGTH) return [];
  if (raw.startsWith("{")) {
    const parsed = legacyReview.safeParse(safeJson(raw));
    return parsed.success ? parsed.data.review : [];
  }
  const review: ScoreReview = [];
  for (const item of raw.split(";")) {
    const [, name, llm, reader] = COMPACT_ITEM.exec(item) ?? [];
    const dimension = SCORE_DIMENSIONS.find((d) => d === name);
    if (!dimension || llm === undefined || reader === undefined) return [];
    review.push({ dimension, llm: Number(llm), reader: Number(reader) });
  }
  return review;
}

function safeJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
