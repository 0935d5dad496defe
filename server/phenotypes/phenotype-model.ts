import { HPO_ID, NO_FREQUENCY, type SerializedPhenotypeIndex } from '../contract/snapshot/phenotype-index.ts';
import { TermSearch } from './term-search.ts';
import { PAUSE_EVERY, runNow, type Work } from '../loading/slices.ts';

/** The model's arrays as its loader sets them (once, before anything reads them). */
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** How a requested HPO id was understood. */
export type TermLookup =
  | { kind: 'current'; term: number }
  | { kind: 'alternative' | 'obsolete'; term: number; replacedBy: string }
  /** Obsolete with no single replacement, or not in the HPO release at all. */
  | { kind: 'obsolete-unreplaced' | 'unknown' };

/**
 * The phenotype index in memory, in the shape the ranking reads: typed arrays over term and
 * disease numbers. Beside the index's own arrays it holds, per term, the diseases that imply it
 * (carry it or a descendant) with the implied frequency (the highest frequency among the disease's
 * annotations at or below the term), as one CSR posting list; and per term the diseases that
 * annotate it as absent.
 */
export class PhenotypeModel {
  readonly termCount: number;
  readonly diseaseCount: number;
  readonly ids: readonly string[];
  readonly diseaseIds: readonly string[];
  readonly labels: readonly string[];
  /** Information content per term; NaN where no disease carries the term. */
  readonly ic!: Float64Array;
  readonly ancestors!: readonly Int32Array[];
  /** Frequency per annotation in [0, 1]; NaN when the sources give none. Per disease: annotationStart..annotationStart+1. */
  readonly annotationStart!: Int32Array;
  readonly annotationTerm!: Int32Array;
  readonly annotationFrequency!: Float64Array;
  readonly annotationText!: Int32Array;
  /** Implied-frequency postings: per term t, diseases postDisease[postStart[t]..postStart[t+1]). */
  readonly postStart!: Int32Array;
  readonly postDisease!: Int32Array;
  /** The implied frequency in [0, 1]; NaN when every annotation at or below the term lacks one. */
  readonly postFrequency!: Float64Array;
  /** Annotations by term: per term t, annotation numbers byTermAnnotation[byTermStart[t]..byTermStart[t+1]). */
  readonly byTermStart!: Int32Array;
  readonly byTermAnnotation!: Int32Array;
  /** The disease of each annotation number. */
  readonly annotationDisease!: Int32Array;
  /** Groups per disease d (DiseasePhenotypes.groups): groupDisease[groupStart[d]..groupStart[d+1]), with their levels. */
  readonly groupStart!: Int32Array;
  readonly groupDisease!: Int32Array;
  readonly groupLevel!: Int32Array;
  /** The diseases that have groups, ascending: derived from groupStart, so the score's pass over groups skips the other diseases. */
  readonly grouped!: Int32Array;
  /** Sibling families (SerializedPhenotypeIndex.families): members familyMember[familyStart[f]..familyStart[f+1]). */
  readonly familyStart!: Int32Array;
  readonly familyMember!: Int32Array;
  /** Absent-annotation postings, same layout. */
  readonly absentStart!: Int32Array;
  readonly absentDisease!: Int32Array;
  readonly index: SerializedPhenotypeIndex;
  readonly #number: Map<string, number>;
  readonly #diseaseNumber: Map<string, number>;
  #children: number[][] | null = null;
  #familiesOf: number[][] | null = null;
  #search: TermSearch | null = null;

