/**
 * Sort keys packed into one integer-valued double (< 2^53), so a page is a typed-array selection
 * and the row comes back out of the key: the low 16 bits are the row's static rank, unique per row.
 *
 *   relevance: tierSub (11 bits) | secondary (10 bits) | static rank (16 bits)
 *   field:     field rank (16 bits) | relevance key (37 bits)
 *
 * tierSub is tier * 256 + sub from matchSlot() (gene-order.ts for gene hits); the secondary rank is
 * the length difference between the matched text and the query, or for a gene hit the phenotype
 * rank of gene-order.ts. Lower keys sort first in both layouts, so a field sort breaks its ties by
 * full relevance.
 */

export const MAX_ROWS = 2 ** 16;
/** Secondary ranks at or above LENGTH_SPAN - 1 rank alike. */
export const LENGTH_SPAN = 1024;
const RELEVANCE_SPAN = 2048 * LENGTH_SPAN * MAX_ROWS;

/** Key for relevance order. */
export function relevanceKey(tierSub: number, secondary: number, staticRank: number): number {
  return (tierSub * LENGTH_SPAN + Math.min(secondary, LENGTH_SPAN - 1)) * MAX_ROWS + staticRank;
}

/** Key for a field sort: the field's rank (already turned for the direction), then relevance. */
export function fieldKey(fieldRank: number, relevance: number): number {
  return fieldRank * RELEVANCE_SPAN + relevance;
}

/** The static rank inside either kind of key. */
export function keyRank(key: number): number {
  return key % MAX_ROWS;
}

/** The parts of a relevance key. */
export function splitRelevance(key: number): { tier: number; sub: number; secondary: number } {
  const high = Math.floor(key / MAX_ROWS);
  const tierSub = Math.floor(high / LENGTH_SPAN);
  return { tier: tierSub >> 8, sub: tierSub & 255, secondary: high % LENGTH_SPAN };
}

/** The public score of a relevance key: 8 - tier minus an in-tier penalty below 1, 4 decimals. */
export function scoreOf(key: number): number {
  const { tier, sub, secondary } = splitRelevance(key);
  return Math.round((8 - tier - sub / 256 - secondary / (256 * LENGTH_SPAN)) * 1e4) / 1e4;
}
