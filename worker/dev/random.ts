/**
 * Deterministic made-up data for the demo seed and the benchmark's fixture: the same
 * numbers on every machine, so a screenshot or a benchmark run can be compared.
 */

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A whole score within [min, max]. */
export const clampScore = (value: number, min: number, max: number) => Math.round(Math.min(max, Math.max(min, value)));
