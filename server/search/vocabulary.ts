import { boundedEditDistance, maxEdits } from './edit-distance.ts';
import { MIN_FUZZY_WORD, bigramKey, deltaDecode, wordBigrams } from '../contract/search-index.ts';

/** How one query word can match vocabulary words. */
export interface WordMatcher {
  token: string;
  /** Word id of the token itself, or -1. */
  exact: number;
  /** Ids [lo, hi) of the words the token is a prefix of (the token itself included). */
  lo: number;
  hi: number;
  /** Ids of the words within the allowed edit distance (never the exact word), ascending. */
  fuzzyIds: Int32Array;
  /** Edit distance of each of fuzzyIds. */
  fuzzyEdits: Int8Array;
}

/**
 * The loaded word vocabulary: sorted words for exact and prefix lookups by binary search, and the
 * bigram index that narrows typo candidates before the edit distance is computed.
 */
export class Vocabulary {
  private readonly bigrams = new Map<string, Int32Array>();
  /** Shared-bigram counters per word id, reset through `touched` after each lookup. */
  private readonly counts: Uint16Array;
  private readonly touched: Int32Array;

  constructor(readonly words: string[], bigrams: Record<string, number[]>) {
    for (const [g, ids] of Object.entries(bigrams)) this.bigrams.set(g, deltaDecode(ids));
    this.counts = new Uint16Array(words.length);
    this.touched = new Int32Array(words.length);
  }

  /** First id whose word is >= `s`. */
  private lowerBound(s: string): number {
    let lo = 0;
    let hi = this.words.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.words[mid] < s) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Everything one query word can match. */
  matcher(token: string): WordMatcher {
    const lo = this.lowerBound(token);
    let hi = lo;
    // Words sharing the prefix are contiguous; gallop then bisect to the end of the run.
    let step = 1;
    while (hi + step <= this.words.length && this.words[hi + step - 1].startsWith(token)) { hi += step; step *= 2; }
    while (step > 1) { step >>= 1; if (hi + step <= this.words.length && this.words[hi + step - 1].startsWith(token)) hi += step; }
    const exact = lo < this.words.length && this.words[lo] === token ? lo : -1;
    const near = [...this.neighbours(token)].sort((a, b) => a[0] - b[0]);
    return { token, exact, lo, hi, fuzzyIds: Int32Array.from(near, ([id]) => id), fuzzyEdits: Int8Array.from(near, ([, d]) => d) };
  }

  /**
   * Words within maxEdits(token.length) of `token`. An edit breaks at most 3 padded bigrams (a
   * transposition), so a candidate must share at least `distinct - 3 * edits` of them.
   */
  neighbours(token: string): Map<number, number> {
    const found = new Map<number, number>();
    const k = maxEdits(token.length);
    if (k === 0) return found;
    const grams = wordBigrams(token);
    const need = Math.max(1, grams.length - 3 * k);
    let touchedCount = 0;
    for (const g of grams) {
      for (let length = Math.max(MIN_FUZZY_WORD, token.length - k); length <= token.length + k; length++) {
        const ids = this.bigrams.get(bigramKey(g, length));
        if (!ids) continue;
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i];
          if (this.counts[id]++ === 0) this.touched[touchedCount++] = id;
        }
      }
    }
    for (let i = 0; i < touchedCount; i++) {
      const id = this.touched[i];
      if (this.counts[id] >= need) {
        const word = this.words[id];
        if (word !== token) {
          const d = boundedEditDistance(token, word, k);
          if (d <= k) found.set(id, d);
        }
      }
      this.counts[id] = 0;
    }
    return found;
  }
}
