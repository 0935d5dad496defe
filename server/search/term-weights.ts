import { PAUSE_EVERY, type Work } from '../loading/slices.ts';
import { GENERIC_WORDS, MODIFIER_WORDS, STOP_WORDS } from '../contract/text/word-forms.ts';
import { RANKING } from './ranking-params.ts';

/**
 * How much a term says about which disease is meant: its inverse document frequency over all
 * names and synonyms (BM25's form, so it stays positive for the commonest words), scaled down for
 * stop words and generic disease words. Ranking compares sums of these weights: how much of the
 * query a text covers, and how much of the text the query covers.
 */

/** BM25 inverse document frequency of a term found in `df` of `n` texts. */
export function idf(df: number, n: number): number {
  return Math.log(1 + (n - df + 0.5) / (df + 0.5)) ** RANKING.idfPower;
}

/** Factor of a term's class: stop word, generic word, modifier or content word. */
export function classFactor(term: string): number {
  return STOP_WORDS.has(term)
    ? RANKING.stopFactor
    : GENERIC_WORDS.has(term)
      ? RANKING.genericFactor
      : MODIFIER_WORDS.has(term)
        ? RANKING.modifierFactor
        : 1;
}

/** Weight of every vocabulary term, from how many slots hold it; made in slices (server/loading/slices.ts). */
export function* termWeights(words: string[], postingLengths: number[], slots: number): Work<Float32Array> {
  const out = new Float32Array(words.length);
  for (let id = 0; id < words.length; id++) {
    out[id] = idf(postingLengths[id], slots) * classFactor(words[id]);
    if ((id & PAUSE_EVERY) === 0) yield;
  }
  return out;
}

/** Weight a query word that no text contains would have: rarer than any indexed word. */
export function unseenWeight(slots: number): number {
  return idf(0, slots);
}

/**
 * Total weight of each slot's words, bracketed ones at RANKING.bracketFactor: the denominator of how much
 * of a text the query covers. `bracketMask(s)` gives the slot's bracketed positions (0 for none).
 */
export function slotWeights(
  slotStart: Int32Array,
  slotWords: Int32Array,
  weight: Float32Array,
  bracketMask: (s: number) => number,
): Float32Array {
  const slots = slotStart.length - 1;
  const out = new Float32Array(slots);
  for (let s = 0; s < slots; s++) {
    const mask = bracketMask(s);
    let total = 0;
    for (let i = slotStart[s], j = 0; i < slotStart[s + 1]; i++, j++)
      total += weight[slotWords[i]] * (j < 30 && mask & (1 << j) ? RANKING.bracketFactor : 1);
    out[s] = total;
  }
  return out;
}
