/**
 * The two one-tap ratings a check-in asks once (issue 24 §6): energy, as the single-item
 * burnout measure validated against the Maslach Burnout Inventory (Dolan 1987; Rohland et al.
 * 2004: "Overall, based on your definition of burnout, how would you rate your level of
 * burnout?", five anchors), adapted to chat; and confidence in hitting the number. Both
 * interviewers ask them in these words, the chat offers the choices as buttons, and the
 * scoring reads the answer (typed or tapped). Shared: the SPA draws the buttons from here.
 */
export const RATING_KINDS = ["burnout", "confidence"] as const;
export type RatingKind = (typeof RATING_KINDS)[number];

export type RatingChoice = { value: 1 | 2 | 3 | 4 | 5; label: string };

export const SELF_RATINGS: Record<
  RatingKind,
  { pillar: "burnout_risks" | "quota_confidence"; question: string; choices: readonly RatingChoice[] }
> = {
  burnout: {
    pillar: "burnout_risks",
    question:
      "Quick one: tap a number, type one, or skip. Overall, how would you rate your level of burnout right now?",
    choices: [
      { value: 1, label: "1 · I enjoy my work, no signs of burnout" },
      { value: 2, label: "2 · Some stress, a bit less energy, but not burned out" },
      { value: 3, label: "3 · Definitely burning out: often exhausted" },
      { value: 4, label: "4 · The symptoms won't go away; work frustrates me a lot" },
      { value: 5, label: "5 · Completely burned out; I may need a change or help" },
    ],
  },
  confidence: {
    pillar: "quota_confidence",
    question: "And one tap on the number: how confident are you of hitting your target this period?",
    choices: [
      { value: 1, label: "1 · Very unlikely" },
      { value: 2, label: "2 · Unlikely" },
      { value: 3, label: "3 · Could go either way" },
      { value: 4, label: "4 · Likely" },
      { value: 5, label: "5 · Almost certain" },
    ],
  },
};

/** The skip button's text (a typed "skip", "pass" or "rather not" skips too). */
export const SKIP_RATING = "Skip";

/** Longer answers are talk, not a rating: a number inside a story is not a tap. */
const MAX_RATING_ANSWER = 80;

/**
 * The value an answer to a rating question gives, or null (skipped, or no clear number).
 * A tap sends the choice's label; typed answers count when they name one number 1–5 near the
 * start ("3", "prob a 4 tbh", "maybe four"). Linear: one pass over at most 80 characters.
 */
export function ratingFromAnswer(answer: string): RatingChoice["value"] | null {
  if (answer.length > MAX_RATING_ANSWER) return null;
  const tapped = RATING_KINDS.flatMap((kind) => SELF_RATINGS[kind].choices).find((c) => c.label === answer.trim());
  if (tapped) return tapped.value;
  const text = answer.trim().toLowerCase();
  if (text.length === 0 || text.length > MAX_RATING_ANSWER) return null;
  const digits = text.match(/\b[1-5]\b/g) ?? [];
  const words = (text.match(/\b(?:one|two|three|four|five)\b/g) ?? []).map(
    (w) => ["one", "two", "three", "four", "five"].indexOf(w) + 1,
  );
  const values = [...new Set([...digits.map(Number), ...words])];
  // "between 3 and 4" names two: no single reading, so none.
  return values.length === 1 ? (values[0] as RatingChoice["value"]) : null;
}
