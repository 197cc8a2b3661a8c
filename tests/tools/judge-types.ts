/** What the judge core (tests/eval/judge-transcript.ts, in the worker's TypeScript project) exports. */
export type Confidence = { evidence: number; agreement: number; uncertain: boolean };
export type Dimension = "morale" | "confidence" | "stress" | "sales_strength" | "blockers";
/** The trained reader's weights file (worker/scoring/model/bands.ts). */
export type ModelFile = {
  version: number;
  trainedOn: string[];
  keys: string[];
  targets: Record<Dimension, { weights: [number[], number[], number[]]; bias: [number, number, number] }>;
  ratings: Record<RatingKind, { likelihood: [number, number, number][] }>;
};
export type RatingKind = "burnout" | "confidence";
export type JudgeCore = {
  transcriptSchema: {
    safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: unknown };
  };
  describeIssues(error: unknown): string;
  judgeTranscript(
    transcript: unknown,
    model?: ModelFile,
  ): {
    scores: Record<Dimension, number>;
    confidence: Record<Dimension, Confidence>;
    alerts: { category: string }[];
    blockers: { theme: string }[];
  };
  featuresOfTranscript(transcript: unknown): {
    vector: Map<string, number>;
    answers: string[][];
    ratings: Record<RatingKind, number | null>;
  };
};
