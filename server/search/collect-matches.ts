import { geneSecondary, geneSub } from './gene-order.ts';
import type { LoadedIndex } from './loaded-index.ts';
import { TIER, matchSlot, type Alignment } from './match-slot.ts';
import { relevanceKey } from './rank-key.ts';
import type { RowTable } from './row-table.ts';
import type { WordMatcher } from './vocabulary.ts';

/** One parsed query: its words, what each can match, the gene key it may be, scratch space. */
export interface ParsedQuery { tokens: string[]; text: string; matchers: WordMatcher[]; gene: string; alignment: Alignment }

/**
 * Finds every row a query matches and keeps, per row, its best relevance key and the slot that
 * gave it (-1 for a gene hit). Scratch arrays are reused across queries and stamped with a query
 * counter instead of being cleared, so one collection costs only the postings it walks.
 */
export class MatchCollector {
  /** Best relevance key per row; -1 when the filters reject the row, Infinity before a match. */
  readonly rowKey: Float64Array;
  readonly rowSlot: Int32Array;
  /** Rows matched by the last collect(), in discovery order. */
  readonly matched: Int32Array;
  private readonly rowSeen: Int32Array;
  private readonly slotSeen: Int32Array;
  private epoch = 0;

  constructor(private readonly index: LoadedIndex, private readonly table: RowTable) {
    const rows = table.rows.length;
    this.rowKey = new Float64Array(rows);
    this.rowSlot = new Int32Array(rows);
    this.matched = new Int32Array(rows);
    this.rowSeen = new Int32Array(rows);
    this.slotSeen = new Int32Array(index.slotRow.length);
  }

  /** Match `query` against the rows that `pass` (all when null); returns how many matched (see `matched`). */
  collect(query: ParsedQuery, pass: ((r: number) => boolean) | null): number {
    const { rowSeen, rowKey, rowSlot, matched, slotSeen } = this;
    // The stamps are Int32: start over before the counter would wrap (after 2^31 queries).
    if (this.epoch === 0x7fffffff) {
      this.epoch = 0;
      rowSeen.fill(0);
      slotSeen.fill(0);
    }
    const epoch = ++this.epoch;
    const { slotStart, slotWords, slotRow, slotOrdinal, slotTextLength, postings, postingStart } = this.index;
    const { staticRank } = this.table;
    // Imported functions are namespace lookups under some loaders: bind them once per query.
    const match = matchSlot;
    const keyOf = relevanceKey;
    const { matchers, alignment } = query;
    const textLength = query.text.length;
    let count = 0;

    const geneRows = this.index.genes.get(query.gene);
    if (geneRows) {
      const causal = this.index.geneCausal.get(query.gene)!;
      const { rows } = this.table;
      for (let i = 0; i < geneRows.length; i++) {
        const r = geneRows[i];
        rowSeen[r] = epoch;
        if (pass && !pass(r)) { rowKey[r] = -1; continue; }
        rowKey[r] = keyOf(TIER.gene * 256 + geneSub(rows[r], causal[i] === 1), geneSecondary(rows[r]), staticRank[r]);
        rowSlot[r] = -1;
        matched[count++] = r;
      }
    }

    const driver = this.driver(matchers);
    if (!driver) return count;
    const visit = (w: number): void => {
      for (let p = postingStart[w], end = postingStart[w + 1]; p < end; p++) {
        const s = postings[p];
        if (slotSeen[s] === epoch) continue;
        slotSeen[s] = epoch;
        const r = slotRow[s];
        let best: number;
        if (rowSeen[r] !== epoch) {
          rowSeen[r] = epoch;
          best = rowKey[r] = !pass || pass(r) ? Infinity : -1;
        } else best = rowKey[r];
        if (best === -1) continue;
        const n = slotStart[s + 1] - slotStart[s];
        const tierSub = match(matchers, slotWords, slotStart[s], n, slotOrdinal[s] > 0, alignment);
        if (tierSub < 0) continue;
        const key = keyOf(tierSub, Math.abs(slotTextLength[s] - textLength), staticRank[r]);
        if (key < best) {
          if (best === Infinity) matched[count++] = r;
          rowKey[r] = key;
          rowSlot[r] = s;
        }
      }
    };
    for (let w = driver.lo; w < driver.hi; w++) visit(w);
    for (const w of driver.fuzzyIds) visit(w);
    return count;
  }

  /** The query word whose candidate slots are fewest, or null when some word matches nothing. */
  private driver(matchers: WordMatcher[]): WordMatcher | null {
    let best: WordMatcher | null = null;
    let bestCost = Infinity;
    for (const m of matchers) {
      let cost = this.index.postingCount(m.lo, m.hi);
      for (const w of m.fuzzyIds) cost += this.index.postingCount(w, w + 1);
      if (cost === 0) return null;
      if (cost < bestCost) { bestCost = cost; best = m; }
    }
    return best;
  }
}
