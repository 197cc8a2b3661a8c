import type { DimensionScores, Pillar } from "../shared/pillars";

/**
 * Judging a conversation: raw per-dimension scores and the blockers named. The LLM does it
 * when a provider is configured (structured output, validated in llm-judge.ts); the embedded lexicon
 * scorer always can, and is the fallback. The spec's clamps come after (finalize.ts).
 */
export type TranscriptMessage = { sender: "user" | "assistant"; content: string; pillar: Pillar | null };

export type Judgement = {
  raw: Partial<Record<keyof DimensionScores, number>>;
  blockers: { theme: string; description: string }[];
  judgedBy: "llm" | "lexicon";
  /** The LLM's scores and blockers whose supporting phrase was not in the transcript (llm-judge.ts). */
  discarded?: string[];
};
