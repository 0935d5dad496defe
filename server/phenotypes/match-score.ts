import {
  annotationCountFactor,
  excludedBackground,
  excludedContribution,
  MATCH_MODEL,
  type MatchModelParams,
  type MatchQuery,
  observedWeight,
} from './match-model.ts';
import { addRelativeMatches } from './match-relatives.ts';
import { addUnmentioned } from './match-unmentioned.ts';
import type { PhenotypeModel } from './phenotype-model.ts';

export { MATCH_MODEL, type MatchModelParams, type MatchQuery };

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

/** Per-model arrays that depend on the constants only: computed once per model and constants, not per request. */
interface Weights {
  key: string;
  /** observedWeight() of every implied-frequency posting. */
  posting: Float64Array;
  /** observedWeight() of every annotation (a match on an annotated ancestor of the query term). */
  annotation: Float64Array;
  /** annotationCountFactor() per disease. */
  countFactor: Float64Array;
}

const weightCache = new WeakMap<PhenotypeModel, Weights>();

/** The weights of `model` under constants `p` (no pow per request). */
export function matchWeights(model: PhenotypeModel, p: MatchModelParams): Weights {
  const key = `${p.FREQUENCY_EXPONENT} ${p.UNKNOWN_FREQUENCY} ${p.MIN_FREQUENCY} ${p.ANNOTATION_COUNT_EXPONENT}`;
  const hit = weightCache.get(model);
  if (hit?.key === key) return hit;
  const countFactor = new Float64Array(model.diseaseCount);
  for (let d = 0; d < model.diseaseCount; d++)
    countFactor[d] = annotationCountFactor(model.annotationStart[d + 1] - model.annotationStart[d], p);
  const weights = {
    key,
    posting: Float64Array.from(model.postFrequency, (f) => observedWeight(f, p)),
    annotation: Float64Array.from(model.annotationFrequency, (f) => observedWeight(f, p)),
    countFactor,
  };
  weightCache.set(model, weights);
  return weights;
}

let scratch = new Float64Array(0);
/** Three arrays of n: a disease's own best match of one term, its best counting its relatives', and a running product of likelihood ratios. */
function scratchFor(n: number): [Float64Array, Float64Array, Float64Array] {
  if (scratch.length < 3 * n) scratch = new Float64Array(3 * n);
  return [scratch.subarray(0, n), scratch.subarray(n, 2 * n), scratch.subarray(2 * n, 3 * n)];
}

/**
 * Likelihood ratios multiplied this many at a time before their product's log is added to the
 * score: one Math.log per disease for every PRODUCT_RUN terms rather than per term (the log was a
 * third of a match's time). A ratio lies in [EPSILON, e^IC(q)], about [0.4, 10^4], so a product
 * of 8 stays far inside a double's range.
 */
const PRODUCT_RUN = 8;

/**
 * `best[d]`: disease d's own best match of observed term q, c * f^x * e^IC(a) (match-model.ts; 0
 * when nothing in d explains it). It walks the implied-frequency postings of q's ancestors, so it
 * costs the number of diseases carrying them, not the number of annotations.
 */
export function ownMatches(model: PhenotypeModel, q: number, p: MatchModelParams, best: Float64Array): Float64Array {
  const { postStart, postDisease, ic } = model;
  const { posting: weight, annotation: annotationWeight } = matchWeights(model, p);
  const sibling = p.SIBLING_CREDIT;
  best.fill(0);
  for (const a of model.ancestors[q]) {
    const w = Math.exp(ic[a]);
    // A term every annotated disease has (the root) explains nothing; one no disease has, neither.
    if (!(w > 1)) continue;
    // At q: the disease has q or a descendant. Above q: a posting may come from another
    // specialisation of a (a related match, discounted); an annotation on a itself is not discounted.
    const wp = a === q ? w : w * sibling;
    for (let k = postStart[a], end = postStart[a + 1]; k < end; k++) {
      const v = weight[k] * wp;
      const d = postDisease[k];
      if (v > best[d]) best[d] = v;
    }
    if (a === q || sibling === 1) continue;
    for (let i = model.byTermStart[a], end = model.byTermStart[a + 1]; i < end; i++) {
      const k = model.byTermAnnotation[i];
      const v = annotationWeight[k] * w;
      const d = model.annotationDisease[k];
      if (v > best[d]) best[d] = v;
    }
  }
  return best;
}

/**
 * The score of every disease (by disease number): the sum of ln LR over the query (the model:
 * match-model.ts): per observed term each disease's own best match (ownMatches()), or its
 * relatives' (addRelativeMatches()). Pass the MatchContext the explanations will use, made
 * with the same model, query and constants, so that they read the own matches made here.
 */
export function scoreDiseases(
  model: PhenotypeModel,
  query: MatchQuery,
  p: MatchModelParams = MATCH_MODEL,
  context: { ownMatches(q: number): Float64Array; readonly mentioned?: Uint8Array } | null = null,
): Float64Array {
  const n = model.diseaseCount;
  const score = new Float64Array(n);
  const [best, withGroups, product] = scratchFor(n);
  const { postStart, postDisease, postFrequency, ic } = model;
  const { countFactor } = matchWeights(model, p);
  const eps = p.EPSILON;
  const keep = 1 - eps;
  product.fill(1);
  const observed = query.observed;
  for (let i = 0; i < observed.length; i++) {
    const q = observed[i];
    // With a context (match-context.ts), the own matches stay for the explanations to read.
    const own = context ? context.ownMatches(q) : ownMatches(model, q, p, best);
    const explained = addRelativeMatches(model, own, withGroups, p);
    // observedContribution() inlined, as a factor of the running product: this loop runs once per disease and term.
    for (let d = 0; d < n; d++) product[d] *= eps + keep * countFactor[d] * explained[d];
    if ((i + 1) % PRODUCT_RUN === 0 || i === observed.length - 1)
      for (let d = 0; d < n; d++) {
        score[d] += Math.log(product[d]);
        product[d] = 1;
      }
    // A disease that annotates q or an ancestor of q as absent: q is as unexpected there as the rarest feature.
    const absent = Math.log(p.MIN_FREQUENCY);
    for (const a of model.ancestors[q]) {
      for (let k = model.absentStart[a]; k < model.absentStart[a + 1]; k++) score[model.absentDisease[k]] += absent;
    }
  }
  let constant = 0;
  for (const q of query.excluded) {
    constant += excludedBackground(ic[q], p);
    for (let k = postStart[q], end = postStart[q + 1]; k < end; k++) score[postDisease[k]] += excludedContribution(postFrequency[k], p);
  }
  if (constant !== 0) for (let d = 0; d < n; d++) score[d] += constant;
  addUnmentioned(model, query, p, score, context?.mentioned);
  return score;
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
