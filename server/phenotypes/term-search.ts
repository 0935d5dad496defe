import { tokenize } from '../contract/text/normalize.ts';
import { STOP_WORDS, termsOf } from '../contract/text/word-forms.ts';
import { boundedEditDistance, maxEdits } from '../search/edit-distance.ts';
import type { SerializedPhenotypeIndex } from '../contract/snapshot/phenotype-index.ts';
import { runNow, type Work } from '../loading/slices.ts';

/** What the term search reads of the phenotype model (an interface, so the model can own a search without an import cycle). */
export interface TermTable {
  readonly ids: readonly string[];
  readonly labels: readonly string[];
  readonly ic: Float64Array;
  readonly index: Pick<SerializedPhenotypeIndex, 'synonyms'>;
}

/** How a term matched a query: its best text (label or synonym) and how well. */
export interface TermHit {
  term: number;
  score: number;
  field: 'label' | 'synonym';
  text: string;
}

/** Weights of a query word's match to a text word: the same index term, a prefix of it, or within the typo budget. */
const EXACT = 1;
const PREFIX = 0.8;
const TYPO = 0.6;

/** The words of every label and synonym, indexed: what a TermSearch is made of. */
interface TextIndex {
  vocabulary: string[];
  postings: number[][];
  textTerm: Int32Array;
  textField: Uint8Array;
  textWords: string[][];
  texts: string[];
}

function* textIndexOf(m: TermTable): Work<TextIndex> {
  const byWord = new Map<string, number[]>();
  const textTerm: number[] = [];
  const textField: number[] = [];
  const textWords: string[][] = [];
  const texts: string[] = [];
  for (let t = 0; t < m.ids.length; t++) {
    [m.labels[t], ...m.index.synonyms[t]].forEach((text, k) => {
      const words = termsOf(tokenize(text));
      if (words.length === 0) return;
      const n = texts.length;
      texts.push(text);
      textWords.push(words);
      textTerm.push(t);
      textField.push(k === 0 ? 0 : 1);
      for (const w of new Set(words)) (byWord.get(w) ?? byWord.set(w, []).get(w)!).push(n);
    });
    if ((t & 255) === 0) yield;
  }
  const vocabulary = [...byWord.keys()];
  return {
    vocabulary,
    postings: vocabulary.map((w) => byWord.get(w)!),
    textTerm: Int32Array.from(textTerm),
    textField: Uint8Array.from(textField),
    textWords,
    texts,
  };
}

/**
 * Search over HPO labels and synonyms for /phenotypes?q=: each normalized query word (singular,
 * American spelling: word-forms.ts) must meet a word of the text exactly, as a prefix (3+
 * characters) or within the typo budget (maxEdits: 1 edit for 4-7 characters, 2 from 8). A
 * text scores the mean of its query words' weights times how much of the text they cover, with a
 * bonus for the whole text; labels count a little more than synonyms; a term keeps its best text.
 * Ties go to the term more diseases carry (lower IC), then to the id.
 */
export class TermSearch {
  /** Distinct index words of every text, with the texts (numbers) that hold each. */
  readonly #vocabulary: string[];
  readonly #postings: number[][];
  readonly #textTerm: Int32Array;
  readonly #textField: Uint8Array;
  readonly #textWords: string[][];
  readonly #texts: string[];

  /** The search made at once (tools and tests; the server loads it with `load`). */
  constructor(
    private readonly m: TermTable,
    texts: TextIndex = runNow(textIndexOf(m)),
  ) {
    this.#vocabulary = texts.vocabulary;
    this.#postings = texts.postings;
    this.#textTerm = texts.textTerm;
    this.#textField = texts.textField;
    this.#textWords = texts.textWords;
    this.#texts = texts.texts;
  }

  /** The search made in slices (slices.ts): tokenizing every label and synonym takes a while. */
  static *load(m: TermTable): Work<TermSearch> {
    return new TermSearch(m, yield* textIndexOf(m));
  }

  /** Per text (number), the best weight with which a text word meets query word `qw`. */
  #matches(qw: string): Map<number, number> {
    const best = new Map<number, number>();
    const budget = maxEdits(qw.length);
    for (let v = 0; v < this.#vocabulary.length; v++) {
      const w = this.#vocabulary[v];
      let weight = w === qw ? EXACT : qw.length >= 3 && w.startsWith(qw) ? PREFIX : 0;
      if (weight === 0 && budget > 0) {
        const d = boundedEditDistance(qw, w, budget);
        // One edit weighs TYPO, two a quarter less: "macrocephally" is macrocephaly before microcephaly.
        if (d <= budget) weight = TYPO * (d === 1 ? 1 : 0.75);
      }
      if (weight === 0) continue;
      for (const n of this.#postings[v]) if ((best.get(n) ?? 0) < weight) best.set(n, weight);
    }
    return best;
  }

  /** Every term matching `q`, best first. */
  search(q: string): TermHit[] {
    const words = termsOf(tokenize(q));
    if (words.length === 0) return [];
    // Required words first (a stop word need not be met unless the query is only stop words), then
    // the optional ones, which add to the texts the required words met.
    const required = words.filter((w) => !STOP_WORDS.has(w));
    const ordered = required.length > 0 ? [...required, ...words.filter((w) => STOP_WORDS.has(w))] : words;
    const mustMeet = required.length > 0 ? required.length : words.length;
    // Per text: the sum of its query words' best weights, and how many query words met it.
    const sum = new Map<number, number>();
    const met = new Map<number, number>();
    for (const [i, qw] of ordered.entries()) {
      const best = this.#matches(qw);
      for (const [n, w] of best) {
        if (i > 0 && !met.has(n)) continue;
        sum.set(n, (sum.get(n) ?? 0) + w);
        met.set(n, (met.get(n) ?? 0) + 1);
      }
      if (i === 0 || i >= mustMeet) continue;
      for (const n of [...met.keys()]) {
        if (best.has(n)) continue;
        sum.delete(n);
        met.delete(n);
      }
    }
    const byTerm = new Map<number, TermHit>();
    for (const [n, s] of sum) {
      const textWords = this.#textWords[n];
      const coverage = Math.min(1, (met.get(n) ?? 0) / textWords.length);
      const whole = s === words.length && textWords.length === words.length ? 0.5 : 0;
      const field = this.#textField[n] === 0 ? 'label' : 'synonym';
      const score = (s / words.length) * (0.5 + 0.5 * coverage) + whole + (field === 'label' ? 0.05 : 0);
      const t = this.#textTerm[n];
      const prev = byTerm.get(t);
      if (!prev || score > prev.score) byTerm.set(t, { term: t, score: Math.round(score * 1000) / 1000, field, text: this.#texts[n] });
    }
    const ic = (t: number) => (Number.isNaN(this.m.ic[t]) ? Number.POSITIVE_INFINITY : this.m.ic[t]);
    return [...byTerm.values()].sort(
      (a, b) => b.score - a.score || ic(a.term) - ic(b.term) || (this.m.ids[a.term] < this.m.ids[b.term] ? -1 : 1),
    );
  }
}
