import type { LoadedIndex } from './loaded-index.ts';
import { MAX_TERMS, type QueryPlan, type QueryTerm } from './query-plan.ts';
import { RANKING } from './ranking-params.ts';

/**
 * Second pass, on the few texts that can reach the page: which word of the text each query term
 * met, and how; from that the word-order bonus, the explanation and the highlight.
 */

/** How a query term met the text. */
export const HOW = { none: -1, exact: 0, join: 1, prefix: 2, typo: 3, gene: 4, related: 5 } as const;

/** Per term of the plan: position of the text word met (-1 none), how, quality and the word id. */
export interface Alignment {
  pos: Int32Array;
  how: Int8Array;
  quality: Float32Array;
  word: Int32Array;
}

export function newAlignment(): Alignment {
  return {
    pos: new Int32Array(MAX_TERMS),
    how: new Int8Array(MAX_TERMS),
    quality: new Float32Array(MAX_TERMS),
    word: new Int32Array(MAX_TERMS),
  };
}

/** Quality of word `w` for term `t` into `how[0]`/return value; 0 when it does not match. */
function wordQuality(t: QueryTerm, w: number, words: string[], how: Int8Array, k: number): number {
  const { quality } = RANKING;
  if (w === t.exact) {
    how[k] = HOW.exact;
    return quality.exact;
  }
  for (const j of t.joins)
    if (j.word === w) {
      how[k] = HOW.join;
      return quality.join;
    }
  for (const rel of t.related)
    if (rel.id === w) {
      how[k] = HOW.related;
      return rel.quality;
    }
  if (w >= t.lo && w < t.hi) {
    how[k] = HOW.prefix;
    return t.prefixBase + RANKING.prefixSpan * (t.term.length / words[w].length);
  }
  const ids = t.fuzzyIds;
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] < w) lo = mid + 1;
    else hi = mid;
  }
  if (lo < ids.length && ids[lo] === w) {
    how[k] = HOW.typo;
    return t.fuzzyEdits[lo] === 1 ? quality.typo1 : quality.typo2;
  }
  return 0;
}

const scratchHow = new Int8Array(1);

/**
 * Align the plan's terms on slot `s` of row `r`, greedily in query order: each term takes the best
 * match among the words still free, preferring the word right after the previous term's (phrases
 * stay together), then the leftmost. A term met by a join takes the covered terms with it.
 */
export function alignSlot(plan: QueryPlan, index: LoadedIndex, s: number, r: number, out: Alignment): void {
  const { terms } = plan;
  const start = index.slotStart[s];
  const n = index.slotStart[s + 1] - start;
  const words = index.vocabulary.words;
  out.pos.fill(-1, 0, terms.length);
  out.how.fill(HOW.none, 0, terms.length);
  out.quality.fill(0, 0, terms.length);
  // Texts rarely exceed 31 words; longer ones fall back to an array.
  let used = 0;
  const usedMany = n > 31 ? new Uint8Array(n) : null;
  let prev = -2;
  for (let k = 0; k < terms.length; k++) {
    if (out.how[k] !== HOW.none) {
      prev = out.pos[k];
      continue;
    }
    const t = terms[k];
    let best = -1;
    let bestQuality = 0;
    let bestHow: number = HOW.none;
    for (let j = 0; j < n; j++) {
      if (usedMany ? usedMany[j] : used & (1 << j)) continue;
      const q = wordQuality(t, index.slotWords[start + j], words, scratchHow, 0);
      if (q === 0) continue;
      if (q > bestQuality || (q === bestQuality && j === prev + 1 && best !== prev + 1)) {
        best = j;
        bestQuality = q;
        bestHow = scratchHow[0];
      }
    }
    if (best >= 0) {
      if (usedMany) usedMany[best] = 1;
      else used |= 1 << best;
      const w = index.slotWords[start + best];
      out.pos[k] = best;
      out.how[k] = bestHow;
      out.quality[k] = bestQuality;
      out.word[k] = w;
      if (bestHow === HOW.join) {
        const covers = t.joins.find((j) => j.word === w)!.covers;
        for (let m = k + 1; m < terms.length; m++)
          if (covers & terms[m].bit) {
            out.pos[m] = best;
            out.how[m] = HOW.join;
            out.quality[m] = bestQuality;
            out.word[m] = w;
          }
      }
      prev = best;
    } else if (t.geneRows?.includes(r)) {
      const i = t.geneRows.indexOf(r);
      out.how[k] = HOW.gene;
      out.quality[k] = t.geneCausal![i] === 1 ? RANKING.quality.gene : RANKING.quality.geneOther;
    }
  }
}

export type Order = 'adjacent' | 'in-order' | 'any';

/** Word order of an alignment: the bonus factor (1 to 1 + maxBonus()) and its class (null under two words). */
export function orderBonus(plan: QueryPlan, a: Alignment): { bonus: number; order: Order | null; startsText: boolean } {
  let count = 0;
  let adjacent = 0;
  let inOrder = true;
  let last = -1;
  let first = -1;
  for (let k = 0; k < plan.terms.length; k++) {
    const p = a.pos[k];
    if (p < 0) continue;
    if (count === 0) first = p;
    else {
      if (p === last + 1 || (p === last && a.how[k] === HOW.join)) adjacent++;
      if (p < last) inOrder = false;
    }
    last = p;
    count++;
  }
  const startsText = first === 0;
  const { adjacentBonus, orderBonus: inOrderBonus, startBonus } = RANKING;
  if (count < 2) return { bonus: 1 + (startsText ? startBonus : 0), order: null, startsText };
  const share = adjacent / (count - 1);
  const bonus = 1 + adjacentBonus * share + (inOrder ? inOrderBonus : 0) + (startsText ? startBonus : 0);
  return { bonus, order: inOrder && share === 1 ? 'adjacent' : inOrder ? 'in-order' : 'any', startsText };
}
