/**
 * Training the reader's model from labelled check-ins (issue 24 item 3), shared by
 * `npm run train` (all dev writers) and the evaluation's leave-one-writer-out (all dev
 * writers but one). Feature selection uses only the writers it trains on: a term counts
 * when at least `minWriters` of them (10 of the 35 dev writers, as of the 27; 8 when there were 15) used it, so one writer's turns of phrase
 * are never learnt as if everyone spoke that way (README → Decisions has 5 and 11).
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
  /**
   * Weights smaller than this are left out of the file: 0.015 since thirty-five writers (LOWO the
   * same as 0.01, 83.7 %, the weights 128 KB gzipped instead of 183; 0.02: 83.5 %, 86 KB).
   */
  prune: number;
};
export const TRAIN: TrainOptions = { ...FIT, minWriters: 10, teamWeight: 0.4, prune: 0.015 };

export type Featured = Case & {
  features: { vector: Map<string, number>; ratings: Record<RatingKind, number | null> };
};

/** The score each one-tap rating speaks to. */
export const RATING_DIMENSION: Record<RatingKind, Dimension> = { burnout: "stress", confidence: "confidence" };

/**
 * P(rating = v | band low, mid, high), v = 1…5, per one-tap rating: set by hand from what each
 * scale's anchors say, checked against the dev writers' check-ins, and kept in order. Counted
 * from the labels instead, the table was not ordinal (a 1 on burnout went with high stress more
 * often than with mid, a 2 on confidence read lower than a 1; README → Decisions). Burnout: a 3
 * or more is the single-item measure's own line ("definitely burning out"), so it is rare below
 * high strain (in the dev writers' check-ins, 56 ratings of 3–5, all labelled high), while a 1
 * or 2 comes from every band, strained people who deny it among them (56 of 107). Confidence:
 * the anchors name the bands (1–2 unlikely, 3 either way, 4–5 likely). Each column sums to 1,
 * and the ratio of a higher band to a lower one rises with the rating, so a higher rating never
 * lowers the band (tests/unit/trained-reader.test.ts holds the shipped file to both).
 */
export const RATING_LIKELIHOOD: Record<RatingKind, [number, number, number][]> = {
  burnout: [
    [0.6, 0.3, 0.14],
    [0.37, 0.62, 0.31],
    [0.02, 0.05, 0.3],
    [0.008, 0.022, 0.17],
    [0.002, 0.008, 0.08],
  ],
  confidence: [
    [0.3, 0.03, 0.003],
    [0.58, 0.07, 0.0075],
    [0.1, 0.7, 0.08],
    [0.015, 0.13, 0.4],
    [0.005, 0.07, 0.5095],
  ],
};

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
      burnout: { likelihood: RATING_LIKELIHOOD.burnout },
      confidence: { likelihood: RATING_LIKELIHOOD.confidence },
    },
  };
}
