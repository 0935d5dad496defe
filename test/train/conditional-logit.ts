/**
 * A linear score fitted by conditional logit (McFadden): per group (one case and its candidate
 * diseases), the chance of the gold candidates is the softmax of w·x over the group; the fit
 * maximises the sum of their log chances less L2 * groups * |w|^2, by gradient ascent with
 * backtracking on standardized features (the weights come back on the features' own scale).
 * Groups without a gold candidate say nothing and are left out.
 */
export interface Group {
  x: number[][];
  gold: boolean[];
}

export function fitConditionalLogit(groups: readonly Group[], l2: number, iterations = 300): number[] {
  const used = groups.filter((g) => g.gold.some(Boolean));
  const dim = used[0]?.x[0]?.length ?? 0;
  // Standardize: mean 0, sd 1 over every candidate (a per-group constant cancels in a softmax anyway).
  const mean = new Array<number>(dim).fill(0);
  const sd = new Array<number>(dim).fill(0);
  let n = 0;
  for (const g of used)
    for (const x of g.x) {
      n++;
      for (let i = 0; i < dim; i++) mean[i] += x[i];
    }
  for (let i = 0; i < dim; i++) mean[i] /= n || 1;
  for (const g of used) for (const x of g.x) for (let i = 0; i < dim; i++) sd[i] += (x[i] - mean[i]) ** 2;
  for (let i = 0; i < dim; i++) sd[i] = Math.sqrt(sd[i] / (n || 1)) || 1;
  const z = used.map((g) => ({ x: g.x.map((x) => x.map((v, i) => (v - mean[i]) / sd[i])), gold: g.gold }));
  const penalty = l2 * z.length;
  const objective = (w: number[]): { value: number; grad: number[] } => {
    let value = -penalty * w.reduce((s, v) => s + v * v, 0);
    const grad = w.map((v) => -2 * penalty * v);
    for (const g of z) {
      const s = g.x.map((x) => x.reduce((sum, v, i) => sum + v * w[i], 0));
      const top = Math.max(...s);
      const e = s.map((v) => Math.exp(v - top));
      const all = e.reduce((a, b) => a + b, 0);
      const gold = e.reduce((a, v, j) => a + (g.gold[j] ? v : 0), 0);
      value += Math.log(gold / all);
      for (let j = 0; j < s.length; j++) {
        const p = e[j] / all;
        const q = g.gold[j] ? e[j] / gold : 0;
        for (let i = 0; i < dim; i++) grad[i] += (q - p) * g.x[j][i];
      }
    }
    return { value, grad };
  };
  let w = new Array<number>(dim).fill(0);
  let step = 1 / z.length;
  let current = objective(w);
  for (let it = 0; it < iterations; it++) {
    const norm = Math.sqrt(current.grad.reduce((s, v) => s + v * v, 0));
    if (norm < 1e-6 * z.length) break;
    let moved = false;
    for (let tries = 0; tries < 30; tries++) {
      const next = w.map((v, i) => v + step * current.grad[i]);
      const value = objective(next);
      if (value.value >= current.value + 1e-4 * step * norm * norm) {
        [w, current, moved] = [next, value, true];
        step *= 1.5;
        break;
      }
      step /= 2;
    }
    if (!moved) break;
  }
  // Back to the features' scale: w·(x - mean)/sd = (w/sd)·x + a constant that cancels.
  return w.map((v, i) => v / sd[i]);
}
