import type { WordMatcher } from './vocabulary.ts';

/** Relevance tiers, best first. Gene matches come from the gene map, never from a slot. */
export const TIER = {
  exactName: 0,
  exactSynonym: 1,
  gene: 2,
  namePrefix: 3,
  synonymPrefix: 4,
  nameWords: 5,
  synonymWords: 6,
  fuzzy: 7,
} as const;

/** How a query word met its word in the text. */
export const HIT_EXACT = 0;
export const HIT_PREFIX = 1;
export const HIT_FUZZY = 2;

/** Where query word i landed in the slot (`pos[i]`, a word index) and how (`how[i]`). */
export interface Alignment { pos: Int32Array; how: Int32Array }

/** Scratch alignment for a query of `k` words. */
export function newAlignment(k: number): Alignment {
  return { pos: new Int32Array(k), how: new Int32Array(k) };
}

/** Edits between query word `m` and vocabulary word `w`, or -1 when `w` is not a typo neighbour. */
function typoEdits(m: WordMatcher, w: number): number {
  const ids = m.fuzzyIds;
  let lo = 0;
  let hi = ids.length;
  if (hi === 0 || w < ids[0] || w > ids[hi - 1]) return -1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] < w) lo = mid + 1;
    else hi = mid;
  }
  return ids[lo] === w ? m.fuzzyEdits[lo] : -1;
}

/** Rank of each (query word, slot word) pair: 0 exact, 1 prefix, 1 + d typo, -1 none. Shared scratch. */
let grid = new Int8Array(1024);

/**
 * Fill grid[i * n + j] for words[start, start + n). Returns false as soon as some query word can
 * match no word of the slot, which is how most candidate slots are rejected.
 */
function fillGrid(ms: WordMatcher[], words: Int32Array, start: number, n: number): boolean {
  if (ms.length * n > grid.length) grid = new Int8Array(ms.length * n * 2);
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i];
    let any = false;
    for (let j = 0; j < n; j++) {
      const w = words[start + j];
      let r = -1;
      if (w === m.exact) r = 0;
      else if (w >= m.lo && w < m.hi) r = 1;
      else {
        const d = typoEdits(m, w);
        if (d > 0) r = 1 + d;
      }
      grid[i * n + j] = r;
      if (r >= 0) any = true;
    }
    if (!any) return false;
  }
  return true;
}

/**
 * Give each query word a distinct word of the slot, greedily: best rank first, then the word right
 * after the previous one (so phrases stay adjacent), then the leftmost. `loose` admits prefixes and
 * typos for every word; otherwise only the last word may be a prefix. Returns the edits used, or -1.
 */
function align(k: number, n: number, loose: boolean, out: Alignment): number {
  // Slots rarely exceed 31 words; longer ones fall back to an array.
  let usedBits = 0;
  const usedMany = n > 31 ? new Uint8Array(n) : null;
  let edits = 0;
  let prev = -2;
  for (let i = 0; i < k; i++) {
    const maxRank = loose ? 127 : i === k - 1 ? 1 : 0;
    let best = -1;
    let bestKey = Infinity;
    for (let j = 0; j < n; j++) {
      const r = grid[i * n + j];
      if (r < 0 || r > maxRank || (usedMany ? usedMany[j] : usedBits & (1 << j))) continue;
      const key = r * 2 + (j === prev + 1 ? 0 : 1);
      if (key < bestKey) { bestKey = key; best = j; }
    }
    if (best < 0) return -1;
    if (usedMany) usedMany[best] = 1;
    else usedBits |= 1 << best;
    const r = bestKey >> 1;
    out.pos[i] = best;
    out.how[i] = r === 0 ? HIT_EXACT : r === 1 ? HIT_PREFIX : HIT_FUZZY;
    if (r > 1) edits += r - 1;
    prev = best;
  }
  return edits;
}

