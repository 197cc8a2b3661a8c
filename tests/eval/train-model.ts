/**
 * Training the reader's model from labelled check-ins (issue 24 item 3), shared by
 * `npm run train` (all dev writers) and the evaluation's leave-one-writer-out (all dev
 * writers but one). Feature selection uses only the writers it trains on: a term counts
 * when at least `minWriters` of them (8, about half) used it, so one writer's turns of phrase
 * are never learnt as if everyone spoke that way (5 and 11 did worse on writers left out:
 * README → Decisions).
 */
import type { Dimension, ModelFile, RatingKind } from "../tools/judge-types.ts";
import type { Band, BandPillar, Case } from "./cases.ts";
import { type Example, FIT, type FitOptions, fitSoftmax } from "./fit.ts";

export const DIMENSION_LABEL: Record<Dimension, BandPillar> = {
  morale: "morale",
  confidence: "quota_confidence",
  stress: "burnout_risks",
  sales_strength: "sales_strength",
  blockers: "blockers",
};
const Y: Record<Band, 0 | 1 | 2> = { low: 0, mid: 1, high: 2 };

export type TrainOptions = FitOptions & {
  /** A term is kept when this many training writers used it. */
  minWriters: number;
  /** How much one of the team's own check-ins counts beside an independent writer's. */
  teamWeight: number;
  /** Weights smaller than this are left out of the file. */
  prune: number;
};
export const TRAIN: TrainOptions = { ...FIT, minWriters: 8, teamWeight: 0.4, prune: 0.01 };

export type Featured = Case & {
  features: { vector: Map<string, number>; ratings: Record<RatingKind, number | null> };
};

/** The score each one-tap rating speaks to. */
export const RATING_DIMENSION: Record<RatingKind, Dimension> = { burnout: "stress", confidence: "confidence" };

/**
 * P(rating = v | band), v = 1…5, as an ordinal (cumulative-logit) model: a rating is a
 * latent level, logistic around a location per band (low ≤ mid ≤ high), cut into five by
 * four shared thresholds; fitted by maximum likelihood on the training check-ins that carry
 * the rating, one pseudo-count per rating and band. A higher rating therefore always moves
 * the band up, never down. The counted table it replaced was not ordinal: writers' depleted
 * people who deny it tapped a 1 more often than their middling ones, so a 1 raised stress
 * (README → Decisions).
 */
function likelihoodOf(cases: readonly Featured[], kind: RatingKind): [number, number, number][] {
  const counts = [1, 2, 3, 4, 5].map(() => [1, 1, 1]);
  for (const c of cases) {
    const value = c.features.ratings[kind];
    if (value === null) continue;
    const row = counts[value - 1];
    const band = Y[c.expected[DIMENSION_LABEL[RATING_DIMENSION[kind]]]];
    if (row) row[band] = (row[band] as number) + 1;
  }
  const logLikelihood = (p: readonly number[]) =>
    ordinalTable(p).reduce(
      (sum, row, v) => sum + row.reduce((s, q, k) => s + (counts[v]?.[k] ?? 0) * Math.log(q), 0),
      0,
    );
  // Gradient ascent by central differences, the step growing after a gain and halved after a loss: six parameters, fifteen cells.
  let params = [-1.5, 0, 0, 0, 0, 0];
  let best = logLikelihood(params);
  let step = 0.5;
  for (let t = 0; t < 3000 && step > 1e-9; t++) {
    const gradient = params.map((_, i) => {
      const up = [...params];
      const down = [...params];
      up[i] = (up[i] as number) + 1e-6;
      down[i] = (down[i] as number) - 1e-6;
      return (logLikelihood(up) - logLikelihood(down)) / 2e-6;
    });
    const norm = Math.sqrt(gradient.reduce((s, g) => s + g * g, 0));
    if (norm < 1e-8) break;
    const next = params.map((p, i) => p + (step * (gradient[i] as number)) / norm);
    const value = logLikelihood(next);
    if (value > best) {
      params = next;
      best = value;
      step *= 1.2;
    } else step /= 2;
  }
  return ordinalTable(params).map((row) => row.map((q) => Number(q.toPrecision(4)))) as [number, number, number][];
}

/** The five-by-three table of an ordinal model: the first threshold, three gaps, and two location steps (logs). */
function ordinalTable(p: readonly number[]): number[][] {
  const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
  const thresholds = [p[0] as number];
  for (let i = 1; i < 4; i++) thresholds.push((thresholds[i - 1] as number) + Math.exp(p[i] as number));
  const locations = [0, Math.exp(p[4] as number)];
  locations.push((locations[1] as number) + Math.exp(p[5] as number));
  return [0, 1, 2, 3, 4].map((v) =>
    locations.map((mu) => {
      const above = v === 4 ? 1 : sigmoid((thresholds[v] as number) - mu);
      const below = v === 0 ? 0 : sigmoid((thresholds[v - 1] as number) - mu);
      return Math.max(above - below, 1e-12);
    }),
  );
}

export function trainModel(cases: readonly Featured[], options: TrainOptions = TRAIN): ModelFile {
  const writersOf = new Map<string, Set<string>>();
  for (const c of cases) {
    for (const key of c.features.vector.keys()) {
      const seen = writersOf.get(key) ?? new Set<string>();
      seen.add(c.writer);
      writersOf.set(key, seen);
    }
  }
  // The conversation's numeric features ("#reader:stress", "#feeling:last") are no one's words: always kept.
  const keys = [...writersOf]
    .filter(([key, writers]) => key.startsWith("#") || writers.size >= options.minWriters)
    .map(([key]) => key)
    .sort();
  const index = new Map(keys.map((k, i) => [k, i]));
  const rows = cases.map((c) =>
    [...c.features.vector]
      .filter(([k]) => index.has(k))
      .map(([k, v]) => [index.get(k) as number, v] as const)
      .sort((a, b) => a[0] - b[0]),
  );
  const targets = {} as ModelFile["targets"];
  for (const dimension of Object.keys(DIMENSION_LABEL) as Dimension[]) {
    const examples: Example[] = cases.map((c, i) => ({
      x: rows[i] as Example["x"],
      y: Y[c.expected[DIMENSION_LABEL[dimension]]],
      weight: c.writer === "team" ? options.teamWeight : 1,
    }));
    const fitted = fitSoftmax(examples, keys.length, options);
    const rounded = (w: number) => (Math.abs(w) >= options.prune ? Math.round(w * 1000) / 1000 : 0);
    targets[dimension] = {
      weights: fitted.w.map((row) => Array.from(row, rounded)) as [number[], number[], number[]],
      bias: fitted.b.map((b) => Math.round(b * 1000) / 1000) as [number, number, number],
    };
  }
  // Names no score uses are left out of the file.
  const used = keys.map((_, i) => Object.values(targets).some((t) => t.weights.some((row) => row[i] !== 0)));
  for (const t of Object.values(targets)) {
    t.weights = t.weights.map((row) => row.filter((_, i) => used[i])) as [number[], number[], number[]];
  }
  return {
    version: 1,
    trainedOn: [...new Set(cases.map((c) => c.writer))].sort(),
    keys: keys.filter((_, i) => used[i]),
    targets,
    ratings: {
      burnout: { likelihood: likelihoodOf(cases, "burnout") },
      confidence: { likelihood: likelihoodOf(cases, "confidence") },
    },
  };
}
