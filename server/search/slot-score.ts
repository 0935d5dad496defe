/**
 * The ranked score of one text (name or synonym) for a query, from the evidence the first pass
 * summed: a Tversky similarity of weighted word sets,
 *
 *   score = M / (M + alpha * (query weight not met) + beta * (text weight not met)) x field
 *
 * where M is the sum over matched query terms of quality x weight (weights are IDF, small for stop
 * and generic words; quality is 1 for an exact word, less for a joined, prefix or typo match).
 * alpha > beta (ranking-params.ts): a word of the query the text lacks costs more than a word of the text the query
 * lacks, so "inherited breast cancer" finds "breast cancer", while a short name covered by the
 * query still beats a long one that merely contains it. Word order and adjacency come on top in
 * the second pass (slot-align.ts), at most a factor of 1 + maxBonus().
 */

import type { LoadedIndex } from './loaded-index.ts';
import type { QueryPlan } from './query-plan.ts';
import { RANKING } from './ranking-params.ts';
import { HOW, type Alignment } from './slot-align.ts';

/**
 * Score of a text: `matched` (quality x weight of the matched query terms, gene evidence
 * included), `textMatched` (the part of it met in the text), `queryWeight` (the query's total
 * weight, the matched terms counted at the weight of the words they met), `textWeight`.
 */
export function tversky(matched: number, textMatched: number, queryWeight: number, textWeight: number, synonym: boolean): number {
  if (matched <= 0) return 0;
  const missingQuery = Math.max(0, queryWeight - matched);
  const extraText = Math.max(0, textWeight - Math.min(textMatched, textWeight));
  const score = matched / (matched + RANKING.alpha * missingQuery + RANKING.beta * extraText);
  return synonym ? score * RANKING.synonymFactor : score;
}

/** The evidence of an alignment: the same sums the first pass makes, word by word and position-aware. */
export interface AlignedParts {
  matched: number;
  textMatched: number;
  queryWeight: number;
}

/**
 * Sums of `a`, the alignment of `plan` on slot `s` (slot-align.ts), for tversky(). Unlike the
 * first pass, which credits a term wherever its words occur, this knows where each met word is:
 * one text word serves one query term, and a bracketed word of the text ("(Epstein-Barr
 * virus-specific)") counts at the bracket factor on the text's side too.
 */
export function alignedParts(plan: QueryPlan, index: LoadedIndex, s: number, a: Alignment): AlignedParts {
  const start = index.slotStart[s];
  const bracketed = index.slotBracketed[s];
  let matched = 0;
  let textMatched = 0;
  let queryWeight = plan.totalWeight;
  let lastPos = -1;
  const { terms } = plan;
  for (let k = 0; k < terms.length; k++) {
    const t = terms[k];
    const how = a.how[k];
    if (how === HOW.none) continue;
    const p = a.pos[k];
    const w = p >= 0 ? index.weight[a.word[k]] * t.factor : t.weight;
    matched += a.quality[k] * w;
    queryWeight += w - t.weight;
    if (p < 0) {
      // The gene that causes the disease stands for its name as well as any word of it would.
      if (how === HOW.gene && a.quality[k] === RANKING.quality.gene) textMatched += t.weight;
      continue;
    }
    // A joined word covers several terms: the text holds it once.
    if (how === HOW.join && p === lastPos) continue;
    lastPos = p;
    const inBrackets = p < 30 && (bracketed & (1 << p)) !== 0;
    textMatched += a.quality[k] * index.weight[index.slotWords[start + p]] * (inBrackets ? RANKING.bracketFactor : 1);
  }
  return { matched, textMatched, queryWeight };
}
