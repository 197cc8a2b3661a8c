/**
 * Kinds of bad feeling that are not strain. "Annoyed", "frustrated" say something is
 * irritating; "angry", "pissed", "furious" say more; "bored", "discouraged", "meh" say the
 * spark is gone. None is being worn down: "not stressed, just angry" is no burnout risk.
 * An irritated week is not yet low morale; anger and a lost spark are. The reader keeps these words' share of a segment's value apart
 * (worker/language/lexicon.ts `Segment.moods`), so the scorer can leave them out of stress
 * and weigh irritation less in morale.
 */
export type MoodKind = "irritation" | "anger" | "flat";

export const MOOD_KINDS: ReadonlyMap<string, MoodKind> = new Map<string, MoodKind>([
  ...[
    "annoyed",
    "annoying",
    "annoys",
    "irritated",
    "irritating",
    "frustrated",
    "frustrating",
    "frustration",
    "salty",
    "emojiangry",
    "sour",
    "fed",
  ].map((w) => [w, "irritation"] as const),
  ...["angry", "mad", "pissed", "furious", "livid", "resentful", "bitter", "fuming"].map((w) => [w, "anger"] as const),
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
