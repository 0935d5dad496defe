import { normalize } from '../contract/text/normalize.ts';
import { SlotAccumulator } from './accumulate.ts';
import { geneSub } from './gene-order.ts';
import type { LoadedIndex } from './loaded-index.ts';
import type { QueryPlan } from './query-plan.ts';
import { RANKING, generalityFactor, maxBonus } from './ranking-params.ts';
import { TIER, rankedSub, relevanceKey } from './rank-key.ts';
import type { RowTable } from './row-table.ts';
import { alignSlot, newAlignment, orderBonus } from './slot-align.ts';
import { alignedParts, tversky } from './slot-score.ts';
import { MinHeap } from '../util/min-heap.ts';

/** Row states besides a tier: filtered out, or seen without a match yet. */
const REJECTED = -1;
const UNRANKED = 7;
/** rowSlot of a row matched by its gene symbol or its identifier, not by a text. */
export const GENE_SLOT = -1;
export const ID_SLOT = -2;
const MONDO_ID = /^mondo (\d{7})$/;

/**
 * Finds the rows a query matches and keeps, per row, its tier, best text (slot), ranked score and
 * relevance key. Exact texts, identifiers and gene symbols take their tiers; every other row is
 * ranked by the score of its best text (slot-score.ts): every row whose names meet a query word
 * that names something (not only stop, generic or bracketed words), so a query that matches
 * nothing fully still returns its best partial matches. Not re-entrant: scratch space is shared.
 */
export class MatchCollector {
  readonly rowKey: Float64Array;
  readonly rowSlot: Int32Array;
  readonly rowTier: Int8Array;
  /** Ranked score before (collect) and after (refine) the word-order bonus. */
  readonly rowScore: Float32Array;
  /** Rows of the result of the last collect(), in discovery order. */
  readonly matched: Int32Array;
  private readonly rowStamp: Int32Array;
  private readonly rowNames: Uint8Array;
  private readonly seen: Int32Array;
  private readonly acc: SlotAccumulator;
  private readonly rowById = new Map<string, number>();
  /** Per row, the generality factor of its ranked scores. */
  private readonly prior: Float32Array;
  private readonly alignment = newAlignment();
  private epoch = 0;
  private seenCount = 0;

  constructor(
    private readonly index: LoadedIndex,
    private readonly table: RowTable,
  ) {
    const rows = table.rows.length;
    this.rowKey = new Float64Array(rows);
    this.rowSlot = new Int32Array(rows);
    this.rowTier = new Int8Array(rows);
    this.rowScore = new Float32Array(rows);
    this.matched = new Int32Array(rows);
    this.rowStamp = new Int32Array(rows);
    this.rowNames = new Uint8Array(rows);
    this.seen = new Int32Array(rows);
    this.acc = new SlotAccumulator(index);
    for (let r = 0; r < table.rows.length; r++) this.rowById.set(table.rows[r].id, r);
    this.prior = Float32Array.from(table.rows, (row) => generalityFactor(row.descendantCount ?? 0));
  }

  /** Start row `r` for this query; false when the filters reject it. */
  private touch(r: number, pass: ((r: number) => boolean) | null): boolean {
    if (this.rowStamp[r] !== this.epoch) {
      this.rowStamp[r] = this.epoch;
      this.rowTier[r] = pass && !pass(r) ? REJECTED : UNRANKED;
      this.rowScore[r] = 0;
      this.rowNames[r] = 0;
      this.seen[this.seenCount++] = r;
    }
    return this.rowTier[r] !== REJECTED;
  }

  /** Match `plan` against the rows that `pass` (all when null); returns how many matched (see `matched`). */
  collect(plan: QueryPlan, pass: ((r: number) => boolean) | null): number {
    if (this.epoch === 0x7fffffff) {
      this.epoch = 0;
      this.rowStamp.fill(0);
    }
    this.epoch++;
    this.seenCount = 0;
    const { rowTier, rowSlot, rowScore } = this;
    const id = MONDO_ID.exec(plan.literal);
    const idRow = id ? this.rowById.get(`MONDO:${id[1]}`) : undefined;
    if (idRow !== undefined && this.touch(idRow, pass)) {
      rowTier[idRow] = TIER.identifier;
      rowSlot[idRow] = ID_SLOT;
    }
    const geneRows = plan.gene === '' ? undefined : this.index.genes.get(plan.gene);
    if (geneRows) {
      for (const r of geneRows)
        if (this.touch(r, pass) && rowTier[r] > TIER.gene) {
          rowTier[r] = TIER.gene;
          rowSlot[r] = GENE_SLOT;
        }
    }
    if (plan.terms.length > 0) this.scoreSlots(plan, pass);
    let count = 0;
    const { staticRank } = this.table;
    for (let i = 0; i < this.seenCount; i++) {
      const r = this.seen[i];
      const tier = rowTier[r];
      if (tier === REJECTED || tier === UNRANKED) continue;
      if (tier === TIER.ranked && !this.rowNames[r]) continue;
      this.matched[count++] = r;
      const sub = tier === TIER.ranked ? rankedSub(rowScore[r] / (1 + maxBonus())) : tier === TIER.gene ? this.geneSubOf(plan, r) : 0;
      this.rowKey[r] = relevanceKey(tier, sub, staticRank[r]);
    }
    return count;
  }

