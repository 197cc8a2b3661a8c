/**
 * "What would help is…", "it would be great if…", "I wish…": the good words of an answer about
 * what would make things better are wished for, not felt, so it is not met with "Glad to hear
 * it." The interviewer's reply only: the scores read the answer as before. Plain `includes` over
 * an answer the chat caps in length (linear).
 */
const WISH_MARKERS = [
  "would help",
  "would be great",
  "would be nice",
  "would be good",
  "would make",
  "would love",
  "would like",
  "would really",
  "it'd help",
  "it'd be",
  "i'd love",
  "i'd like",
  "i wish",
  "if only",
  "could use",
];
const MAX_WISH_SCAN = 4_000;
export function wishedFor(text: string): boolean {
  const lower = text.slice(0, MAX_WISH_SCAN).toLowerCase();
  return WISH_MARKERS.some((marker) => lower.includes(marker));
}
