import type { DimensionScores, Pillar, ScoreDimension } from "../shared/pillars";
import type { RatingKind } from "../shared/self-rating";

/**
 * Judging a conversation: raw per-dimension scores and the blockers named. The LLM does it
 * when a provider is configured (structured output, validated in llm-judge.ts); the embedded lexicon
 * scorer always can, and is the fallback. The spec's clamps come after (finalize.ts).
 */
export type TranscriptMessage = {
  sender: "user" | "assistant";
  content: string;
  pillar: Pillar | null;
  /** On an assistant message: it asked one of the one-tap ratings (shared/self-rating.ts). */
  rating?: RatingKind;
};

/**
 * How far a stored score can be trusted (issue 24 §5): how many answers bore on it (a
 * self-rating counts as one) and how much the evidence agrees (0–1). `uncertain` = too
 * little or conflicting evidence: the person page and the dashboard show "uncertain"
 * instead of a firm band.
 */
export type ScoreConfidence = { evidence: number; agreement: number; uncertain: boolean };
export type ScoreConfidences = Record<ScoreDimension, ScoreConfidence>;

/** The one-tap ratings the salesperson gave (1–5), null where skipped or never asked. */
export type SelfRatings = Record<RatingKind, number | null>;

export type Judgement = {
  raw: Partial<Record<keyof DimensionScores, number>>;
  blockers: { theme: string; description: string }[];
  judgedBy: "llm" | "lexicon";
  /** The LLM's scores and blockers whose supporting phrase was not in the transcript (llm-judge.ts). */
  discarded?: string[];
};
