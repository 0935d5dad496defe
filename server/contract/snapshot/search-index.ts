/**
 * The search index as the build writes it (dist/search-index.json) and the server reads it back.
 *
 * A "slot" is one searchable text of a row: the name, then each synonym in record order, row after
 * row. Slot numbers are implicit (the engine recounts them from the rows), so the file holds numbers
 * only where a lookup needs them. A text is stored as its sequence of term ids: the index form of
 * each normalized word (word-forms.ts: American spelling, singular, arabic numerals), one term per
 * word, so positions are those of the normalized text. Exact-text and in-order matches compare id
 * sequences reached through the postings, instead of a second copy of every text.
 */

export const SEARCH_INDEX_VERSION = 2;

/** The shortest vocabulary word in the typo index: a 4-character query may have lost one. */
export const MIN_FUZZY_WORD = 3;

export interface SerializedSearchIndex {
  version: typeof SEARCH_INDEX_VERSION;
  /** Row ids in row order: the engine refuses rows that differ. */
  ids: string[];
  /** Distinct terms (termOf() of normalized words), sorted by UTF-16 code unit; a term's id is its position. */
  words: string[];
  /** Per slot, how many words it has (0 when its text normalizes to nothing). */
  slotLengths: number[];
  /** All slots' word ids, slot after slot, in text order. */
  slotWords: number[];
  /** Per word id, how many slots contain it. */
  postingLengths: number[];
  /** Slot numbers per word, word after word, each run ascending and delta-encoded. */
  postings: number[];
  /** Gene key (geneKey()) -> ascending row numbers. */
  genes: Record<string, number[]>;
  /**
   * Typo candidates: bigramKey(padded bigram, word length) -> ids of the words of 3+ characters
   * with that length and bigram ('^' + word + '$'), ascending and delta-encoded. Bucketing by
   * length lets a lookup read only the lengths within reach of the typo budget.
   */
  bigrams: Record<string, number[]>;
  /**
   * Words inside brackets ("(VHL)", "[ambiguous]"), which ranking weighs less: pairs of slot number
   * (delta-encoded over the pairs) and a bit mask of the bracketed word positions (positions 0-29).
   */
  bracketed: number[];
  /**
   * Terms the names use for one another (learned by the build from names and synonyms of one
   * disease that differ in one word): triples [term id, other term id, match quality in percent].
   */
  related: number[];
}

/** Case- and punctuation-insensitive key of a gene symbol or query: "HLA-B", "hla b" -> "HLAB". */
export function geneKey(normalized: string): string {
  return normalized.replace(/ /g, '').toUpperCase();
}

/** Key of a bigram bucket: the two code units, then the word length. */
export function bigramKey(bigram: string, length: number): string {
  return bigram + length;
}

/** Distinct padded bigrams of a normalized word. */
export function wordBigrams(word: string): string[] {
  const padded = `^${word}$`;
  const out = new Set<string>();
  for (let i = 0; i + 2 <= padded.length; i++) out.add(padded.slice(i, i + 2));
  return [...out];
}

/** Delta-encode an ascending run: the first value, then differences (small numbers, short JSON). */
export function deltaEncode(values: number[]): number[] {
  const out = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = i === 0 ? values[0] : values[i] - values[i - 1];
  return out;
}

/** Inverse of deltaEncode() into a typed array. */
export function deltaDecode(values: number[]): Int32Array {
  const out = new Int32Array(values.length);
  let acc = 0;
  for (let i = 0; i < values.length; i++) out[i] = acc += values[i];
  return out;
}
