import { RETRACTED, type Segment, type Signal } from "./lexicon";

/**
 * Settling an answer's signals: which side wins when it gives both (the heavier clause, the
 * warning on a tie), and which cues a retraction took back.
 */
export const NEGATIVE_SIGNALS: readonly Signal[] = [
  "confidence_low",
  "stress_high",
  "flight_risk",
  "disengaged",
  "support_negative",
];
export const POSITIVE_SIGNALS: readonly Signal[] = ["confidence_high", "stress_low", "win", "support_positive"];
const OPPOSITES: [Signal, Signal][] = [
  ["confidence_low", "confidence_high"],
  ["stress_high", "stress_low"],
  ["support_negative", "support_positive"],
];

/**
 * "Confident. Well, not really, two of my big ones look shaky": a confidence or support cue
 * said only in a sentence taken back, when what replaces it turns the other way.
 */
export function takenBack(signal: Signal, segments: readonly Segment[]): boolean {
  if (!signal.startsWith("confidence") && !signal.startsWith("support")) return false;
  const carriers = segments.filter((s) => s.marks.some((m) => m.signal === signal));
  if (carriers.length === 0 || carriers.some((s) => s.weight !== RETRACTED)) return false;
  const rest = segments.filter((s) => s.weight !== RETRACTED).reduce((sum, s) => sum + s.valence, 0);
  const positive = POSITIVE_SIGNALS.includes(signal);
  return positive ? rest <= -1 : rest >= 1;
}

/** When an answer gives both sides of a signal, the side in the heavier clause (after "but") wins. */
export function resolveOpposites(signals: readonly Signal[], segments: readonly Segment[]): Signal[] {
  const unique = [...new Set(signals)];
  const weightOf = (signal: Signal) =>
    Math.max(
      0,
      ...segments
        .filter((s) => s.marks.some((m) => m.signal === signal) || s.pendingMarks.some((m) => m.signal === signal))
        .map((s) => s.weight),
    );
  return unique.filter((signal) => {
    const pair = OPPOSITES.find(([a, b]) => a === signal || b === signal);
    if (!pair) return true;
    const other = pair[0] === signal ? pair[1] : pair[0];
    if (!unique.includes(other)) return true;
    const mine = weightOf(signal);
    const theirs = weightOf(other);
    // On a tie the warning wins: an early-warning tool must not talk itself out of a risk.
    return mine > theirs || (mine === theirs && NEGATIVE_SIGNALS.includes(signal));
  });
}
