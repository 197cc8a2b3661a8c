import { finalizeScores } from "../../../worker/scoring/finalize";
import type { TranscriptMessage } from "../../../worker/scoring/judgement";
import { lexiconJudgement } from "../../../worker/scoring/reader";
import type { Pillar } from "../../../worker/shared/pillars";

/** One question per pillar and its answer, judged as the object does at completion (clamps included). */
export function judge(...turns: [Pillar, string][]) {
  const messages: TranscriptMessage[] = turns.flatMap(([pillar, answer]) => [
    { sender: "assistant" as const, content: "Question?", pillar },
    { sender: "user" as const, content: answer, pillar: null },
  ]);
  return finalizeScores(
    lexiconJudgement(messages).raw,
    turns.map(([, answer]) => answer),
  );
}

/** The dashboard's concern lines (40, 60), as the evaluation bands a score. */
export const band = (score: number) => (score < 40 ? "low" : score < 60 ? "mid" : "high");
