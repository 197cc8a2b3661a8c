import type { Segment } from "./lexicon";
import { isObstacle } from "./themes";
import { wordsOf } from "./words";

/**
 * The shape of a whole answer, beyond its words: a bare "nope", an "ok, …" verdict first,
 * "nothing really", a "fine" that denies a strain beside it, a strain that is over ("but
 * fine now"), and figures said without the sign. Linear patterns on one answer, each after
 * a length check.
 */

/** "Nope", "not really"; not "no doubt" or "no worries". */
const BARE_NO =
  /^(?:no|nope|nah|not really|not at all|not very|hardly|hell no)\b(?![\s,]+(?:doubt|problem|problems|worries|issue|issues|question|sweat|stress|pressure)\b)/;
/** A bare no ("nope", "not really"): to "how confident are you?", doubt. */
export const saysNo = (text: string) =>
  wordsOf(text).length <= 3 && BARE_NO.test(text.trim().slice(0, 20).toLowerCase());

/** "Ok, …", "I'm fine, …", "alright but …": the speaker's own verdict comes first. */
const OK_OPENER = /^(?:i'?m |im |it'?s |its |all |doing |been )?(?:ok|okay|fine|alright|decent|not bad)\b/;
export const opensOk = (text: string) => OK_OPENER.test(text.trim().slice(0, 40).toLowerCase());

/** "Nothing really", "honestly nothing", "can't think of anything", "all good", "smooth sailing". */
const NONE =
  /^(?:(?:honestly|tbh|um+|hmm+|eh|well|truthfully|really)[\s,]+)?(?:nothing|none|nah|nope|no blockers?|no issues|not really|not much|nada|zero|not a thing|can'?t think of anything|nothing comes to mind|all good|all clear|no complaints|smooth sailing|zip|zilch)\b/;
/** What narrows a "nothing": "nothing at work, just time". */
const NONE_BUT = /\b(?:just|except|but|apart from|other than|besides|work|personal)\b/;

/** The answer says nothing is in the way: "Nothing really.", "nah", "nothing right now". */
export function saysNone(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (t.length > 300 || !NONE.test(t)) return false;
  const rest = t.replace(NONE, "");
  if (!NONE_BUT.test(rest)) return true;
  // "Nothing, just wrapping up": a "just" that names no obstacle and no load still says nothing is in the way.
  return (
    JUST.test(rest) &&
    !NONE_BUT.test(rest.replace(JUST, "")) &&
    !LOAD.test(rest) &&
    !isObstacle(wordsOf(rest).join(" "))
  );
}

const JUST = /^[\s,.!-]*(?:(?:really|much|major|big|now|right now)[\s,.!-]+)?just\b/;
/** "Nothing, just time", "not much, just the sheer volume": the load is what is in the way. */
const LOAD = /\b(?:time|volume|load|workload|bandwidth|capacity)\b/;

/**
 * "I'm fine, honestly. Just haven't had a weekend off since August": beside a sign of
 * strain, a plain "fine" is denial, and counts nothing.
 */
export function denied(segment: Segment, strained: boolean): number | null {
  // After a "but" it is the last word, not a denial: "tired from the baby but work itself is fine".
  return strained && segment.valence > 0 && segment.marks.length === 0 && segment.weight < 1.5 ? 0 : null;
}

/** "Now", "these days": the clause speaks of the present, against a past before the "but". */
const NOWADAYS = /(?:^| )(?:now|these days|nowadays|anymore)(?: |$)/;

/**
 * "It was a stressful Monday but fine now", "was burned out in October but I'm good now":
 * every sign of strain sits before a "but" whose clause says things are good now.
 */
export function strainOver(segments: readonly Segment[]): boolean {
  const after = segments.filter((s) => s.weight === 1.5);
  const now = after.some((s) => NOWADAYS.test(s.text)) && after.reduce((sum, s) => sum + s.valence, 0) > 0;
  if (now && segments.every((s) => s.strain === 0 || s.weight < 1)) return true;
  // "Fine now, was a stressful start to the week": every strain told in the past, beside a good "now".
  const goodNow = segments.some((s) => NOWADAYS.test(s.text) && s.valence > 0 && s.strain === 0);
  return goodNow && segments.every((s) => s.strain === 0 || PAST.test(s.text));
}

const PAST = /(?:^| )(?:was|were|had been)(?: |$)/;

/**
 * "Probably a 6." to a 1-to-10 question is a rating of 6/10; "should make 80", "I'm at
 * 55", "70ish" are percentages of the number said without the sign.
 */
export function asRating(text: string): string {
  if (text.length > 300 || /%|percent|\/\s*10|out of 10/i.test(text)) return text;
  const numbers = text.match(/\b\d+\b/g) ?? [];
  if (numbers.length === 1) {
    const n = Number(numbers[0]);
    if (n >= 1 && n <= 10) return text.replace(/\b\d+\b/, `${n}/10`);
  }
  // A figure from 30 to 200 with no unit after it ("80 deals", "55k", "90 days" are not one).
  return text.replace(
    /\b(\d{2,3})(?:ish)?\b(?!\s*(?:k|m|%|[a-z]*\s*(?:deals?|accounts?|calls?|days?|weeks?|months?|hours?|hrs?|people|reps?|meetings?|logos?|mins?|minutes?|years?|grand|dollars?|pounds?|euros?)\b))/gi,
    (whole, n: string) => (Number(n) >= 30 && Number(n) <= 200 ? `${n}%` : whole),
  );
}
