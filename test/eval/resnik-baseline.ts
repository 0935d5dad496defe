import type { PhenotypeModel } from '../../server/phenotypes/phenotype-model.ts';

/**
 * The Phenomizer baseline (Köhler et al. 2009): Resnik similarity (IC of the most informative
 * common ancestor) combined by best-match average over the same annotations and IC as our model,
 * without frequencies or excluded terms. `symmetric` is the best-match average of both directions
 * (query to disease, disease to query); `oneSided` only query to disease (Phenomizer's default
 * asymmetric score), reported beside it.
 */
export class ResnikBaseline {
  readonly #mark: Float64Array;

  constructor(private readonly m: PhenotypeModel) {
    this.#mark = new Float64Array(m.termCount);
  }

  score(observed: number[]): { symmetric: Float64Array; oneSided: Float64Array } {
    const m = this.m;
    const n = m.diseaseCount;
    const oneSided = new Float64Array(n);
    const best = new Float64Array(n);
    const q = [...new Set(observed)];
    for (const t of q) {
      best.fill(0);
      for (const a of m.ancestors[t]) {
        const ic = m.ic[a];
        if (Number.isNaN(ic)) continue;
        for (let k = m.postStart[a]; k < m.postStart[a + 1]; k++) if (ic > best[m.postDisease[k]]) best[m.postDisease[k]] = ic;
      }
      for (let d = 0; d < n; d++) oneSided[d] += best[d] / (q.length || 1);
    }
    // Disease to query: per annotation the highest IC among its ancestors that the query implies.
    const mark = this.#mark.fill(-1);
    for (const t of q) for (const a of m.ancestors[t]) mark[a] = Number.isNaN(m.ic[a]) ? 0 : m.ic[a];
    const symmetric = new Float64Array(n);
    for (let d = 0; d < n; d++) {
      let sum = 0;
      const s = m.annotationStart[d];
      const e = m.annotationStart[d + 1];
      for (let k = s; k < e; k++) {
        let b = 0;
        for (const a of m.ancestors[m.annotationTerm[k]]) if (mark[a] > b) b = mark[a];
        sum += b;
      }
      symmetric[d] = (oneSided[d] + (e > s ? sum / (e - s) : 0)) / 2;
    }
    return { symmetric, oneSided };
  }
}
