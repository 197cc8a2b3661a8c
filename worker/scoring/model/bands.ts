import { SCORE_DIMENSIONS, type ScoreDimension } from "../../shared/pillars";
import { RATING_KINDS, type RatingKind } from "../../shared/self-rating";

/**
 * The trained reader's model (issue 24 item 3): per score, a multinomial logistic (softmax)
 * model over the conversation's features, one weight row per band (low, mid, high). The
 * band is the likeliest; where in the band the stored score sits follows P(high) − P(low),
 * so more evidence of a high never lowers the score inside its band. The weights are data
 * (weights.json), written by `npm run train`: the feature names once, then per score and
 * band one weight per name, in the same order. Softmax rather than an ordinal model: "mid"
 * is both "in between" and "barely discussed", which no single line through the bands fits
 * (README → Decisions, the figures of both).
 */
export type ModelFile = {
  version: number;
  /** The writers whose check-ins it was trained on. */
  trainedOn: string[];
  keys: string[];
  /** Per score; a score added to the registry since training has none until `npm run train`. */
  targets: Partial<Record<ScoreDimension, { weights: [number[], number[], number[]]; bias: [number, number, number] }>>;
  /**
   * Per one-tap rating (burnout speaks to stress, confidence to confidence): P(rating = 1…5 |
   * band) for each band (low, mid, high), set from the scales' anchors by `npm run train`
   * (tests/eval/train-model.ts says why they are not counted), in order: a higher rating never
   * lowers the band.
   */
  ratings: Record<RatingKind, { likelihood: [number, number, number][] }>;
};

export type TargetModel = {
  index: ReadonlyMap<string, number>;
  weights: readonly (readonly number[])[];
  bias: readonly number[];
};
export type ReaderModel = Partial<Record<ScoreDimension, TargetModel>>;

export type Band = 0 | 1 | 2;

const compiled = new WeakMap<ModelFile, ReaderModel>();

/** The file made ready to score (the name index built once per file). */
export function compileModel(file: ModelFile): ReaderModel {
  const ready = compiled.get(file);
  if (ready) return ready;
  const index = new Map(file.keys.map((key, i) => [key, i]));
  const model: ReaderModel = {};
  for (const dimension of SCORE_DIMENSIONS) {
    const target = file.targets[dimension];
    if (target) model[dimension] = { index, ...target };
  }
  compiled.set(file, model);
  return model;
}

/** P(low), P(mid), P(high) for the conversation's features (names the model does not know count nothing). */
export function bandProbabilities(model: TargetModel, vector: ReadonlyMap<string, number>): [number, number, number] {
  const z = [0, 1, 2].map((k) => model.bias[k] ?? 0);
  for (const [key, value] of vector) {
    const i = model.index.get(key);
    if (i === undefined) continue;
    for (let k = 0; k < 3; k++) z[k] = (z[k] as number) + (model.weights[k]?.[i] ?? 0) * value;
  }
  const top = Math.max(...z);
  const e = z.map((v) => Math.exp(v - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum) as [number, number, number];
}

/**
 * The words' band probabilities with a rating weighed in (issue 24 §6): Bayes' rule with the
 * rating's own likelihood per band, so a 5 on burnout moves stress up whatever was said, by
 * how much the scale says a rating of that value goes with each band (some who deny burnout
 * tap a 2, few who are fine tap a 4).
 */
export function withRating(
  probabilities: readonly [number, number, number],
  likelihood: readonly (readonly [number, number, number])[],
  value: number,
): [number, number, number] {
  const row = likelihood[value - 1];
  if (!row) return [...probabilities];
  const joint = probabilities.map((p, k) => p * (row[k] ?? 1));
  const sum = joint.reduce((a, b) => a + b, 0);
  return sum > 0 ? (joint.map((p) => p / sum) as [number, number, number]) : [...probabilities];
}

/** The likeliest band (a tie goes to the middle, then to the higher). */
export function bandOf(probabilities: readonly [number, number, number]): Band {
  const [low, mid, high] = probabilities;
  if (mid >= low && mid >= high) return 1;
  return high >= low ? 2 : 0;
}

/**
 * Where in its band (0 = its bottom, 1 = its top) a score sits, by P(high) − P(low), which
 * runs over −1…0 when low is likeliest, over 0…1 when high is, and about 0 in the middle.
 */
export function positionOf(probabilities: readonly [number, number, number], band: Band): number {
  const lean = probabilities[2] - probabilities[0];
  const position = band === 0 ? 1 + lean : band === 2 ? lean : (1 + lean) / 2;
  return Math.min(1, Math.max(0, position));
}

/** How much one answer's keys move the log-odds of high against low (their counts taken as one each). */
export function contributionOf(model: TargetModel, keys: readonly string[]): number {
  let sum = 0;
  for (const key of keys) {
    const i = model.index.get(key);
    if (i !== undefined) sum += (model.weights[2]?.[i] ?? 0) - (model.weights[0]?.[i] ?? 0);
  }
  return sum;
}

/** A weights file is whole: per score three rows of one weight per name and three biases, both ratings. Throws otherwise. */
export function checkedModel(file: unknown): ModelFile {
  const f = file as Partial<ModelFile>;
  const whole =
    Array.isArray(f.keys) &&
    RATING_KINDS.every((kind) => f.ratings?.[kind]?.likelihood.length === 5) &&
    f.targets !== undefined &&
    Object.values(f.targets).every(
      (t) => t?.weights.length === 3 && t.weights.every((row) => row.length === f.keys?.length) && t.bias.length === 3,
    );
  if (!whole) throw new Error("worker/scoring/model/weights.json is not a whole model: run npm run train");
  return f as ModelFile;
}
