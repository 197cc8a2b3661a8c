/**
 * Word helpers shared by the reader (worker/language/lexicon.ts), the themes and the
 * conversation rules. worker/language/ is a leaf: it imports nothing from ai/ or checkin/.
 */

/** All words, lower-cased, without punctuation (apostrophes kept inside words). */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []).map((w) => w.replace(/’/g, "'"));
}
