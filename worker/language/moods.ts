/**
 * Kinds of bad feeling that are not strain. "Annoyed", "angry", "frustrated" say
 * something is irritating; "bored", "discouraged", "meh" say the spark is gone. Neither is
 * being worn down: "not stressed, just angry" is no burnout risk, and an irritated week
 * is not yet low morale. The reader keeps these words' share of a segment's value apart
 * (worker/language/lexicon.ts `Segment.moods`), so the scorer can leave them out of stress
 * and weigh irritation less in morale.
 */
export type MoodKind = "irritation" | "flat";

export const MOOD_KINDS: ReadonlyMap<string, MoodKind> = new Map<string, MoodKind>([
  ...[
    "annoyed",
    "annoying",
    "annoys",
    "angry",
    "mad",
    "pissed",
    "irritated",
    "irritating",
    "frustrated",
    "frustrating",
    "frustration",
    "salty",
    "sour",
    "fed",
    "resentful",
    "bitter",
    "furious",
  ].map((w) => [w, "irritation"] as const),
  ...[
    "bored",
    "boring",
    "discouraged",
    "discouraging",
    "demotivated",
    "demotivating",
    "unmotivated",
    "deflated",
    "bummed",
    "meh",
    "eh",
    "bleh",
    "blah",
    "flat",
    "pointless",
    "down",
    "sad",
    "lonely",
    "isolated",
    "gutted",
    "demoralised",
    "demoralized",
    "demoralizing",
    "demoralising",
    "beaten",
  ].map((w) => [w, "flat"] as const),
]);
