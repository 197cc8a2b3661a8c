import type { Pillar } from "../../shared/pillars";
import type { ReadAnswer } from "../reader";
import { termsOf } from "./terms";

/**
 * What the trained reader sees of a conversation (issue 24 item 3), all of it general, none
 * of it a sentence of anyone's: the rule reader's five scores, how the answers to each
 * pillar's questions felt and how the last ones did, and per answer its
 * terms (words, pairs of words, negation marked) and the rule reader's signals, each alone
 * and under the pillar of the question it answers ("burnout_risks|sleep"). Per answer keys
 * are kept apart so the scorer can say which answers bore on a score (the evidence).
 * Linear in the conversation's length. The one-tap ratings are not features: they weigh in
 * beside the words' probabilities (bands.ts, `withRating`), with a meaning of their own.
 */
export type Features = {
  /** The conversation's features: numeric ones and log(1 + count) of each answer key. */
  vector: Map<string, number>;
  /** Each answer's keys (an answer to a rating question has none: the rating speaks for it). */
  answers: string[][];
};

const DIMENSIONS = ["morale", "confidence", "stress", "sales_strength", "blockers"] as const;
const PILLAR_KEYS: readonly Pillar[] = [
  "morale",
  "quota_confidence",
  "burnout_risks",
  "team_dynamics",
  "sales_strength",
  "blockers",
];

/**
 * The numeric features are halved: at full scale their weights drowned the words' (they are
 * penalised alike in training), and the reader did worse on writers it had not seen
 * (leave-one-writer-out, the four: 78.3 % at 1, 78.8 % at 0.5; README → Decisions).
 */
const NUMERIC_SCALE = 0.5;

const mean = (values: readonly number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Strain said plainly enough to count as an answer to the stress question wherever it is said:
 * a whole sign of strain ("exhausted", "working every night"; "a bit tired" is half of one) in
 * an answer whose strain reads clearly negative ("busy week, a few late nights, but ok" does not).
 */
const ROUTED_STRAIN = 1;
const ROUTED_STRAIN_FEELING = -0.35;
/** The keys that say strain, which such an answer also files under the stress question. */
const STRAIN_KEYS = ["@strain", "@stress_high"];

/**
 * A clear strain told to another question ("how's the team?" "fine, I'm running on empty"):
 * its signs of strain count as if told to the stress question, as well as under its own
 * question's pillar, where the mild mentions usual there had taught the model to weigh them
 * little (a chat told that way read mid stress, with no alert). Only the signs are filed
 * there, not its other words: those still speak to the question it answers.
 */
function toldStrainElsewhere(answer: ReadAnswer): boolean {
  const { strain, strainCompound } = answer.reading;
  return answer.pillar !== "burnout_risks" && strain >= ROUTED_STRAIN && strainCompound <= ROUTED_STRAIN_FEELING;
}

/** One answer's keys: its terms and signals, alone and under its question's pillar (and clear strain under the stress question's). */
function keysOf(answer: ReadAnswer): string[] {
  const own = [
    ...termsOf(answer.content),
    ...answer.reading.signals.map((s) => `@${s}`),
    ...(answer.reading.strain > 0 ? ["@strain"] : []),
    ...(answer.reading.saysNone ? ["@none"] : []),
    ...(answer.reading.hedged ? ["@hedged"] : []),
    ...answer.reading.blockers.map((b) => `@blocker:${b.theme}`),
  ];
  const unique = [...new Set(own)];
  const filed = answer.pillar ? unique.map((k) => `${answer.pillar}|${k}`) : [];
  const routed = toldStrainElsewhere(answer) ? STRAIN_KEYS.map((k) => `burnout_risks|${k}`) : [];
  return [...unique, ...filed, ...routed];
}

export function featuresOf(
  answers: readonly ReadAnswer[],
  readerRaw: Partial<Record<(typeof DIMENSIONS)[number], number>>,
): Features {
  const vector = new Map<string, number>();
  const set = (key: string, value: number) => {
    if (value !== 0) vector.set(key, value * NUMERIC_SCALE);
  };
  for (const d of DIMENSIONS) {
    const raw = readerRaw[d];
    if (raw === undefined) set(`#reader:${d}:none`, 1);
    else set(`#reader:${d}`, (raw - 50) / 25);
  }

  const talk = answers.filter((a) => !a.rating);
  const feelings = talk.map((a) => a.reading.sentiment.compound);
  for (const pillar of PILLAR_KEYS) {
    set(`#feeling:${pillar}`, mean(talk.filter((a) => a.pillar === pillar).map((a) => a.reading.sentiment.compound)));
  }
  // A chat that turns at the end: the last two answers on a pillar's question, apart.
  const lastOnPillar = talk.filter((a) => a.pillar !== null).slice(-2);
  set("#feeling:last", mean(lastOnPillar.map((a) => a.reading.sentiment.compound)));
  set("#feeling:lowest", Math.min(0, ...feelings));
  set("#feeling:mean", mean(feelings));
  set("#strain", Math.log1p(talk.reduce((sum, a) => sum + a.reading.strain, 0)));

  const counts = new Map<string, number>();
  const perAnswer = answers.map((a) => (a.rating ? [] : keysOf(a)));
  for (const keys of perAnswer) for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const [key, count] of counts) vector.set(key, Math.log1p(count));
  return { vector, answers: perAnswer };
}
