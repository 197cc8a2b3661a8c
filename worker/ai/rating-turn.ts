import { themeOf } from "../language/themes";
import { statesFigure } from "../scoring/reading";
import { RATING_KINDS, type RatingKind, SELF_RATINGS } from "../shared/self-rating";
import { questionPart } from "./interview-rules";
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

/**
 * Whether the salesperson already gave this rating's figure in words: an answer to a question on
 * its pillar that states one ("Maybe 40 percent", "7/10"). Asking "one tap on the number" right
 * after is redundant, so the chat skips that rating; the scores read the figure from the answer.
 */
function toldInWords(kind: RatingKind, request: Pick<InterviewRequest, "messages" | "currentPillar">): boolean {
  const { pillar } = SELF_RATINGS[kind];
  const { messages } = request;
  const lastUser = messages.findLastIndex((m) => m.role === "user");
  return messages.some((m, i) => {
    if (m.role !== "user" || i === 0) return false;
    const question = messages[i - 1];
    if (question?.role !== "assistant") return false;
    // The latest answer's question pillar is known; earlier ones are read from their question.
    const answering = i === lastUser ? request.currentPillar : themeOf(questionPart(question.content))?.pillar;
    return answering === pillar && statesFigure(m.content, pillar);
  });
}

/** The rating this reply should ask, or null. A request without `ratings` (the console's test chat) asks none. */
export function ratingDue(
  request: Pick<InterviewRequest, "ratings" | "context" | "pillarProgress" | "messages" | "currentPillar">,
): RatingKind | null {
  const { ratings, context, pillarProgress } = request;
  if (!ratings || ratings.lastWasRating || context.phase === "opening") return null;
  const late = context.phase === "wrap-up" || context.questionsAsked >= RATING_BY_QUESTION;
  return (
    RATING_KINDS.find(
      (kind) =>
        !ratings.asked.includes(kind) &&
        (late || pillarProgress[SELF_RATINGS[kind].pillar].explored) &&
        !toldInWords(kind, request),
    ) ?? null
  );
}

/** What the LLM is told on a rating turn: the fixed question follows its words. */
export const RATING_TURN_INSTRUCTION =
  "THIS TURN ONLY: reply to their last answer in one short sentence and ask NO question. A fixed one-tap rating question is added after your sentence.";
