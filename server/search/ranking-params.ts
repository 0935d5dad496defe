/**
 * Every number the ranking uses, in one place (the README's "Search ranking" section explains
 * them). Values were chosen on the training split of the NCBI Disease Corpus and checked on its
 * development split (`npm run eval:search`); tests pin the orders they produce on real diseases.
 */
export const RANKING = {
  /** Tversky cost of the query's weight a text does not meet (slot-score.ts). */
  alpha: 1,
  /** Tversky cost of the text's weight the query does not meet. */
  beta: 0.8,
  /** A synonym's score relative to the name's for the same evidence. */
  synonymFactor: 0.97,
  /** Term weight is IDF to this power: above 1, one rare word outweighs several common ones. */
  idfPower: 1,
  /** Shares of its weight a stop word, a generic disease word and a bracketed word keep. */
  stopFactor: 0.05,
  genericFactor: 0.2,
  /** Share a modifier keeps (hereditary, sporadic, juvenile...: word-forms.ts). */
  modifierFactor: 0.4,
  bracketFactor: 0.3,
  /** Quality of each kind of word match, a factor on the matched word's weight. */
  quality: { exact: 1, join: 0.95, typo1: 0.7, typo2: 0.5, gene: 1, geneOther: 0.8 },
  /** A prefix match is worth its base plus prefixSpan times the share of the word typed. */
  prefixBase: { last: 0.6, other: 0.45 },
  prefixSpan: 0.35,
  /**
   * Preference for general diseases between equally good matches: a factor from 1/(1 + generality)
   * for a class with nothing under it to 1 for one with GENERALITY_FULL or more classes under it
   * (log scale), so "tumor" finds "neoplasm" before one kind of tumor.
   */
  generality: 0.4,
  /** Word-order bonus factors: adjacent pairs in query order (all of them), all in order, the text starting with the query. */
  adjacentBonus: 0.06,
  orderBonus: 0.03,
  startBonus: 0.02,
};

/** Descendant count at which the generality preference is full. */
export const GENERALITY_FULL = 10_000;

/** Generality factor of a class with `descendants` classes under it (see RANKING.generality). */
export function generalityFactor(descendants: number): number {
  const g = RANKING.generality;
  return (1 + g * Math.min(1, Math.log10(1 + descendants) / Math.log10(1 + GENERALITY_FULL))) / (1 + g);
}

/** The largest word-order bonus: scores grow by at most this factor in the second pass. */
export function maxBonus(): number {
  return RANKING.adjacentBonus + RANKING.orderBonus + RANKING.startBonus;
}
