/** What the judge core (tests/eval/judge-transcript.ts, in the worker's TypeScript project) exports. */
export type JudgeCore = {
  transcriptSchema: {
    safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: unknown };
  };
  describeIssues(error: unknown): string;
  judgeTranscript(transcript: unknown): {
    scores: Record<"morale" | "confidence" | "stress" | "sales_strength" | "blockers", number>;
    alerts: { category: string }[];
    blockers: { theme: string }[];
  };
};