  /** Score every touched text and keep each row's best. */
  private scoreSlots(plan: QueryPlan, pass: ((r: number) => boolean) | null): void {
    const acc = this.acc;
    const touched = acc.run(plan);
    const { slotRow, slotOrdinal, slotStart, slotWords, slotWeight } = this.index;
    const { rowTier, rowSlot, rowScore, rowNames } = this;
    const { totalWeight, fullMask, significantMask, sequence } = plan;
    const geneTerms = plan.terms.filter((t) => t.geneRows !== null);
    for (let i = 0; i < touched; i++) {
      const s = acc.touched[i];
      const r = slotRow[s];
      if (!this.touch(r, pass)) continue;
      let mask = acc.mask[s];
      let matched = acc.matched[s];
      let textMatched = matched;
      let matchedWeight = acc.matchedWeight[s];
      let termWeight = acc.termWeight[s];
      if (geneTerms.length > 0 && acc.geneStamp[r] === acc.epoch) {
        for (const t of geneTerms) {
          if (mask & t.bit || !(acc.geneMask[r] & t.bit)) continue;
          const k = t.geneRows!.indexOf(r);
          const causal = t.geneCausal![k] === 1;
          matched += (causal ? RANKING.quality.gene : RANKING.quality.geneOther) * t.weight;
          // The gene that causes the disease stands for its name as well as any word of it would.
          if (causal) textMatched += t.weight;
          matchedWeight += t.weight;
          termWeight += t.weight;
          mask |= t.bit;
        }
      }
      if (mask === 0) continue;
      const synonym = slotOrdinal[s] > 0;
      const start = slotStart[s];
      const n = slotStart[s + 1] - start;
      if (mask === fullMask && n === sequence.length && this.sameSequence(sequence, slotWords, start)) {
        const literal =
          normalize(slotOrdinal[s] === 0 ? this.table.rows[r].name : this.table.rows[r].synonyms[slotOrdinal[s] - 1]) === plan.literal;
        const tier = literal ? (synonym ? TIER.exactSynonym : TIER.exactName) : synonym ? TIER.variantSynonym : TIER.variantName;
        if (tier < rowTier[r]) {
          rowTier[r] = tier;
          rowSlot[r] = s;
          rowScore[r] = 1;
        }
        continue;
      }
      if (rowTier[r] < TIER.ranked) continue;
      if ((mask & significantMask) !== 0 || significantMask === 0) rowNames[r] = 1;
      const score = tversky(matched, textMatched, totalWeight - termWeight + matchedWeight, slotWeight[s], synonym) * this.prior[r];
      if (rowTier[r] === UNRANKED || score > rowScore[r]) {
        rowTier[r] = TIER.ranked;
        rowScore[r] = score;
        rowSlot[r] = s;
      }
    }
  }

  private sameSequence(sequence: Int32Array, words: Int32Array, start: number): boolean {
    for (let j = 0; j < sequence.length; j++) if (words[start + j] !== sequence[j]) return false;
    return true;
  }

  private geneSubOf(plan: QueryPlan, r: number): number {
    const rows = this.index.genes.get(plan.gene)!;
    const i = rows.indexOf(r);
    return geneSub(this.table.rows[r], this.index.geneCausal.get(plan.gene)![i] === 1);
  }

  /**
   * Apply the word-order bonus to the ranked rows that can still reach the first `k` places: those
   * whose score with the largest bonus reaches the k-th best score without it.
   */
  refine(plan: QueryPlan, count: number, k: number): void {
    const { rowTier, rowScore, rowSlot, matched } = this;
    if (k <= 0) return;
    const kth = kthLargest(rowScore, rowTier, matched, count, k);
    const { staticRank } = this.table;
    const top = 1 + maxBonus();
    for (let i = 0; i < count; i++) {
      const r = matched[i];
      if (rowTier[r] !== TIER.ranked || rowScore[r] * top < kth) continue;
      const s = rowSlot[r];
      alignSlot(plan, this.index, s, r, this.alignment);
      // The first pass's score is an upper bound; the alignment knows where each word met.
      const parts = alignedParts(plan, this.index, s, this.alignment);
      const aligned =
        tversky(parts.matched, parts.textMatched, parts.queryWeight, this.index.slotWeight[s], this.index.slotOrdinal[s] > 0) *
        this.prior[r];
      rowScore[r] = Math.min(rowScore[r], aligned) * orderBonus(plan, this.alignment).bonus;
      this.rowKey[r] = relevanceKey(TIER.ranked, rankedSub(rowScore[r] / (1 + maxBonus())), staticRank[r]);
    }
  }
}

/** The k-th largest ranked score among the matched rows (0 when fewer than k), with a bounded min-heap. */
function kthLargest(score: Float32Array, tier: Int8Array, rows: Int32Array, count: number, k: number): number {
  const heap = new MinHeap(k);
  for (let i = 0; i < count; i++) {
    const r = rows[i];
    if (tier[r] !== TIER.ranked) continue;
    const v = score[r];
    if (heap.size < k) heap.push(v);
    else if (v > heap.topKey()) heap.replaceTop(v);
  }
  return heap.size < k ? 0 : heap.topKey();
}
