/**
 * Sort keys packed into one integer-valued double (< 2^53), so a page is a typed-array selection
 * and the row comes back out of the key: the low 16 bits are the row's static rank, unique per row.
 *
 *   relevance: tier (3 bits) | sub (18 bits) | static rank (16 bits)
 *   field:     field rank (16 bits) | relevance key (37 bits)
 *
 * The tier puts identifier, exact-text and gene-symbol matches before ranked ones; `sub` orders
 * within the tier, lower first: 0 for exact texts, gene-order.ts for genes, the ranked score
 * turned around (SUB_SPAN - 1 for a score of 0) for the rest. Lower keys sort first in both
 * layouts, so a field sort breaks its ties by full relevance.
 */

/** Relevance tiers, best first. */
export const TIER = {
  identifier: 0,
  exactName: 1,
  exactSynonym: 2,
  /** The name equals the query once spellings, plurals and numerals are folded ("Crohns disease"). */
  variantName: 3,
  variantSynonym: 4,
  gene: 5,
  ranked: 6,
} as const;
export type Tier = (typeof TIER)[keyof typeof TIER];

export const MAX_ROWS = 2 ** 16;
export const SUB_SPAN = 2 ** 18;
const RELEVANCE_SPAN = 8 * SUB_SPAN * MAX_ROWS;

/** Key for relevance order. */
export function relevanceKey(tier: number, sub: number, staticRank: number): number {
  return (tier * SUB_SPAN + Math.min(Math.max(0, Math.round(sub)), SUB_SPAN - 1)) * MAX_ROWS + staticRank;
}

/** Sub of a ranked score in [0, 1] (higher better). */
export function rankedSub(score: number): number {
  return (1 - Math.min(1, Math.max(0, score))) * (SUB_SPAN - 1);
}

/** Key for a field sort: the field's rank (already turned for the direction), then relevance. */
export function fieldKey(fieldRank: number, relevance: number): number {
  return fieldRank * RELEVANCE_SPAN + relevance;
}

/** The static rank inside either kind of key. */
export function keyRank(key: number): number {
  return key % MAX_ROWS;
}

/** The tier and sub of a relevance key. */
export function splitRelevance(key: number): { tier: number; sub: number } {
  const high = Math.floor(key / MAX_ROWS);
  return { tier: Math.floor(high / SUB_SPAN), sub: high % SUB_SPAN };
}

/** Public scores: exact texts from 1 down by tier, gene matches in (GENE_FLOOR, GENE_TOP], ranked ones up to RANKED_TOP. */
const EXACT_SCORE = [1, 1, 0.99, 0.98, 0.97];
const GENE_TOP = 0.96;
const GENE_FLOOR = 0.92;
export const RANKED_TOP = 0.9;

/** The public score of a relevance key: higher is better, and results come in descending score order. */
export function scoreOf(key: number): number {
  const { tier, sub } = splitRelevance(key);
  const score =
    tier < TIER.gene
      ? EXACT_SCORE[tier]
      : tier === TIER.gene
        ? GENE_TOP - (GENE_TOP - GENE_FLOOR) * (sub / SUB_SPAN)
        : RANKED_TOP * (1 - sub / (SUB_SPAN - 1));
  return Math.round(score * 1e4) / 1e4;
}
