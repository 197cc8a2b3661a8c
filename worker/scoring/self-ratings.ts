import type { ScoreDimension } from "../shared/pillars";
import { RATING_KINDS, ratingFromAnswer } from "../shared/self-rating";
import type { SelfRatings, TranscriptMessage } from "./judgement";

/** Which score a one-tap rating speaks to: the reader weighs it there, and it counts there as evidence. */
export const RATED: Partial<Record<ScoreDimension, keyof SelfRatings>> = {
  stress: "burnout",
  confidence: "confidence",
};

/** The rating given on this score, if any. */
export function ratingOn(ratings: SelfRatings, dimension: ScoreDimension): number | null {
  const kind = RATED[dimension];
  return kind ? ratings[kind] : null;
}

/** The ratings given in a conversation: the answer right after each rating question, read once. */
export function selfRatingsOf(transcript: readonly TranscriptMessage[]): SelfRatings {
  const ratings: SelfRatings = Object.fromEntries(RATING_KINDS.map((kind) => [kind, null])) as SelfRatings;
  transcript.forEach((message, i) => {
    const answer = transcript[i + 1];
    if (message.sender !== "assistant" || !message.rating || answer?.sender !== "user") return;
    ratings[message.rating] = ratingFromAnswer(answer.content) ?? ratings[message.rating];
  });
  return ratings;
}
