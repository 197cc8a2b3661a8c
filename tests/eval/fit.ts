/**
 * Fitting the trained reader (issue 24 item 3): one proportional-odds model per score over
 * sparse features, by full-batch Adam on the mean negative log-likelihood plus an L2 penalty.
 * Deterministic (no sampling: the same data give the same weights), so `npm run train`
 * writes the same file twice. Shared by `npm run train` and the evaluation's
 * leave-one-writer-out (tests/eval/lowo.ts), so both fit exactly alike.
 */
export type Example = { x: readonly (readonly [number, number])[]; y: 0 | 1 | 2; weight: number };
export type FitOptions = { l2: number; iterations: number; rate: number };
export type Fitted = { w: Float64Array; thresholds: [number, number] };

export const FIT: FitOptions = { l2: 0.02, iterations: 150, rate: 0.05 };

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

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

export function fitOrdinal(examples: readonly Example[], dimension: number, options: FitOptions = FIT): Fitted {
  const { offsets, columns, values } = packed(examples);
  const ys = examples.map((e) => e.y);
  const total = examples.reduce((sum, e) => sum + e.weight, 0);
  const scales = examples.map((e) => e.weight / total);
  // Parameters: the weights, θ₁, and log(θ₂ − θ₁) so the thresholds stay in order.
  const size = dimension + 2;
  const params = new Float64Array(size);
  params[dimension] = -1;
  params[dimension + 1] = Math.log(2);
  const m = new Float64Array(size);
  const v = new Float64Array(size);
  const grad = new Float64Array(size);
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  for (let t = 1; t <= options.iterations; t++) {
    grad.fill(0);
    const t1 = params[dimension] as number;
    const gap = Math.exp(params[dimension + 1] as number);
    const t2 = t1 + gap;
    let g1 = 0;
    let g2 = 0;
    for (let i = 0; i < ys.length; i++) {
      const from = offsets[i] as number;
      const to = offsets[i + 1] as number;
      let eta = 0;
      for (let k = from; k < to; k++) eta += (params[columns[k] as number] as number) * (values[k] as number);
      const s1 = sigmoid(t1 - eta);
      const s2 = sigmoid(t2 - eta);
      // d(−log P(y))/dη, /dθ₁, /dθ₂
      let dEta: number;
      let d1 = 0;
      let d2 = 0;
      if (ys[i] === 0) {
        dEta = 1 - s1;
        d1 = -(1 - s1);
      } else if (ys[i] === 2) {
        dEta = -s2;
        d2 = s2;
      } else {
        const p = Math.max(1e-9, s2 - s1);
        dEta = (s2 * (1 - s2) - s1 * (1 - s1)) / p;
        d1 = (s1 * (1 - s1)) / p;
        d2 = -(s2 * (1 - s2)) / p;
      }
      const scale = scales[i] as number;
      const g = scale * dEta;
      for (let k = from; k < to; k++) {
        const j = columns[k] as number;
        grad[j] = (grad[j] as number) + g * (values[k] as number);
      }
      g1 += scale * d1;
      g2 += scale * d2;
    }
    for (let j = 0; j < dimension; j++) grad[j] = (grad[j] as number) + options.l2 * (params[j] as number);
    grad[dimension] = g1 + g2;
    grad[dimension + 1] = g2 * gap;
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
  const t1 = params[dimension] as number;
  return { w: params.slice(0, dimension), thresholds: [t1, t1 + Math.exp(params[dimension + 1] as number)] };
}

/**
 * A multinomial (softmax) model per score, for comparison: one weight vector per band.
 * Returned as three rows of weights and no thresholds; the band is the likeliest.
 */
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
