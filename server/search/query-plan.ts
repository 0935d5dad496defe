import { bracketedWords, tokenize } from '../contract/text/normalize.ts';
import { geneKey } from '../contract/snapshot/search-index.ts';
import { GENERIC_WORDS, STOP_WORDS, termsOf } from '../contract/text/word-forms.ts';
import type { LoadedIndex } from './loaded-index.ts';
import { RANKING } from './ranking-params.ts';
import { classFactor } from './term-weights.ts';

/**
 * A query taken apart for ranking: its words, their index terms, how much each weighs, and every
 * way each can meet an indexed word (exactly, joined with its neighbours, as a prefix, with a typo,
 * as a gene symbol). Built once per search; collection and explanation read it.
 */

/** Distinct terms past this many are ignored: masks are 32-bit, and no disease name is that long. */
export const MAX_TERMS = 30;
/** Related terms tried per query word, best first. */
export const MAX_RELATED = 8;
/** Shortest query word matched as a prefix of longer words: the last word (being typed), any other. */
export const MIN_PREFIX = { last: 1, other: 4 } as const;

/** Two or three short query words written together in the index: "A-T" and "AT", "non spherocytic" and "nonspherocytic". */
export interface Join {
  word: number;
  covers: number;
  weight: number;
}

export interface QueryTerm {
  /** The normalized word as typed (its first occurrence) and its index term. */
  token: string;
  term: string;
  bit: number;
  /** Weight when the term is not matched: its own weight, or (unknown word) that of its likeliest matches. */
  weight: number;
  /** Factor on every match's weight: RANKING.bracketFactor inside brackets, else 1. */
  factor: number;
  stop: boolean;
  generic: boolean;
  /** Term id, or -1 when no text has it. */
  exact: number;
  /** Ids [lo, hi) of longer terms this one is a prefix of (empty when not allowed). */
  lo: number;
  hi: number;
  /** Prefix matches only add to texts other words found (a one- or two-letter last word). */
  prefixRefines: boolean;
  prefixBase: number;
  fuzzyIds: Int32Array;
  fuzzyEdits: Int8Array;
  joins: Join[];
  /** Terms the names use for this one (related-terms.ts), best first, with the quality of the match. */
  related: { id: number; quality: number }[];
  /** Rows carrying the gene this word names (mixed queries), with 1 where the gene is causal. */
  geneRows: Int32Array | null;
  geneCausal: Uint8Array | null;
}

export interface QueryPlan {
  /** Normalized words of the query, and the term index of each (into `terms`). */
  tokens: string[];
  termOfToken: Int32Array;
  /** Term id of each word, -1 when unknown: an exact text has exactly this sequence. */
  sequence: Int32Array;
  /** tokens joined by single spaces: an exact text in the literal sense normalizes to this. */
  literal: string;
  terms: QueryTerm[];
  /** Bits of all terms, and of the terms that name something (not stop, generic or bracketed). */
  fullMask: number;
  significantMask: number;
  /** Sum of the terms' weights. */
  totalWeight: number;
  /** Gene key of the whole query. */
  gene: string;
}

/** Plan `q` against `index`. */
export function planQuery(q: string, index: LoadedIndex): QueryPlan {
  const tokens = tokenize(q);
  const inBrackets = bracketedWords(q);
  const termList = termsOf(tokens);
  const terms: QueryTerm[] = [];
  const termOfToken = new Int32Array(tokens.length).fill(-1);
  const byTerm = new Map<string, number>();
  const { vocabulary } = index;
  tokens.forEach((token, i) => {
    const term = termList[i];
    const seen = byTerm.get(term);
    if (seen !== undefined) {
      termOfToken[i] = seen;
      return;
    }
    if (terms.length === MAX_TERMS) return;
    byTerm.set(term, terms.length);
    termOfToken[i] = terms.length;
    terms.push(newTerm(token, term, terms.length, inBrackets[i] ?? false, index));
  });
  const last = terms.length - 1;
  terms.forEach((t, k) => {
    const isLast = k === last;
    const min = isLast ? MIN_PREFIX.last : MIN_PREFIX.other;
    if (t.term.length >= min && !t.stop) {
      const range = vocabulary.prefixRange(t.term);
      t.lo = range.lo;
      t.hi = range.hi;
      t.prefixBase = isLast ? RANKING.prefixBase.last : RANKING.prefixBase.other;
      // A short last word is often the start of the next word, not a word of its own: "cystic f".
      t.prefixRefines = t.term.length < 3 && terms.length > 1;
    }
  });
  addJoins(tokens, termOfToken, terms, index);
  for (const t of terms) if (t.exact < 0) classifyUnknown(t, index);
  if (terms.length > 1) addGenes(terms, index);
  let fullMask = 0;
  let significantMask = 0;
  let totalWeight = 0;
  for (const t of terms) {
    fullMask |= t.bit;
    if (!t.stop && !t.generic && t.factor === 1) significantMask |= t.bit;
    totalWeight += t.weight;
  }
  const sequence = Int32Array.from(termList, (term) => vocabulary.idOf(term));
  return {
    tokens,
    termOfToken,
    sequence,
    literal: tokens.join(' '),
    terms,
    fullMask,
    significantMask,
    totalWeight,
    gene: geneKey(tokens.join(' ')),
  };
}