/** 0: in order and adjacent, 1: in order, 2: any order. */
function orderClass(pos: Int32Array): number {
  let adjacent = true;
  for (let i = 1; i < pos.length; i++) {
    if (pos[i] < pos[i - 1]) return 2;
    if (pos[i] !== pos[i - 1] + 1) adjacent = false;
  }
  return adjacent ? 0 : 1;
}

/** matchSlot() for a one-word query, the common and the costliest case, without the alignment search. */
function matchOne(m: WordMatcher, words: Int32Array, start: number, n: number, synonym: boolean, out: Alignment): number {
  const first = words[start];
  if (first === m.exact || (first >= m.lo && first < m.hi)) {
    out.pos[0] = 0;
    out.how[0] = first === m.exact ? HIT_EXACT : HIT_PREFIX;
    if (first === m.exact && n === 1) return (synonym ? TIER.exactSynonym : TIER.exactName) * 256;
    return (synonym ? TIER.synonymPrefix : TIER.namePrefix) * 256;
  }
  let prefixAt = -1;
  for (let j = 1; j < n; j++) {
    const w = words[start + j];
    if (w === m.exact) {
      out.pos[0] = j;
      out.how[0] = HIT_EXACT;
      return (synonym ? TIER.synonymWords : TIER.nameWords) * 256;
    }
    if (prefixAt < 0 && w >= m.lo && w < m.hi) prefixAt = j;
  }
  if (prefixAt >= 0) {
    out.pos[0] = prefixAt;
    out.how[0] = HIT_PREFIX;
    return (synonym ? TIER.synonymWords : TIER.nameWords) * 256 + 1;
  }
  if (m.fuzzyIds.length === 0) return -1;
  let best = -1;
  let edits = Infinity;
  for (let j = 0; j < n; j++) {
    const d = typoEdits(m, words[start + j]);
    if (d > 0 && d < edits) { edits = d; best = j; }
  }
  if (best < 0) return -1;
  out.pos[0] = best;
  out.how[0] = HIT_FUZZY;
  return TIER.fuzzy * 256 + Math.min(edits, 15) * 16 + (synonym ? 8 : 0);
}

/**
 * Match the query (one matcher per word) against one slot: words[start, start + n). Returns
 * tier * 256 + sub (sub orders hits within the tier, lower is better), or -1 when it does not match.
 * `out` receives the alignment used, for highlighting.
 */
export function matchSlot(ms: WordMatcher[], words: Int32Array, start: number, n: number, synonym: boolean, out: Alignment): number {
  const k = ms.length;
  if (k === 0 || n === 0) return -1;
  if (k === 1) return matchOne(ms[0], words, start, n, synonym, out);
  if (n >= k) {
    let i = 0;
    while (i < k - 1 && words[start + i] === ms[i].exact) i++;
    if (i === k - 1) {
      const last = words[start + k - 1];
      const exact = last === ms[k - 1].exact;
      if (exact || (last >= ms[k - 1].lo && last < ms[k - 1].hi)) {
        for (let p = 0; p < k; p++) {
          out.pos[p] = p;
          out.how[p] = p < k - 1 || exact ? HIT_EXACT : HIT_PREFIX;
        }
        if (exact && n === k) return (synonym ? TIER.exactSynonym : TIER.exactName) * 256;
        return (synonym ? TIER.synonymPrefix : TIER.namePrefix) * 256;
      }
    }
  }
  if (n < k || !fillGrid(ms, words, start, n)) return -1;
  if (align(k, n, false, out) >= 0) {
    const prefixed = out.how[k - 1] === HIT_PREFIX ? 1 : 0;
    return (synonym ? TIER.synonymWords : TIER.nameWords) * 256 + orderClass(out.pos) * 2 + prefixed;
  }
  const edits = align(k, n, true, out);
  if (edits < 0) return -1;
  const prefixed = out.how.includes(HIT_PREFIX) ? 1 : 0;
  return TIER.fuzzy * 256 + Math.min(edits, 15) * 16 + (synonym ? 8 : 0) + orderClass(out.pos) * 2 + prefixed;
}
