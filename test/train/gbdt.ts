import type { RerankerTrees } from '../../server/annotate/reranker.ts';

/**
 * Gradient-boosted trees for a yes/no label (logistic loss, Newton steps, as XGBoost and LightGBM
 * do), small enough to read: features are cut into at most `bins` quantile bins once, and every
 * tree is grown level by level to `depth` from per-bin sums of gradients and hessians. The trees
 * come out in the format the server scores (server/annotate/reranker.ts).
 */
export interface BoostOptions {
  trees: number;
  depth: number;
  rate: number;
  /** The least hessian sum a leaf may hold (min_child_weight). */
  minHessian: number;
  /** L2 penalty on leaf values. */
  lambda: number;
  bins: number;
}

export const BOOST_DEFAULTS: BoostOptions = { trees: 200, depth: 4, rate: 0.1, minHessian: 2, lambda: 1, bins: 32 };

/** Train on rows `x` (one vector per row) with labels `y` (0/1) and row weights `w`. */
export function boost(x: readonly ArrayLike<number>[], y: ArrayLike<number>, w: ArrayLike<number>, o: BoostOptions): RerankerTrees {
  const n = x.length;
  const features = n === 0 ? 0 : x[0].length;
  const { cuts, binned } = binFeatures(x, features, o.bins);
  let sw = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) [sw, sy] = [sw + w[i], sy + w[i] * y[i]];
  const p0 = Math.min(Math.max(sy / (sw || 1), 1e-6), 1 - 1e-6);
  const bias = Math.log(p0 / (1 - p0));
  const score = new Float64Array(n).fill(bias);
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  const trees: RerankerTrees['trees'] = [];
  const inner = (1 << o.depth) - 1;
  for (let t = 0; t < o.trees; t++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-score[i]));
      g[i] = (p - y[i]) * w[i];
      h[i] = Math.max(p * (1 - p), 1e-6) * w[i];
    }
    const tree = { feature: new Array<number>(inner).fill(-1), threshold: new Array<number>(inner).fill(0), leaf: [] as number[] };
    let nodes: Int32Array[] = [Int32Array.from({ length: n }, (_, i) => i)];
    for (let level = 0; level < o.depth; level++) {
      const next: Int32Array[] = [];
      for (let k = 0; k < nodes.length; k++) {
        const node = (1 << level) - 1 + k;
        const rows = nodes[k];
        const split = bestSplit(rows, binned, g, h, features, o);
        if (split === null) {
          next.push(rows, new Int32Array(0));
          continue;
        }
        tree.feature[node] = split.feature;
        tree.threshold[node] = cuts[split.feature][split.bin];
        const col = binned[split.feature];
        const left: number[] = [];
        const right: number[] = [];
        for (const i of rows) (col[i] <= split.bin ? left : right).push(i);
        next.push(Int32Array.from(left), Int32Array.from(right));
      }
      nodes = next;
    }
    for (const rows of nodes) {
      let G = 0;
      let H = 0;
      for (const i of rows) [G, H] = [G + g[i], H + h[i]];
      const v = rows.length === 0 ? 0 : (-G / (H + o.lambda)) * o.rate;
      tree.leaf.push(v);
      for (const i of rows) score[i] += v;
    }
    trees.push(tree);
  }
  return { depth: o.depth, bias, trees };
}

/** Per feature the cut values (bin b holds values <= cuts[b]) and every row's bin. */
function binFeatures(x: readonly ArrayLike<number>[], features: number, bins: number) {
  const cuts: number[][] = [];
  const binned: Uint8Array[] = [];
  for (let f = 0; f < features; f++) {
    const values = Float64Array.from(x, (r) => r[f]).sort();
    const distinct: number[] = [];
    for (const v of values) if (distinct.length === 0 || distinct[distinct.length - 1] !== v) distinct.push(v);
    let c: number[];
    if (distinct.length <= bins) c = distinct.slice(0, -1).map((v, i) => (v + distinct[i + 1]) / 2);
    else {
      const set = new Set<number>();
      for (let b = 1; b < bins; b++) {
        const v = values[Math.floor((b * values.length) / bins)];
        const above = distinct.find((d) => d > v);
        if (above !== undefined) set.add((v + above) / 2);
      }
      c = [...set].sort((a, b) => a - b);
    }
    c.push(Number.POSITIVE_INFINITY);
    cuts.push(c);
    const col = new Uint8Array(x.length);
    for (let i = 0; i < x.length; i++) {
      const v = x[i][f];
      let lo = 0;
      let hi = c.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v <= c[mid]) hi = mid;
        else lo = mid + 1;
      }
      col[i] = lo;
    }
    binned.push(col);
  }
  return { cuts, binned };
}

/** The split of a node's rows with the largest gain, or null when none gains or leaves enough weight on both sides. */
function bestSplit(rows: Int32Array, binned: Uint8Array[], g: Float64Array, h: Float64Array, features: number, o: BoostOptions) {
  if (rows.length < 2) return null;
  let G = 0;
  let H = 0;
  for (const i of rows) [G, H] = [G + g[i], H + h[i]];
  const parent = (G * G) / (H + o.lambda);
  let best: { feature: number; bin: number; gain: number } | null = null;
  const hg = new Float64Array(256);
  const hh = new Float64Array(256);
  for (let f = 0; f < features; f++) {
    const col = binned[f];
    hg.fill(0);
    hh.fill(0);
    let top = 0;
    for (const i of rows) {
      const b = col[i];
      hg[b] += g[i];
      hh[b] += h[i];
      if (b > top) top = b;
    }
    let gl = 0;
    let hl = 0;
    for (let b = 0; b < top; b++) {
      gl += hg[b];
      hl += hh[b];
      const hr = H - hl;
      if (hl < o.minHessian || hr < o.minHessian) continue;
      const gr = G - gl;
      const gain = (gl * gl) / (hl + o.lambda) + (gr * gr) / (hr + o.lambda) - parent;
      if (gain > 1e-9 && (best === null || gain > best.gain)) best = { feature: f, bin: b, gain };
    }
  }
  return best;
}

/** Each feature's share of the trees' split gain is not kept; this counts how often each feature splits. */
export function splitCounts(m: RerankerTrees, features: number): number[] {
  const out = new Array<number>(features).fill(0);
  for (const t of m.trees) for (const f of t.feature) if (f >= 0) out[f]++;
  return out;
}
