import { boundedEditDistance, maxEdits } from './edit-distance.ts';
import { MIN_FUZZY_WORD, bigramKey, deltaDecode, wordBigrams } from '../contract/snapshot/search-index.ts';
import { PAUSE_EVERY, type Work } from '../loading/slices.ts';

/**
 * The loaded word vocabulary: sorted words for exact and prefix lookups by binary search, and the
 * bigram index that narrows typo candidates before the edit distance is computed.
 */
export class Vocabulary {
  private readonly bigrams = new Map<string, Int32Array>();
  /** Shared-bigram counters per word id, reset through `touched` after each lookup. */
  private readonly counts: Uint16Array;
  private readonly touched: Int32Array;

  constructor(
    readonly words: string[],
    bigrams: Record<string, number[]> = {},
  ) {
    for (const g in bigrams) this.bigrams.set(g, deltaDecode(bigrams[g]));
    this.counts = new Uint16Array(words.length);
    this.touched = new Int32Array(words.length);
  }

  /** The vocabulary made in slices (slices.ts): the bigram lists are decoded a thousand at a time. */
  static *load(words: string[], bigrams: Record<string, number[]>): Work<Vocabulary> {
    const vocabulary = new Vocabulary(words);
    let n = 0;
    for (const g in bigrams) {
      vocabulary.bigrams.set(g, deltaDecode(bigrams[g]));
      if ((++n & PAUSE_EVERY) === 0) yield;
    }
    return vocabulary;
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

  /** Id of `term`, or -1 when no text has it. */
  idOf(term: string): number {
    const lo = this.lowerBound(term);
    return lo < this.words.length && this.words[lo] === term ? lo : -1;
  }

  /** Ids [lo, hi) of the terms longer than `prefix` that start with it. */
  prefixRange(prefix: string): { lo: number; hi: number } {
    let lo = this.lowerBound(prefix);
    if (lo < this.words.length && this.words[lo] === prefix) lo++;
    let hi = lo;
    // Terms sharing the prefix are contiguous; gallop then bisect to the end of the run.
    let step = 1;
    while (hi + step <= this.words.length && this.words[hi + step - 1].startsWith(prefix)) {
      hi += step;
      step *= 2;
    }
    while (step > 1) {
      step >>= 1;
      if (hi + step <= this.words.length && this.words[hi + step - 1].startsWith(prefix)) hi += step;
    }
    return { lo, hi };
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
