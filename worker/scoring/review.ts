import { SCORE_DIMENSIONS, type ScoreDimension } from "../shared/pillars";
import { finalizeScores } from "./finalize";
import type { Judgement } from "./judgement";

/**
 * The LLM's judgement checked against the embedded reader's (issue 14 item 4). A score the
 * LLM could not back with the salesperson's words is the reader's; where both judged and
 * their final scores differ by more than REVIEW_MARGIN, the check-in is marked for review
 * (the LLM's score is kept, not averaged silently with the reader's).
 */
export const REVIEW_MARGIN = 25;

export type ReviewFlag = { dimension: ScoreDimension; llm: number; reader: number };

export function reconcile(
  llm: Judgement,
  reader: Judgement,
  userMessages: readonly string[],
): { judgement: Judgement; review: ReviewFlag[] } {
  // Nothing the LLM said could be backed by the salesperson's words: the reader judges alone.
  if (SCORE_DIMENSIONS.every((d) => llm.raw[d] === undefined) && llm.blockers.length === 0) {
    return { judgement: reader, review: [] };
  }
  const raw: Judgement["raw"] = { ...reader.raw };
  for (const dimension of SCORE_DIMENSIONS) {
    const value = llm.raw[dimension];
    if (value !== undefined) raw[dimension] = value;
  }
  const fromLlm = finalizeScores(llm.raw, userMessages);
  const fromReader = finalizeScores(reader.raw, userMessages);
  const review = SCORE_DIMENSIONS.filter(
    (d) => llm.raw[d] !== undefined && Math.abs(fromLlm[d] - fromReader[d]) > REVIEW_MARGIN,
  ).map((dimension) => ({ dimension, llm: fromLlm[dimension], reader: fromReader[dimension] }));
  return { judgement: { ...llm, raw }, review };
}
