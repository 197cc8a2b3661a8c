/**
 * Fitting the trained reader (issue 24 item 3): one softmax model per score over sparse
 * features, by full-batch Adam on the mean negative log-likelihood plus an L2 penalty.
 * Deterministic (no sampling: the same data give the same weights), so `npm run train`
 * writes the same file twice. Shared by `npm run train` and the evaluation's
 * leave-one-writer-out (tests/eval/lowo.ts), so both fit exactly alike.
 */
export type Example = { x: readonly (readonly [number, number])[]; y: 0 | 1 | 2; weight: number };
export type FitOptions = { l2: number; iterations: number; rate: number };

export const FIT: FitOptions = { l2: 0.02, iterations: 150, rate: 0.05 };

/** The examples as one sparse matrix (rows of column, value pairs), for speed. */
function packed(examples: readonly Example[]) {
  const offsets = new Int32Array(examples.length + 1);
  examples.forEach((e, i) => {
    offsets[i + 1] = (offsets[i] as number) + e.x.length;
  });
  const columns = new Int32Array(offsets[examples.length] as number);
  const values = new Float64Array(columns.length);
  examples.forEach((e, i) => {
    e.x.forEach(([j, value], k) => {
      columns[(offsets[i] as number) + k] = j;
      values[(offsets[i] as number) + k] = value;
    });
  });
  return { offsets, columns, values };
}

/** A multinomial (softmax) model: one row of weights and a bias per band (low, mid, high). */
export function fitSoftmax(
  examples: readonly Example[],
  dimension: number,
  options: FitOptions = FIT,
): { w: Float64Array[]; b: number[] } {
  const { offsets, columns, values } = packed(examples);
  const ys = examples.map((e) => e.y);
  const total = examples.reduce((sum, e) => sum + e.weight, 0);
  const scales = examples.map((e) => e.weight / total);
  const K = 3;
  const size = K * (dimension + 1);
  const params = new Float64Array(size);
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  const grad = new Float64Array(size);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  const z = new Float64Array(K);
  for (let t = 1; t <= options.iterations; t++) {
    grad.fill(0);
    for (let i = 0; i < ys.length; i++) {
      const from = offsets[i] as number;
      const to = offsets[i + 1] as number;
      let max = -Infinity;
      for (let k = 0; k < K; k++) {
        const base = k * (dimension + 1);
        let s = params[base + dimension] as number;
        for (let q = from; q < to; q++) s += (params[base + (columns[q] as number)] as number) * (values[q] as number);
        z[k] = s;
        if (s > max) max = s;
      }
      let sum = 0;
      for (let k = 0; k < K; k++) {
        z[k] = Math.exp((z[k] as number) - max);
        sum += z[k] as number;
      }
      const scale = scales[i] as number;
      for (let k = 0; k < K; k++) {
        const base = k * (dimension + 1);
        const g = scale * ((z[k] as number) / sum - (ys[i] === k ? 1 : 0));
        for (let q = from; q < to; q++) {
          const j = base + (columns[q] as number);
          grad[j] = (grad[j] as number) + g * (values[q] as number);
        }
        grad[base + dimension] = (grad[base + dimension] as number) + g;
      }
    }
    for (let k = 0; k < K; k++) {
      const base = k * (dimension + 1);
      for (let j = 0; j < dimension; j++)
        grad[base + j] = (grad[base + j] as number) + options.l2 * (params[base + j] as number);
    }
    const c1 = 1 - b1 ** t;
    const c2 = 1 - b2 ** t;
    for (let j = 0; j < size; j++) {
      const g = grad[j] as number;
      const mj = b1 * (m[j] as number) + (1 - b1) * g;
      const vj = b2 * (v[j] as number) + (1 - b2) * g * g;
      m[j] = mj;
      v[j] = vj;
      params[j] = (params[j] as number) - (options.rate * (mj / c1)) / (Math.sqrt(vj / c2) + eps);
    }
  }
  const w = [0, 1, 2].map((k) => params.slice(k * (dimension + 1), k * (dimension + 1) + dimension));
  const b = [0, 1, 2].map((k) => params[k * (dimension + 1) + dimension] as number);
  return { w, b };
}