function newTerm(token: string, term: string, k: number, bracketed: boolean, index: LoadedIndex): QueryTerm {
  const exact = index.vocabulary.idOf(term);
  const factor = bracketed ? RANKING.bracketFactor : 1;
  const stop = STOP_WORDS.has(term);
  // Words with digits are symbols and numbers (C7, FMR1, 2A): a typo there names something else.
  const near = stop || /\d/.test(term) ? new Map<number, number>() : index.vocabulary.neighbours(term);
  const sorted = [...near].sort((a, b) => a[0] - b[0]);
  return {
    token,
    term,
    bit: 1 << k,
    weight: exact >= 0 ? index.weight[exact] * factor : 0,
    factor,
    stop,
    generic: GENERIC_WORDS.has(term),
    exact,
    lo: 0,
    hi: 0,
    prefixRefines: false,
    prefixBase: 0,
    fuzzyIds: Int32Array.from(sorted, ([id]) => id),
    fuzzyEdits: Int8Array.from(sorted, ([, d]) => d),
    joins: [],
    geneRows: null,
    geneCausal: null,
    related:
      exact >= 0 && !stop
        ? (index.related.get(exact) ?? [])
            .slice()
            .sort((a, b) => b.quality - a.quality)
            .slice(0, MAX_RELATED)
        : [],
  };
}

/**
 * Weight and class of a term no text has. A misspelt stop or generic word ("disaese", "syndrom")
 * is one: its closest typo neighbour is such a word, and it counts as that word. Otherwise it
 * weighs as its rarest typo neighbour or completion.
 */
function classifyUnknown(t: QueryTerm, index: LoadedIndex): void {
  let closest = Infinity;
  for (const d of t.fuzzyEdits) closest = Math.min(closest, d);
  for (let i = 0; i < t.fuzzyIds.length; i++) {
    if (t.fuzzyEdits[i] !== closest) continue;
    const word = index.vocabulary.words[t.fuzzyIds[i]];
    if (GENERIC_WORDS.has(word) || STOP_WORDS.has(word)) {
      t.generic = true;
      t.weight = index.weight[t.fuzzyIds[i]] * t.factor;
      return;
    }
  }
  t.weight = fallbackWeight(t, index) * t.factor;
}

/** Weight of a term no text has: that of its rarest typo neighbour or completion, else unseen. */
function fallbackWeight(t: QueryTerm, index: LoadedIndex): number {
  let best = 0;
  for (const id of t.fuzzyIds) best = Math.max(best, index.weight[id]);
  // Completions are many for a short prefix: the first few are enough for a typical weight.
  for (let id = t.lo; id < Math.min(t.hi, t.lo + 64); id++) best = Math.max(best, index.weight[id]);
  return best > 0 ? best : index.unseen * classFactor(t.term);
}

/** Runs of two or three short words ("a t", "g 6 pd", "non spherocytic") whose concatenation is an indexed term. */
function addJoins(tokens: string[], termOfToken: Int32Array, terms: QueryTerm[], index: LoadedIndex): void {
  for (let i = 0; i + 1 < tokens.length; i++) {
    let joined = tokens[i];
    let covers = 0;
    let shortest = tokens[i].length;
    for (let span = 2; span <= 3 && i + span - 1 < tokens.length; span++) {
      const next = tokens[i + span - 1];
      joined += next;
      shortest = Math.min(shortest, next.length);
      const owner = termOfToken[i];
      const other = termOfToken[i + span - 1];
      if (owner < 0 || other < 0) break;
      covers = (covers || terms[owner].bit) | terms[other].bit;
      if (shortest > 3) continue;
      const id = index.vocabulary.idOf(termsOf([joined])[0]);
      if (id >= 0) terms[owner].joins.push({ word: id, covers, weight: index.weight[id] });
    }
  }
}

/** Words that are gene symbols add the rows of that gene as evidence: "CFTR cystic", "DMD cardiomyopathy". */
function addGenes(terms: QueryTerm[], index: LoadedIndex): void {
  for (const t of terms) {
    if (t.stop || t.generic) continue;
    const key = geneKey(t.token);
    const rows = index.genes.get(key);
    if (!rows) continue;
    t.geneRows = rows;
    t.geneCausal = index.geneCausal.get(key)!;
    // A symbol that is also a word keeps the word's weight; one no text has weighs by its rows.
    if (t.exact < 0) t.weight = Math.max(t.weight, index.geneWeight(rows.length) * t.factor);
  }
}
