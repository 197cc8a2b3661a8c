import { normaliseHours, unfoldEchoes } from "./chat";
import type { Mark } from "./phrases";

/**
 * Figures in chat answers: percentages, ratings out of ten, ranges and fractions of the
 * number become one token each (`pct80`, `rate7`), and a percentage is read as attainment,
 * a forecast, or nothing (a what-if, a limit, a discount). Every pattern is linear and runs
 * on one answer.
 */
export const PCT = /^pct(\d{1,3})$/;
export const RATE = /^rate(\d{1,2})$/;
export const CONFIDENCE_NOUNS = new Set(["confident", "sure", "certain", "likely", "chance", "odds", "there"]);
const HYPOTHETICAL = new Set(["for", "as", "than", "if"]);
const LIMITS = new Set(["capped", "cap", "caps", "limited", "maxed", "maxes"]);
const FRACTIONS: Record<string, number> = {
  half: 50,
  "a third": 33,
  "two thirds": 67,
  "a quarter": 25,
  "three quarters": 75,
};

/**
 * Emoji carry the feeling in chat: a tired or crying face is a low mood, an angry one anger,
 * a smile or a fire a good one, and an upside-down smile says the sentence is ironic ("/s").
 */
const EMOJI: [RegExp, string][] = [
  [
    /[\u{1F629}\u{1F62B}\u{1F62D}\u{1F622}\u{1F61E}\u{1F614}\u{1F641}\u{2639}\u{1F625}\u{1F613}\u{1F62A}\u{1FAE0}]/gu,
    " emojisad ",
  ],
  [/[\u{1F624}\u{1F621}\u{1F92C}\u{1F620}]/gu, " emojiangry "],
  [
    /[\u{1F600}-\u{1F606}\u{1F60A}\u{1F642}\u{1F44D}\u{1F389}\u{1F525}\u{1F680}\u{1F4AA}\u{1F973}\u{1F60E}\u{1F929}]/gu,
    " emojihappy ",
  ],
  [/\u{1F643}/gu, " /s "],
];

function emojiAsWords(text: string): string {
  let out = text;
  for (const [pattern, word] of EMOJI) out = out.replace(pattern, word);
  return out;
}

/** What a figure says, as the reader's items do (lexicon.ts). */
export type FigureItem = { index: number; value: number; mark?: Mark | null; pct?: boolean; hedge?: boolean };

/** Percentages and ratings as one token: "60%" → pct60, "50/50" → pct50, "7 out of 10" → rate7. */
export function normalise(text: string): string {
  return (
    normaliseHours(unfoldEchoes(emojiAsWords(text.replace(/[’‘]/g, "'"))))
      // "Takes like 8 weeks": a count of days or weeks as one word the idioms can read.
      .replace(/\b\d{1,3}(?:\s*[-–]\s*\d{1,3})?\s+(weeks?|days?|months?)\b/gi, "several $1")
      // "50/50" is a coin toss, said as one.
      .replace(/\b50\s*[-/]\s*50\b/g, " coin flip ")
      // "Maybe half my number", "two thirds of quota": a fraction of the number is a percentage of it.
      .replace(
        /\b(half|a third|two thirds|a quarter|three quarters)(?= (?:of )?(?:my|the|our) (?:number|quota|target)\b)/gi,
        (_, f: string) => ` pct${FRACTIONS[f.toLowerCase()] ?? 50} `,
      )
      // A rating out of ten is read by what it rates: the number, a mood or a strain.
      .replace(/\b(10|[0-9])\s*(?:\/|out of)\s*10\b/gi, (_, n: string) => ` rate${Number(n)} `)
      // A price cut ("undercut us by 30%", "20% off") is not a confidence figure.
      .replace(/\bby\s+(\d{1,3})\s*(?:%|percent\b)/gi, "by $1 pctoff")
      .replace(/\b(\d{1,3})\s*(?:%|percent\b)(?=\s+(?:off|discount|cheaper|lower|less|more|higher)\b)/gi, "$1 pctoff")
      // "80-85%", "100–105 %": the middle of the range.
      .replace(/\b(\d{1,3})\s*[-–]\s*(\d{1,3})\s*(?=%|percent\b|per cent\b)/gi, (_, a: string, b: string) =>
        String(Math.round((Number(a) + Number(b)) / 2)),
      )
      .replace(/\b(\d{1,3})\s*(?:%|percent\b|per cent\b)/gi, " pct$1 ")
  );
}

/**
 * A percentage: attainment when it is "of" the quota or was hit ("at 110% of quota",
 * "hit 120%"), confidence when it qualifies one ("60% confident", "maybe 50%") or the
 * segment is about the quota. Under 70 % confidence is doubt; salespeople round up.
 */
export function percentItem(tokens: readonly string[], index: number, pct: number, quota: boolean): FigureItem | null {
  const before = tokens[index - 1] ?? "";
  const after = tokens[index + 1] ?? "";
  // "Why push for 130% if it pays the same as 100%", "capped at 150%": a what-if or a limit is no forecast.
  if (HYPOTHETICAL.has(before) || LIMITS.has(tokens[index - 2] ?? "")) return null;
  // "90% at best", "80 tops": a ceiling under the number is doubt.
  const ceiling = (after === "at" && tokens[index + 2] === "best") || after === "tops" || after === "max";
  if (ceiling && pct < 100) return { index, value: -1.5, mark: { signal: "confidence_low" }, pct: true, hedge: true };
  if (after === "of" || ["hit", "hitting", "reached", "over", "at"].includes(before)) {
    const value = Math.max(-2.5, Math.min(3, (pct - 80) / 6));
    const mark: Mark | null =
      pct >= 100 ? { signal: "confidence_high" } : pct < 70 ? { signal: "confidence_low" } : null;
    return { index, value, mark, pct: true };
  }
  if (
    CONFIDENCE_NOUNS.has(after) ||
    ["maybe", "about", "around", "probably", "like", "say"].includes(before) ||
    quota
  ) {
    // 70–90 % is the middle (salespeople round up), 100 % and over confidence, 60 % and under doubt.
    const value = Math.max(-4, Math.min(3, (pct - 78) / 8));
    const mark: Mark = pct < 70 ? { signal: "confidence_low" } : { signal: "confidence_high" };
    return { index, value, mark, pct: true, hedge: pct < 70 };
  }
  return null;
}
