import { RATING_KINDS, type RatingKind, SELF_RATINGS } from "../shared/self-rating";
import type { InterviewRequest } from "./provider";

/**
 * When an interviewer asks the one-tap ratings (issue 24 §6): each once per check-in, in the
 * salesperson's own words of its pillar's question just answered, so "how would you rate
 * your burnout" follows talk about energy rather than opening the chat. Both providers ask
 * it the same way, through this rule: never in the opening, never two rating questions in a
 * row; a rating is due once its pillar has been answered, and in any case from the wrap-up
 * or the 8th question on, so a chat that never reaches the pillar still asks it.
 */
export const RATING_BY_QUESTION = 8;

/** The rating this reply should ask, or null. A request without `ratings` (the console's test chat) asks none. */
export function ratingDue(
  request: Pick<InterviewRequest, "ratings" | "context" | "pillarProgress">,
): RatingKind | null {
  const { ratings, context, pillarProgress } = request;
  if (!ratings || ratings.lastWasRating || context.phase === "opening") return null;
  const late = context.phase === "wrap-up" || context.questionsAsked >= RATING_BY_QUESTION;
  return (
    RATING_KINDS.find(
      (kind) => !ratings.asked.includes(kind) && (late || pillarProgress[SELF_RATINGS[kind].pillar].explored),
    ) ?? null
  );
}

/** What the LLM is told on a rating turn: the fixed question follows its words. */
export const RATING_TURN_INSTRUCTION =
  "THIS TURN ONLY: reply to their last answer in one short sentence and ask NO question. A fixed one-tap rating question is added after your sentence.";
