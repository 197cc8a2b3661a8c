import { RATING_KINDS, ratingFromAnswer } from "../shared/self-rating";
import type { SelfRatings, TranscriptMessage } from "./judgement";

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
