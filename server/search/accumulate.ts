import type { LoadedIndex } from './loaded-index.ts';
import type { QueryPlan, QueryTerm } from './query-plan.ts';
import { RANKING } from './ranking-params.ts';

/**
 * First pass of a search: walk the postings of every word the query can meet and add, per text
 * (slot), the evidence of each query term it holds. Every matching word adds evidence, so texts
 * matching only part of the query are found too (ranking decides). Scratch arrays are reused
 * across queries and stamped with a query counter instead of being cleared.
 *
 * Per touched slot: `mask` (bits of the terms matched), `matched` (sum of quality x weight),
 * `matchedWeight` (sum of the weights of the words met) and `termWeight` (sum of the matched
 * terms' own weights, which matchedWeight replaces in the query's total).
 */
export class SlotAccumulator {
  readonly stamp: Int32Array;
  readonly mask: Int32Array;
  readonly matched: Float32Array;
  readonly matchedWeight: Float32Array;
  readonly termWeight: Float32Array;
  /** Slots touched by the last run(), in discovery order. */
  readonly touched: Int32Array;
  /** Rows with gene evidence in the last run(): stamp, term bits, and the same sums as slots. */
  readonly geneStamp: Int32Array;
  readonly geneMask: Int32Array;
  readonly geneMatched: Float32Array;
  readonly geneTermWeight: Float32Array;
  epoch = 0;
  private count = 0;

  constructor(private readonly index: LoadedIndex) {
    const slots = index.slotRow.length;
    const rows = index.rowFirstSlot.length;
    this.stamp = new Int32Array(slots);
    this.mask = new Int32Array(slots);
    this.matched = new Float32Array(slots);
    this.matchedWeight = new Float32Array(slots);
    this.termWeight = new Float32Array(slots);
    this.touched = new Int32Array(slots);
    this.geneStamp = new Int32Array(rows);
    this.geneMask = new Int32Array(rows);
    this.geneMatched = new Float32Array(rows);
    this.geneTermWeight = new Float32Array(rows);
  }

  /** Accumulate the evidence of `plan`; returns how many slots were touched (see `touched`). */
  run(plan: QueryPlan): number {
    if (this.epoch === 0x7fffffff) {
      this.epoch = 0;
      this.stamp.fill(0);
      this.geneStamp.fill(0);
    }
    this.epoch++;
    this.count = 0;
    const { terms, significantMask } = plan;
    // Words that name nothing (stop, generic, bracketed) only add to texts the other words found:
    // a text that has nothing but them is no result, and "disease" alone is in thousands of texts.
    const weak = (bits: number): boolean => significantMask !== 0 && (bits & significantMask) === 0;
    this.stage(
      terms.filter((t) => !weak(t.bit)),
      terms,
      false,
    );
    this.stage(
      terms.filter((t) => weak(t.bit)),
      terms,
      true,
    );
    return this.count;
  }

  /**
   * Credit the matches of `some` terms, best kinds of match first: a term already matched in a
   * slot keeps its first, better match. `refine`: only in slots already touched.
   */
  private stage(some: QueryTerm[], terms: QueryTerm[], refine: boolean): void {
    const { weight } = this.index;
    const { quality } = RANKING;
    for (const t of some) if (t.exact >= 0) this.add(t.exact, t.bit, quality.exact, weight[t.exact] * t.factor, t.weight, refine);
    for (const t of some)
      for (const j of t.joins) this.add(j.word, j.covers, quality.join, j.weight * t.factor, joinedWeight(terms, j.covers), refine);
    if (!refine) for (const t of some) if (t.geneRows) this.addGene(t);
    for (const t of some) for (const rel of t.related) this.add(rel.id, t.bit, rel.quality, weight[rel.id] * t.factor, t.weight, refine);
    for (const t of some) if (!t.prefixRefines) this.addPrefixes(t, refine);
    for (const t of some) {
      for (let i = 0; i < t.fuzzyIds.length; i++) {
        const w = t.fuzzyIds[i];
        this.add(w, t.bit, t.fuzzyEdits[i] === 1 ? quality.typo1 : quality.typo2, weight[w] * t.factor, t.weight, refine);
      }
    }
    for (const t of some) if (t.prefixRefines) this.addPrefixes(t, true);
  }

  private addPrefixes(t: QueryTerm, refine: boolean): void {
    const { weight, vocabulary } = this.index;
    for (let w = t.lo; w < t.hi; w++) {
      const quality = t.prefixBase + RANKING.prefixSpan * (t.term.length / vocabulary.words[w].length);
      this.add(w, t.bit, quality, weight[w] * t.factor, t.weight, refine);
    }
  }

  /** Credit `bits` in every slot holding word `w`; `refine`: only in slots already touched. */
  private add(w: number, bits: number, quality: number, wordWeight: number, ownWeight: number, refine: boolean): void {
    const { postings, postingStart } = this.index;
    const { stamp, mask, matched, matchedWeight, termWeight, epoch } = this;
    const gain = quality * wordWeight;
    for (let p = postingStart[w], end = postingStart[w + 1]; p < end; p++) {
      const s = postings[p];
      if (stamp[s] !== epoch) {
        if (refine) continue;
        this.open(s);
      } else if (mask[s] & bits) continue;
      mask[s] |= bits;
      matched[s] += gain;
      matchedWeight[s] += wordWeight;
      termWeight[s] += ownWeight;
    }
  }

  /** Start a slot's sums for this query (its first evidence) and list it as touched. */
  private open(s: number): void {
    this.stamp[s] = this.epoch;
    this.mask[s] = 0;
    this.matched[s] = 0;
    this.matchedWeight[s] = 0;
    this.termWeight[s] = 0;
    this.touched[this.count++] = s;
  }

  /** Gene evidence is per row; the row's name slot is touched so that a row found only by its gene is ranked too. */
  private addGene(t: QueryTerm): void {
    const rows = t.geneRows!;
    const causal = t.geneCausal!;
    const { geneStamp, geneMask, geneMatched, geneTermWeight, stamp, epoch } = this;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i];
      if (geneStamp[r] !== epoch) {
        geneStamp[r] = epoch;
        geneMask[r] = 0;
        geneMatched[r] = 0;
        geneTermWeight[r] = 0;
      }
      geneMask[r] |= t.bit;
      geneMatched[r] += (causal[i] === 1 ? RANKING.quality.gene : RANKING.quality.geneOther) * t.weight;
      geneTermWeight[r] += t.weight;
      const s = this.index.rowFirstSlot[r];
      if (stamp[s] !== epoch) this.open(s);
    }
  }
}

/** Own weight of the terms a join covers. */
function joinedWeight(terms: QueryTerm[], covers: number): number {
  let total = 0;
  for (const t of terms) if (covers & t.bit) total += t.weight;
  return total;
}
