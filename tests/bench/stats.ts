/**
 * Percentiles for the benchmark: nearest-rank on the sorted samples (the smallest value
 * with at least q % of the samples at or below it), so every figure is a latency that was
 * actually observed, never an interpolation between two. Rounded to 0.1 ms.
 */
export type Percentiles = { p50: number; p95: number; p99: number; count: number; max: number };

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

const round = (value: number) => Math.round(value * 10) / 10;

export function summarize(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    count: sorted.length,
    max: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

/** app ÷ floor, two decimals (a ratio of 1.25 means the app adds 25 % to the floor). */
export function ratio(app: number, floor: number): number {
  return Math.round((app / floor) * 100) / 100;
}
