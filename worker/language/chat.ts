/**
 * Chat English the word lists cannot see on their own: hours written as figures, a
 * question echoed back and answered ("Relaxed? Haven't been in months"), and the openers
 * of sarcasm. Every pattern here runs on one answer after the caller's length check, and
 * is linear (no nested quantifiers).
 */

const LATE_AM = new Set([12, 1, 2, 3, 4, 5, 6]);
const LATE_PM = new Set([10, 11]);

/**
 * Hours as tokens: a night-time hour ("11pm", "1-2am", "midnight") is `latehour`, a week of
 * 50 hours or more (“60-70 hour weeks”, "55 hrs a week") `longweeks`, a day of 10 or more
 * `longdays`.
 */
export function normaliseHours(text: string): string {
  return (
    text
      // "From 7am … till 9pm": a working day of twelve hours or more.
      .replace(
        /\b([5-9])\s*am\b([^.!?\n]{0,60}?)\b(7|8|9|10|11)\s*pm\b/gi,
        (whole, a: string, between: string, b: string) =>
          12 - Number(a) + Number(b) >= 12 ? ` longdays ${between} ` : whole,
      )
      .replace(/\bmidnight\b/gi, " latehour ")
      // "4 hours sleep", "5hrs of sleep": a short night.
      .replace(/\b[0-5](?:\.5)?\s*(?:hours?|hrs?|h)\s+(?:of\s+)?sleep\b/gi, " shortsleep ")
      .replace(
        /\b(1[0-2]|[1-9])(?:\s*-\s*(1[0-2]|[1-9]))?\s*(am|pm)\b/gi,
        (whole, a: string, b: string | undefined, ap) => {
          const hour = Number(b ?? a);
          const late = String(ap).toLowerCase() === "am" ? LATE_AM.has(hour) : LATE_PM.has(hour);
          return late ? " latehour " : whole;
        },
      )
      .replace(
        /\b(\d{2})(?:\s*[-–]\s*(\d{2}))?\s*\+?\s*(?:hour|hours|hr|hrs|h)(?:\s+work)?\s*(weeks?|a week|per week|days?|a day|per day)\b/gi,
        (whole, a: string, b: string | undefined, unit: string) => {
          const hours = Number(b ?? a);
          if (/week/i.test(unit)) return hours >= 50 ? " longweeks " : whole;
          return hours >= 10 && hours <= 24 ? " longdays " : whole;
        },
      )
  );
}

/**
 * A question echoed and denied: "Relaxed? Haven't been in months" says "not relaxed", and
 * "Motivated? not really." "not motivated". The echo is one to three words before a "?",
 * at the start of the answer or of a sentence.
 */
const ECHO =
  /(^|[.!\n]\s*)([A-Za-z']{2,20}(?: [A-Za-z']{1,20}){0,2})\?\s+(?=(?:not|no|nope|nah|never|hardly|barely|haven't|havent|hasn't|hasnt|wasn't|isn't|ain't|definitely not)\b)/gi;

export function unfoldEchoes(text: string): string {
  return text.replace(ECHO, (_, start: string, echo: string) => `${start}not ${echo}. `);
}

/** Openers and turns of phrase that say the sentence means the opposite of its words. */
const IRONY = [
  /^(?:oh|yeah|wow|well)\b[\s,!.]*(?:i |we )?(?:just |really |so |totally |how )?(?:great|love|fantastic|awesome|perfect|wonderful|brilliant|nice|super|lovely|fun)\b/,
  /^(?:great|perfect|fantastic|wonderful|awesome|brilliant)[,!]\s*(?:another|more|just what)\b/,
  /^(?:sure|yeah|oh|right)\b[\s,]*(?:because|cause|cuz|coz)\b/,
  /^(?:yeah|oh|sure) (?:totally|definitely|absolutely)\b/,
  /\b(?:everyone'?s|every ?one'?s|my|a) (?:dream|fave|favourite|favorite thing)\b/,
  /\bwhat a (?:life|joy|treat|dream|time to be alive)\b/,
  /\bwho doesn'?t love\b/,
  /\bjust what i needed\b/,
  /\bcan'?t you tell\b/,
  /\bwhat could (?:possibly )?go wrong\b/,
  /^(?:sure|yeah right|right)\b[\s,]+(?:i'?ll|we'?ll|i will|we will) just\b/,
  // The chat marker for sarcasm: "it's been a blast /s".
  /(?:^|\s)\/s(?:\s|$)/,
  /\bsaid no one\b/,
  /\bas long as i (?:never|don'?t) (?:sleep|eat|see|stop)\b/,
  /\bgreat for my (?:health|sanity|family|marriage|sleep)\b/,
  // Loving drudgery ("love typing the same notes into three systems"); "love working with them" is sincere.
  /\blove (?:spending|giving up|losing|chasing|updating|starting|answering|typing|filling|entering|redoing|copying|logging|re-entering|sitting in|waiting)\b/,
];

export function ironic(sentence: string): boolean {
  const s = sentence.toLowerCase().trim();
  return IRONY.some((pattern) => pattern.test(s));
}

/** Sentence openers that take back what came before: "Well, honestly not really, …". */
const RETRACTIONS =
  /^(?:well[\s,]+)?(?:honestly|actually|tbh|truthfully|to be honest)?[\s,]*not really\b|^(?:well[\s,]+)?actually\b/;

export function retracts(sentence: string): boolean {
  return RETRACTIONS.test(sentence.toLowerCase().trim());
}
