import type { PhenotypeModel } from './phenotype-model.ts';

/**
 * The ranking model of /diseases/match: a likelihood ratio per query term, as LIRICAL does, with
 * the term's probability in a disease taken from the disease's annotation frequencies and HPO's
 * graph, and its background probability from the information content (IC) of the annotations.
 *
 * For an observed term q and a disease D, P(q | D) is the best explanation D offers: for each
 * annotated term t of D with frequency f(t), a patient with t shows q with probability
 * f(t) * P(q | a), a the most informative common ancestor of q and t (t implies a; q is one of
 * a's specialisations, chosen among them in proportion to how many diseases carry it, share(q) /
 * share(a), share = e^-IC). With share(q) as the background probability of q, the likelihood ratio
 * of q is
 *
 *   LR(q, D) = EPSILON + (1 - EPSILON) * max over t of f(t) * e^IC(a)
 *
 * that is a frequency-weighted Resnik similarity (IC(a) is the Resnik similarity of q and t) on
 * the likelihood scale, over the common ancestors with IC above 0 (a term every annotated disease
 * has, such as the root, explains nothing); EPSILON is the chance that a term is noise (mis-phenotyped, or a second
 * condition). A disease that annotates q (or an ancestor of q) as absent has its LR times
 * EPSILON. For an excluded term q, with F the implied frequency of q in D (the highest frequency of
 * D's annotations at or below q):
 *
 *   LR(not q, D) = max(1 - F, EPSILON) / (1 - share(q) * MEAN_FREQUENCY)
 *
 * so a disease that usually has q loses most, one that rarely has it little. A frequency the
 * sources do not give counts as UNKNOWN_FREQUENCY. The score of D is the sum of ln LR over
 * the query's terms (the log posterior odds under a uniform prior). Each term counts once,
 * after the query is reduced to its most specific terms (an ancestor of another query term adds
 * nothing the descendant did not say).
 */
export const MATCH_MODEL = {
  EPSILON: 0.01,
  UNKNOWN_FREQUENCY: 0.5,
  MEAN_FREQUENCY: 0.5,
  /** The lowest frequency a feature counts with (a feature seen "in 0 of 3" is still possible). */
  MIN_FREQUENCY: 0.01,
};

export type MatchModelParams = typeof MATCH_MODEL;

/** The query in term numbers (current terms, duplicates removed). */
export interface MatchQuery {
  observed: number[];
  excluded: number[];
}

/** Frequency used for a posting or annotation value (NaN: not given). */
export function effectiveFrequency(f: number, p: MatchModelParams): number {
  return Number.isNaN(f) ? p.UNKNOWN_FREQUENCY : Math.max(f, p.MIN_FREQUENCY);
}

/**
 * Drop query terms that are ancestors of another query term (they say nothing more), and excluded
 * terms that are also observed or are ancestors of an observed term (contradictory input keeps the
 * observation).
 */
export function reduceQuery(model: PhenotypeModel, q: MatchQuery): MatchQuery {
  const implied = new Set<number>();
  for (const t of q.observed) for (const a of model.ancestors[t]) if (a !== t) implied.add(a);
  const observed = [...new Set(q.observed)].filter((t) => !implied.has(t));
  const present = new Set(q.observed);
  const excluded = [...new Set(q.excluded)].filter((t) => !present.has(t) && !implied.has(t));
  return { observed, excluded };
}

/**
 * ln LR summed over the query for every disease (by disease number). `scratch` is reused between
 * calls (one per server process): the ranking allocates nothing per request but its result.
 */
export function scoreDiseases(model: PhenotypeModel, query: MatchQuery, p: MatchModelParams = MATCH_MODEL): Float64Array {
  const n = model.diseaseCount;
  const score = new Float64Array(n);
  const best = scratchFor(n);
  const { postStart, postDisease, postFrequency, ic } = model;
  const unknown = p.UNKNOWN_FREQUENCY;
  const minF = p.MIN_FREQUENCY;
  const eps = p.EPSILON;
  for (const q of query.observed) {
    best.fill(0);
    for (const a of model.ancestors[q]) {
      const w = Math.exp(ic[a]);
      // A term every annotated disease has (the root) explains nothing; one no disease has, neither.
      if (!(w > 1)) continue;
      for (let k = postStart[a], end = postStart[a + 1]; k < end; k++) {
        const f = postFrequency[k];
        const v = (Number.isNaN(f) ? unknown : f < minF ? minF : f) * w;
        const d = postDisease[k];
        if (v > best[d]) best[d] = v;
      }
    }
    for (let d = 0; d < n; d++) score[d] += Math.log(eps + (1 - eps) * best[d]);
    // A disease that annotates q or an ancestor of q as absent: q is unexpected there.
    const penalty = Math.log(eps);
    for (const a of model.ancestors[q]) {
      for (let k = model.absentStart[a]; k < model.absentStart[a + 1]; k++) score[model.absentDisease[k]] += penalty;
    }
  }
  // The background part of an excluded term's LR is the same for every disease: added once at the end.
  let constant = 0;
  for (const q of query.excluded) {
    const share = Number.isNaN(ic[q]) ? 0 : Math.exp(-ic[q]);
    constant -= Math.log(1 - share * p.MEAN_FREQUENCY);
    for (let k = postStart[q], end = postStart[q + 1]; k < end; k++) {
      const f = postFrequency[k];
      const F = Number.isNaN(f) ? unknown : f;
      score[postDisease[k]] += Math.log(Math.max(1 - F, eps));
    }
  }
  if (constant !== 0) for (let d = 0; d < n; d++) score[d] += constant;
  return score;
}

let scratch = new Float64Array(0);
function scratchFor(n: number): Float64Array {
  if (scratch.length < n) scratch = new Float64Array(n);
  return scratch.length === n ? scratch : scratch.subarray(0, n);
}

/**
 * The best `count` disease numbers by score (ties by Mondo id), among those `keep` accepts;
 * `total` counts every accepted disease.
 */
export function topDiseases(
  model: PhenotypeModel,
  score: Float64Array,
  count: number,
  keep: ((d: number) => boolean) | null,
): { top: number[]; total: number } {
  const candidates: number[] = [];
  for (let d = 0; d < score.length; d++) if (keep === null || keep(d)) candidates.push(d);
  const ids = model.diseaseIds;
  const better = (a: number, b: number) => score[b] - score[a] || (ids[a] < ids[b] ? -1 : ids[a] > ids[b] ? 1 : 0);
  if (count >= candidates.length) return { top: candidates.sort(better), total: candidates.length };
  // A bounded selection: keep the best `count` in a sorted buffer; most candidates lose at the first comparison.
  const top: number[] = [];
  for (const d of candidates) {
    if (top.length === count && better(d, top[count - 1]) >= 0) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (better(top[mid], d) <= 0) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, d);
    if (top.length > count) top.pop();
  }
  return { top, total: candidates.length };
}
