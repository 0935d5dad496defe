import type { MatchModelParams } from './match-model.ts';
import type { matchWeights } from './match-score.ts';
import type { PhenotypeModel } from './phenotype-model.ts';

/**
 * One disease's own best match of one query term, found in the disease's postings and annotations
 * rather than over every disease (ownMatches() in match-score.ts): what an explanation needs to name
 * the annotation that matched.
 */

/**
 * Disease d's own best match of observed term q, as scoreDiseases() finds it: over q's ancestors a,
 * weight(F_D(a)) * e^IC(a), read from a's posting of disease d (postings are in disease order: a
 * binary search), discounted above q unless d annotates a itself (`direct`: that annotation).
 */
export function bestMatch(
  m: PhenotypeModel,
  d: number,
  q: number,
  p: MatchModelParams,
  { posting: weight, annotation: annotationWeight }: ReturnType<typeof matchWeights>,
): { disease: number; a: number; v: number; direct: number } {
  const best = { disease: d, a: -1, v: 0, direct: -1 };
  for (const a of m.ancestors[q]) {
    const w = Math.exp(m.ic[a]);
    if (!(w > 1)) continue;
    // Postings are in disease order.
    const k = indexIn(m.postDisease, m.postStart[a], m.postStart[a + 1], d);
    const wp = a === q ? w : w * p.SIBLING_CREDIT;
    if (k >= 0 && weight[k] * wp > best.v) [best.a, best.v, best.direct] = [a, weight[k] * wp, -1];
  }
  if (p.SIBLING_CREDIT === 1) return best;
  // An annotation on an ancestor a of q itself is not discounted: d's own few annotations are
  // read, not the list of every disease's annotations on a.
  const ancestors = m.ancestors[q];
  for (let j = m.annotationStart[d]; j < m.annotationStart[d + 1]; j++) {
    const a = m.annotationTerm[j];
    if (a === q || indexIn(ancestors, 0, ancestors.length, a) < 0) continue;
    const w = Math.exp(m.ic[a]);
    if (w > 1 && annotationWeight[j] * w > best.v) [best.a, best.v, best.direct] = [a, annotationWeight[j] * w, j];
  }
  return best;
}

/** The position of x in ascending list[lo..end), or -1 (a binary search). */
function indexIn(list: Int32Array, lo: number, end: number, x: number): number {
  let hi = end - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid] === x) return mid;
    if (list[mid] < x) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
