import { SCORE_DIMENSIONS, type ScoreDimension } from "../../shared/pillars";

/**
 * The trained reader's model (issue 24 item 3): per score, a proportional-odds (ordinal
 * logistic) model over the conversation's features. A weighted sum of the features is the
 * score's latent value η; two thresholds cut it into the three bands the dashboard shows
 * (low < θ₁ ≤ mid < θ₂ ≤ high), and P(band ≤ k) = σ(θₖ − η) gives each band's probability.
 * One latent per score keeps the stored number monotone in the evidence: more strain never
 * lowers stress. The weights are data (weights.json), written by `npm run train`: the
 * feature names once, then per score one weight per name, in the same order.
 */
export type ModelFile = {
  version: number;
  /** The writers whose check-ins it was trained on. */
  trainedOn: string[];
  keys: string[];
  targets: Record<ScoreDimension, { weights: number[]; thresholds: [number, number] }>;
};

export type TargetModel = {
  index: ReadonlyMap<string, number>;
  weights: readonly number[];
  thresholds: [number, number];
};
export type ReaderModel = Record<ScoreDimension, TargetModel>;

export type Band = 0 | 1 | 2;

const compiled = new WeakMap<ModelFile, ReaderModel>();

/** The file made ready to score (the name index built once per file). */
export function compileModel(file: ModelFile): ReaderModel {
  const ready = compiled.get(file);
  if (ready) return ready;
  const index = new Map(file.keys.map((key, i) => [key, i]));
  const model = {} as ReaderModel;
  for (const dimension of SCORE_DIMENSIONS) model[dimension] = { index, ...file.targets[dimension] };
  compiled.set(file, model);
  return model;
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

const weightOf = (model: TargetModel, key: string) => {
  const i = model.index.get(key);
  return i === undefined ? 0 : (model.weights[i] ?? 0);
};

/** η: the weighted sum of the features the model knows (others count nothing). */
export function latentOf(model: TargetModel, vector: ReadonlyMap<string, number>): number {
  let eta = 0;
  for (const [key, value] of vector) eta += weightOf(model, key) * value;
  return eta;
}

/** P(low), P(mid), P(high) at η. */
export function bandProbabilities(model: TargetModel, eta: number): [number, number, number] {
  const [low, mid] = model.thresholds;
  const atMostLow = sigmoid(low - eta);
  const atMostMid = sigmoid(mid - eta);
  return [atMostLow, Math.max(0, atMostMid - atMostLow), 1 - atMostMid];
}

/** The band η falls in. */
export function bandOf(model: TargetModel, eta: number): Band {
  const [low, mid] = model.thresholds;
  return eta < low ? 0 : eta < mid ? 1 : 2;
}

/**
 * η on the 0–100 scale, monotone: θ₁ is 40 and θ₂ is 60, with the same slope outside them,
 * so the stored score's band is the model's band (< 40 low, < 60 mid, else high).
 */
export function scoreOf(model: TargetModel, eta: number): number {
  const [low, mid] = model.thresholds;
  const slope = 20 / Math.max(1e-6, mid - low);
  return 40 + (eta - low) * slope;
}

/** How much one answer's keys move η (their counts taken as one each). */
export function contributionOf(model: TargetModel, keys: readonly string[]): number {
  let sum = 0;
  for (const key of keys) sum += weightOf(model, key);
  return sum;
}

/** A weights file is whole: every score, one weight per name, thresholds in order. Throws otherwise. */
export function checkedModel(file: unknown): ModelFile {
  const f = file as Partial<ModelFile>;
  const whole =
    Array.isArray(f.keys) &&
    SCORE_DIMENSIONS.every((d) => {
      const t = f.targets?.[d];
      return (
        t && t.weights.length === f.keys?.length && t.thresholds.length === 2 && t.thresholds[0] <= t.thresholds[1]
      );
    });
  if (!whole) throw new Error("worker/scoring/model/weights.json is not a whole model: run npm run train");
  return f as ModelFile;
}
