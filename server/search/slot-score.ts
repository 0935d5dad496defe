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

import { RANKING } from './ranking-params.ts';

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
