import { type DimensionScores, SCORE_DIMENSIONS, SCORES, type ScoreDimension } from "../shared/pillars";

/**
 * Spec 2 §9 score rules, applied to whatever judged the conversation (the LLM or the
 * embedded lexicon scorer): neutral 50, the clamps, the defaults and conversation quality.
 */
export const NEUTRAL_SCORE = 50;

/** Each score's clamps, from the pillar registry (worker/shared/pillars.ts). */
export const SCORE_BOUNDS = Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, SCORES[d].bounds])) as Record<
  ScoreDimension,
  { min: number; max: number }
>;

export const QUALITY_BOUNDS = { min: 30, max: 100 } as const;

export type FinalScores = DimensionScores & { conversation_quality_score: number };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Spec 2 §9: 12 per user message plus word count / 30, clamped to 30–100. */
export function conversationQuality(userMessages: readonly string[]): number {
  const words = userMessages.reduce((sum, message) => sum + (message.trim().match(/\S+/g)?.length ?? 0), 0);
  return Math.round(clamp(12 * userMessages.length + words / 30, QUALITY_BOUNDS.min, QUALITY_BOUNDS.max));
}

/**
 * Final scores from raw judgements. A missing (or non-finite) judgement is the neutral 50
 * (spec 2 §5: missing scores default to 50); with no user messages at all every score is
 * 50 and quality 30 (spec 2 §9).
 */
export function finalizeScores(
  raw: Partial<Record<keyof DimensionScores, number | null | undefined>>,
  userMessages: readonly string[],
): FinalScores {
  const pick = (key: ScoreDimension) => {
    if (userMessages.length === 0) return NEUTRAL_SCORE;
    const value = raw[key];
    const bounds = SCORE_BOUNDS[key];
    const base = typeof value === "number" && Number.isFinite(value) ? value : NEUTRAL_SCORE;
    return Math.round(clamp(base, bounds.min, bounds.max));
  };
  const scores = Object.fromEntries(SCORE_DIMENSIONS.map((d) => [d, pick(d)])) as DimensionScores;
  return {
    ...scores,
    // No user messages: 12 × 0 + 0 words, clamped up to 30 (spec 2 §9).
    conversation_quality_score: conversationQuality(userMessages),
  };
}
