import { type MatchModelParams, type MatchQuery, recordedChance, unmentionedCost } from './match-model.ts';
import type { PhenotypeModel } from './phenotype-model.ts';

/**
 * The terms a query accounts for: each observed term, its ancestors (the patient has them) and its
 * descendants (the patient may have them: the query is less specific). A disease's annotation on
 * any other term is a feature the query does not mention.
 */
export function mentionedTerms(model: PhenotypeModel, query: MatchQuery): Uint8Array {
  const mentioned = new Uint8Array(model.termCount);
  const children = model.children;
  const stack: number[] = [];
  for (const q of query.observed) {
    for (const a of model.ancestors[q]) mentioned[a] = 1;
    stack.push(...children[q]);
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (mentioned[t]) continue;
      mentioned[t] = 1;
      for (const c of children[t]) stack.push(c);
    }
  }
  return mentioned;
}

const totals = new WeakMap<PhenotypeModel, Map<string, Float64Array>>();

/** Per disease, the cost if the query mentioned none of its features (kept per model, constants and chance). */
function unmentionedTotals(model: PhenotypeModel, recorded: number, p: MatchModelParams): Float64Array {
  const key = `${recorded} ${p.UNKNOWN_FREQUENCY}`;
  const byKey = totals.get(model) ?? totals.set(model, new Map()).get(model)!;
  const hit = byKey.get(key);
  if (hit) return hit;
  const total = new Float64Array(model.diseaseCount);
  for (let k = 0; k < model.annotationTerm.length; k++)
    total[model.annotationDisease[k]] += unmentionedCost(model.annotationFrequency[k], recorded, p);
  // One array per query length in use (at most 100 of them, 80 KB each).
  byKey.set(key, total);
  return total;
}

/**
 * Add each disease's unmentioned features to `score`: its total, less the annotations on terms the
 * query mentions (read through the annotations-by-term index, so the cost follows the query, not
 * the 200,000 annotations). `mentioned`: mentionedTerms() of the query, when the caller has it.
 */
export function addUnmentioned(
  model: PhenotypeModel,
  query: MatchQuery,
  p: MatchModelParams,
  score: Float64Array,
  mentioned: Uint8Array = mentionedTerms(model, query),
): void {
  const recorded = recordedChance(query.observed.length, p);
  if (recorded === 0) return;
  const total = unmentionedTotals(model, recorded, p);
  for (let d = 0; d < score.length; d++) score[d] += total[d];
  for (let t = 0; t < model.termCount; t++) {
    if (!mentioned[t]) continue;
    for (let i = model.byTermStart[t]; i < model.byTermStart[t + 1]; i++) {
      const k = model.byTermAnnotation[i];
      score[model.annotationDisease[k]] -= unmentionedCost(model.annotationFrequency[k], recorded, p);
    }
  }
}