  /** The model made at once (tools and tests; the server loads it with `load`). */
  constructor(index: SerializedPhenotypeIndex, build = true) {
    this.index = index;
    this.ids = index.terms;
    this.labels = index.labels;
    this.termCount = index.terms.length;
    this.diseaseCount = index.diseases.length;
    this.diseaseIds = index.diseases.map((d) => d.id);
    this.#number = new Map(index.terms.map((id, i) => [id, i]));
    this.#diseaseNumber = new Map(this.diseaseIds.map((id, i) => [id, i]));
    if (build) runNow(this.#build());
  }

  /**
   * The model made in slices (slices.ts), with what the first requests read made too: the
   * children, the families of each disease and the term search.
   */
  static *load(index: SerializedPhenotypeIndex): Work<PhenotypeModel> {
    const model = new PhenotypeModel(index, false);
    yield* model.#build();
    void model.children;
    yield;
    void model.familiesOf;
    model.#search = yield* TermSearch.load(model);
    return model;
  }

  /** The arrays over terms, annotations and diseases, with a pause point every thousand or so steps. */
  *#build(): Work<void> {
    const index = this.index;
    const self = this as Mutable<PhenotypeModel>;
    self.ic = Float64Array.from(index.ic, (v) => (v === null ? Number.NaN : v));
    self.ancestors = index.ancestors.map((a) => Int32Array.from(a));
    yield;

    const total = index.diseases.reduce((s, d) => s + d.terms.length, 0);
    self.annotationStart = new Int32Array(this.diseaseCount + 1);
    self.annotationTerm = new Int32Array(total);
    self.annotationFrequency = new Float64Array(total);
    self.annotationText = new Int32Array(total);
    let k = 0;
    for (let i = 0; i < this.diseaseCount; i++) {
      const d = index.diseases[i];
      this.annotationStart[i] = k;
      for (let j = 0; j < d.terms.length; j++, k++) {
        this.annotationTerm[k] = d.terms[j];
        this.annotationFrequency[k] = d.percent[j] === NO_FREQUENCY ? Number.NaN : d.percent[j] / 100;
        this.annotationText[k] = d.text[j];
      }
      if ((i & PAUSE_EVERY) === 0) yield;
    }
    this.annotationStart[this.diseaseCount] = k;
    ({ start: self.postStart, disease: self.postDisease, frequency: self.postFrequency } = yield* this.#impliedPostings());
    ({ start: self.absentStart, disease: self.absentDisease } = this.#absentPostings());
    yield;
    self.groupStart = new Int32Array(this.diseaseCount + 1);
    index.diseases.forEach((d, i) => {
      this.groupStart[i + 1] = this.groupStart[i] + (d.groups?.length ?? 0);
    });
    self.groupDisease = Int32Array.from(index.diseases.flatMap((d) => d.groups ?? []));
    self.groupLevel = Int32Array.from(index.diseases.flatMap((d) => d.groupLevels ?? []));
    self.grouped = Int32Array.from(index.diseases.flatMap((d, i) => (d.groups ? [i] : [])));
    yield;
    const families = index.families ?? [];
    self.familyStart = new Int32Array(families.length + 1);
    families.forEach((f, i) => {
      this.familyStart[i + 1] = this.familyStart[i] + f.length;
    });
    self.familyMember = Int32Array.from(families.flat());
    self.annotationDisease = new Int32Array(total);
    for (let d = 0; d < this.diseaseCount; d++) this.annotationDisease.fill(d, this.annotationStart[d], this.annotationStart[d + 1]);
    yield;
    self.byTermStart = new Int32Array(this.termCount + 1);
    for (const t of this.annotationTerm) this.byTermStart[t + 1]++;
    for (let t = 0; t < this.termCount; t++) this.byTermStart[t + 1] += this.byTermStart[t];
    self.byTermAnnotation = new Int32Array(total);
    const fill = this.byTermStart.slice(0, this.termCount);
    this.annotationTerm.forEach((t, k) => {
      this.byTermAnnotation[fill[t]++] = k;
    });
  }

  /** How an id is understood: a current term, an alternative or obsolete id standing for one, or neither. */
  lookup(id: string): TermLookup {
    const n = this.#number.get(id);
    if (n !== undefined) return { kind: 'current', term: n };
    const r = this.index.replaced[id];
    if (r) return { kind: r.kind, term: this.#number.get(r.id)!, replacedBy: r.id };
    if (HPO_ID.test(id) && this.index.obsolete.includes(id)) return { kind: 'obsolete-unreplaced' };
    return { kind: 'unknown' };
  }

  /** is_a children per term number, ascending (made on first use). */
  get children(): readonly number[][] {
    if (this.#children) return this.#children;
    const children: number[][] = this.ids.map(() => []);
    this.index.parents.forEach((ps, t) => {
      for (const p of ps) children[p].push(t);
    });
    return (this.#children = children);
  }

  /** The sibling families (numbers into familyStart) each disease belongs to (made on first use). */
  get familiesOf(): readonly number[][] {
    if (this.#familiesOf) return this.#familiesOf;
    const of: number[][] = Array.from({ length: this.diseaseCount }, () => []);
    for (let f = 0; f + 1 < this.familyStart.length; f++)
      for (let i = this.familyStart[f]; i < this.familyStart[f + 1]; i++) of[this.familyMember[i]].push(f);
    return (this.#familiesOf = of);
  }

  /** The label and synonym search over the terms (made on first use). */
  get search(): TermSearch {
    return (this.#search ??= new TermSearch(this));
  }

  /** The disease number of a Mondo id, or undefined when it has no phenotype annotation. */
  diseaseNumber(id: string): number | undefined {
    return this.#diseaseNumber.get(id);
  }

  /** The text a frequency is shown with, or null. */
  frequencyText(n: number): string | null {
    return n < 0 ? null : (this.index.frequencyTexts[n] ?? null);
  }

  *#impliedPostings(): Work<{ start: Int32Array; disease: Int32Array; frequency: Float64Array }> {
    // Per disease the implied frequency of every term in the closure of its annotations, collected
    // with a scratch array (`seen` marks the terms touched for this disease).
    const best = new Float64Array(this.termCount);
    const seen = new Int32Array(this.termCount).fill(-1);
    const perDisease: { terms: Int32Array; freq: Float64Array }[] = [];
    const counts = new Int32Array(this.termCount + 1);
    for (let d = 0; d < this.diseaseCount; d++) {
      const touched: number[] = [];
      for (let k = this.annotationStart[d]; k < this.annotationStart[d + 1]; k++) {
        const f = this.annotationFrequency[k];
        for (const a of this.ancestors[this.annotationTerm[k]]) {
          if (seen[a] !== d) {
            seen[a] = d;
            best[a] = f;
            touched.push(a);
          } else if (f > best[a] || (Number.isNaN(best[a]) && !Number.isNaN(f))) best[a] = f;
        }
      }
      const terms = Int32Array.from(touched);
      perDisease.push({ terms, freq: Float64Array.from(terms, (t) => best[t]) });
      for (const t of terms) counts[t + 1]++;
      if ((d & 255) === 0) yield;
    }
    for (let t = 0; t < this.termCount; t++) counts[t + 1] += counts[t];
    const disease = new Int32Array(counts[this.termCount]);
    const frequency = new Float64Array(counts[this.termCount]);
    const fill = counts.slice(0, this.termCount);
    for (let d = 0; d < perDisease.length; d++) {
      const p = perDisease[d];
      for (let j = 0; j < p.terms.length; j++) {
        const at = fill[p.terms[j]]++;
        disease[at] = d;
        frequency[at] = p.freq[j];
      }
      if ((d & 255) === 0) yield;
    }
    return { start: counts, disease, frequency };
  }

  #absentPostings(): { start: Int32Array; disease: Int32Array } {
    const counts = new Int32Array(this.termCount + 1);
    for (const d of this.index.diseases) for (const t of d.absent) counts[t + 1]++;
    for (let t = 0; t < this.termCount; t++) counts[t + 1] += counts[t];
    const disease = new Int32Array(counts[this.termCount]);
    const fill = counts.slice(0, this.termCount);
    this.index.diseases.forEach((d, i) => {
      for (const t of d.absent) disease[fill[t]++] = i;
    });
    return { start: counts, disease };
  }
}
