import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import {
  MIN_FUZZY_WORD,
  SEARCH_INDEX_VERSION,
  bigramKey,
  deltaEncode,
  geneKey,
  wordBigrams,
  type SerializedSearchIndex,
} from '../../server/contract/snapshot/search-index.ts';
import { bracketedWords, normalize, tokenize } from '../../server/contract/text/normalize.ts';
import { termsOf } from '../../server/contract/text/word-forms.ts';
import { relatedTerms } from './related-terms.ts';

export type { SerializedSearchIndex } from '../../server/contract/snapshot/search-index.ts';

/** Bracketed word positions under this go into the index's bit masks. */
const MASK_POSITIONS = 30;

/**
 * Build the search index over `rows` (in the order the server will load them): the term vocabulary
 * with its postings, each slot's term-id sequence, bracketed words, gene symbols and the bigram
 * index for typos. Every synonym of a row is a slot, whatever its origin. The result is plain
 * JSON; see server/contract/snapshot/search-index.ts for its layout.
 */
export function buildSearchIndex(rows: ListingRow[]): SerializedSearchIndex {
  const slotTokens: string[][] = [];
  const vocabulary = new Set<string>();
  const bracketed: number[] = [];
  let lastBracketSlot = 0;
  for (const row of rows) {
    for (const text of [row.name, ...row.synonyms]) {
      const tokens = termsOf(tokenize(text));
      if (/[()[\]{}]/.test(text)) {
        let mask = 0;
        bracketedWords(text).forEach((inside, i) => {
          if (inside && i < MASK_POSITIONS) mask |= 1 << i;
        });
        if (mask !== 0) {
          bracketed.push(slotTokens.length - lastBracketSlot, mask);
          lastBracketSlot = slotTokens.length;
        }
      }
      slotTokens.push(tokens);
      for (const t of tokens) vocabulary.add(t);
    }
  }
  const words = [...vocabulary].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const wordId = new Map(words.map((w, i) => [w, i]));

  const slotLengths: number[] = [];
  const slotWords: number[] = [];
  const bySlot: number[][] = words.map(() => []);
  slotTokens.forEach((tokens, slot) => {
    slotLengths.push(tokens.length);
    for (const t of tokens) {
      const id = wordId.get(t)!;
      slotWords.push(id);
      const list = bySlot[id];
      // A word repeated within one text is one posting.
      if (list[list.length - 1] !== slot) list.push(slot);
    }
  });

  const rowTexts: number[][][] = [];
  let slot = 0;
  for (const row of rows) {
    const texts: number[][] = [];
    for (let k = 0; k <= row.synonyms.length; k++, slot++) texts.push(slotTokens[slot].map((t) => wordId.get(t)!));
    rowTexts.push(texts);
  }

  return {
    version: SEARCH_INDEX_VERSION,
    ids: rows.map((r) => r.id),
    words,
    slotLengths,
    slotWords,
    postingLengths: bySlot.map((l) => l.length),
    postings: bySlot.flatMap(deltaEncode),
    genes: geneMap(rows),
    bigrams: bigramMap(words),
    bracketed,
    related: relatedTerms(rowTexts, words),
  };
}

function geneMap(rows: ListingRow[]): Record<string, number[]> {
  const map = new Map<string, number[]>();
  rows.forEach((row, r) => {
    for (const symbol of row.genes) {
      const key = geneKey(normalize(symbol));
      if (key === '') continue;
      const list = map.get(key) ?? [];
      if (list[list.length - 1] !== r) list.push(r);
      map.set(key, list);
    }
  });
  return Object.fromEntries([...map].sort(([a], [b]) => (a < b ? -1 : 1)));
}

function bigramMap(words: string[]): Record<string, number[]> {
  const map = new Map<string, number[]>();
  words.forEach((word, id) => {
    if (word.length < MIN_FUZZY_WORD) return;
    for (const g of wordBigrams(word)) {
      const key = bigramKey(g, word.length);
      const list = map.get(key) ?? [];
      list.push(id);
      map.set(key, list);
    }
  });
  const out: Record<string, number[]> = {};
  for (const g of [...map.keys()].sort()) out[g] = deltaEncode(map.get(g)!);
  return out;
}
