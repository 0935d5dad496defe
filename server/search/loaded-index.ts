import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import { causalFlags } from './gene-order.ts';
import { SEARCH_INDEX_VERSION, type SerializedSearchIndex } from '../contract/snapshot/search-index.ts';
import { geneKey } from '../contract/snapshot/search-index.ts';
import { normalize } from '../contract/text/normalize.ts';
import { idf, slotWeights, termWeights, unseenWeight } from './term-weights.ts';
import { Vocabulary } from './vocabulary.ts';
import { PAUSE_EVERY, runNow, type Work } from '../loading/slices.ts';

/** The index's arrays as its loader sets them (once, before anything reads them). */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The serialized index decoded into typed arrays, checked against the rows it was built from.
 * Slot s holds words slotWords[slotStart[s], slotStart[s + 1]); word w occurs in the slots
 * postings[postingStart[w], postingStart[w + 1]).
 */
export class LoadedIndex {
  readonly vocabulary!: Vocabulary;
  readonly slotStart!: Int32Array;
  readonly slotWords!: Int32Array;
  readonly slotRow!: Int32Array;
  /** 0 for the name, k for synonyms[k - 1]. */
  readonly slotOrdinal!: Int32Array;
  /** The name slot of each row; its synonyms follow it. */
  readonly rowFirstSlot!: Int32Array;
  /** Bit mask of the slot's bracketed word positions (0-29). */
  readonly slotBracketed!: Int32Array;
  /** Ranking weight of each term (term-weights.ts). */
  readonly weight!: Float32Array;
  /** Total weight of each slot's words. */
  readonly slotWeight!: Float32Array;
  /** Weight of a query word found in no text. */
  readonly unseen!: number;
  /** Per term id, the terms the names use for it, with the quality of such a match (0-1). */
  readonly related = new Map<number, { id: number; quality: number }[]>();
  readonly postingStart!: Int32Array;
  readonly postings!: Int32Array;
  readonly genes = new Map<string, Int32Array>();
  /** Per gene key, parallel to `genes`: 1 where the gene causes the row's disease. */
  readonly geneCausal!: Map<string, Uint8Array>;

  /** The index decoded at once (tools and tests; the server loads it with `load`). */
  constructor(index: SerializedSearchIndex, rows: ListingRow[], build = true) {
    if (build) runNow(this.#build(index, rows));
  }

  /** The index decoded in slices (slices.ts). */
  static *load(index: SerializedSearchIndex, rows: ListingRow[]): Work<LoadedIndex> {
    const loaded = new LoadedIndex(index, rows, false);
    yield* loaded.#build(index, rows);
    return loaded;
  }

  *#build(index: SerializedSearchIndex, rows: ListingRow[]): Work<void> {
    if (index.version !== SEARCH_INDEX_VERSION) {
      throw new Error(`search index version ${index.version} is not ${SEARCH_INDEX_VERSION}: rebuild dist/search-index.json`);
    }
    if (index.ids.length !== rows.length) throw new Error('search index was built from other rows than the listing: rebuild dist/');
    const slots = index.slotLengths.length;
    let expected = 0;
    for (let r = 0; r < rows.length; r++) {
      if (rows[r].id !== index.ids[r]) throw new Error('search index was built from other rows than the listing: rebuild dist/');
      expected += 1 + rows[r].synonyms.length;
      if ((r & PAUSE_EVERY) === 0) yield;
    }
    if (expected !== slots) throw new Error(`search index has ${slots} texts, the rows have ${expected}: rebuild dist/`);
    const self = this as Mutable<LoadedIndex>;
    self.slotRow = new Int32Array(slots);
    self.slotOrdinal = new Int32Array(slots);
    self.rowFirstSlot = new Int32Array(rows.length);
    let s = 0;
    for (let r = 0; r < rows.length; r++) {
      this.rowFirstSlot[r] = s;
      for (let k = 0; k <= rows[r].synonyms.length; k++, s++) {
        this.slotRow[s] = r;
        this.slotOrdinal[s] = k;
      }
      if ((r & PAUSE_EVERY) === 0) yield;
    }

    self.slotStart = prefixSums(index.slotLengths);
    self.slotWords = Int32Array.from(index.slotWords);
    yield;
    self.vocabulary = yield* Vocabulary.load(index.words, index.bigrams);
    self.slotBracketed = new Int32Array(slots);
    for (let i = 0, slot = 0; i + 1 < index.bracketed.length; i += 2)
      this.slotBracketed[(slot += index.bracketed[i])] = index.bracketed[i + 1];
    yield;
    self.weight = yield* termWeights(index.words, index.postingLengths, slots);
    yield;
    self.slotWeight = slotWeights(this.slotStart, this.slotWords, this.weight, (t) => this.slotBracketed[t]);
    self.unseen = unseenWeight(slots);
    yield;
    for (let i = 0; i + 2 < index.related.length; i += 3) {
      const [a, b, q] = [index.related[i], index.related[i + 1], index.related[i + 2] / 100];
      for (const [from, to] of [
        [a, b],
        [b, a],
      ]) {
        let list = this.related.get(from);
        if (!list) this.related.set(from, (list = []));
        list.push({ id: to, quality: q });
      }
    }
    yield;

    self.postingStart = prefixSums(index.postingLengths);
    self.postings = new Int32Array(index.postings.length);
    for (let w = 0; w < index.postingLengths.length; w++) {
      let slot = 0;
      for (let i = this.postingStart[w]; i < this.postingStart[w + 1]; i++) this.postings[i] = slot += index.postings[i];
      if ((w & PAUSE_EVERY) === 0) yield;
    }
    let n = 0;
    for (const key in index.genes) {
      this.genes.set(key, Int32Array.from(index.genes[key]));
      if ((++n & PAUSE_EVERY) === 0) yield;
    }
    self.geneCausal = yield* causalFlags(this.genes, rows);
  }

  /**
   * Let old symbols find what the current ones do: each [old, current] pair whose old key no
   * disease's gene already has gets the rows (and causal flags) of the current symbol.
   */
  addGeneAliases(pairs: Iterable<readonly [string, string]>): void {
    for (const [old, current] of pairs) {
      const from = geneKey(normalize(old));
      const to = geneKey(normalize(current));
      const rows = this.genes.get(to);
      if (from === '' || this.genes.has(from) || rows === undefined) continue;
      this.genes.set(from, rows);
      this.geneCausal.set(from, this.geneCausal.get(to)!);
    }
  }

  /** Weight of a gene symbol carried by `rows` rows, as a query word of a mixed query. */
  geneWeight(rows: number): number {
    return idf(rows, this.slotRow.length);
  }

  /** Number of slots containing any word with id in [lo, hi). */
  postingCount(lo: number, hi: number): number {
    return this.postingStart[hi] - this.postingStart[lo];
  }
}

function prefixSums(lengths: number[]): Int32Array {
  const out = new Int32Array(lengths.length + 1);
  for (let i = 0; i < lengths.length; i++) out[i + 1] = out[i] + lengths[i];
  return out;
}
