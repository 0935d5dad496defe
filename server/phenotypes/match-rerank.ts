import type { MatchQuery } from './match-model.ts';
import type { PhenotypeModel } from './phenotype-model.ts';
import WEIGHTS from './match-rerank-weights.json' with { type: 'json' };

/**
 * The second look of /diseases/match: the model's first RERANK_DEPTH diseases ordered again by a
 * linear score over a few figures of each against the query, learned from published cases
 * (test/train/train-match.ts; match-rerank-card.md says how). The likelihood ratio (match-score.ts)
 * weighs each query term by the disease's best annotation for it; the second look adds what it
 * leaves out: how much of the query the disease explains by itself (Resnik's best-match average
 * from the query's side), how much of the disease the query accounts for (from the disease's side,
 * as Phenomizer's symmetric score), how many query terms it does not explain at all, and how many
 * annotations it has.
 */

/** How many of the model's best diseases are looked at again. */
export const RERANK_DEPTH = 50;

export const MATCH_FEATURES = ['score', 'queryCovered', 'diseaseCovered', 'unexplained', 'exactShare', 'annotations'] as const;

/** The learned weights, in MATCH_FEATURES order (checked when loaded). */
export interface MatchRerankWeights {
  version: 1;
  features: string[];
  weights: number[];
}

export const MATCH_RERANK = WEIGHTS as MatchRerankWeights;

/**
 * The features of disease d against a query, in MATCH_FEATURES order. `queryIc[t]` is, for each
 * term implied by a query term, the highest information content of such a term at t (0 elsewhere).
 */
export function matchFeatures(m: PhenotypeModel, d: number, q: MatchQuery, score: number, queryIc: Float64Array): number[] {
  let covered = 0;
  let unexplained = 0;
  let exact = 0;
  let icSum = 0;
  for (const t of q.observed) {
    let best = 0;
    for (const a of m.ancestors[t]) {
      const ic = m.ic[a];
      if (!(ic > best) || !implies(m, d, a)) continue;
      best = ic;
      if (a === t) exact++;
    }
    covered += best;
    icSum += Number.isNaN(m.ic[t]) ? 0 : m.ic[t];
    if (best === 0) unexplained++;
  }
  let back = 0;
  const start = m.annotationStart[d];
  const end = m.annotationStart[d + 1];
  for (let k = start; k < end; k++) {
    let best = 0;
    for (const a of m.ancestors[m.annotationTerm[k]]) if (queryIc[a] > best) best = queryIc[a];
    back += best;
  }
  const n = q.observed.length || 1;
  return [score, covered / n, end > start ? back / (end - start) : 0, unexplained / n, exact / n, Math.log1p(end - start)];
}

/** Whether disease d carries term a or a descendant (its implied-frequency postings are in disease order). */
function implies(m: PhenotypeModel, d: number, a: number): boolean {
  let lo = m.postStart[a];
  let hi = m.postStart[a + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = m.postDisease[mid];
    if (x === d) return true;
    if (x < d) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/** queryIc for matchFeatures(): per term, its information content where it is implied by a query term. */
export function queryInformation(m: PhenotypeModel, q: MatchQuery, into: Float64Array): Float64Array {
  into.fill(0);
  for (const t of q.observed) for (const a of m.ancestors[t]) if (m.ic[a] > 0) into[a] = m.ic[a];
  return into;
}

/** The second look's score of a feature vector. */
export function rerankScore(w: MatchRerankWeights, x: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += w.weights[i] * x[i];
  return s;
}
