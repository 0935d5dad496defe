import type { InheritanceTerm, OnsetCategory, PrevalenceCategory } from '../contract/api/vocab.ts';
import type { ListingRow } from '../contract/snapshot/listing-row.ts';

/** Fields search can sort by. */
export const SEARCH_SORTS = ['relevance', 'label', 'activeTrialCount', 'updatedAt', 'pagCount'] as const;
export type SortField = (typeof SEARCH_SORTS)[number];
/** Values of the search route's `sort`: a `-` prefix for descending; relevance is always best first. */
export const SEARCH_SORT_VALUES = SEARCH_SORTS.flatMap((s) => (s === 'relevance' ? [s] : [s, `-${s}`]));

export interface SearchSort {
  field: SortField;
  /** Ignored for relevance, which is always best first. */
  direction: 'asc' | 'desc';
}

export interface SearchParams {
  /** Free text; absent or blank means "filters only". */
  q?: string;
  /** The rows a result may hold (server/routes/disease-filters.ts); null: every row. */
  filter: ((row: ListingRow) => boolean) | null;
  sort: SearchSort;
  limit: number;
  offset: number;
  highlight: boolean;
  facets: boolean;
}

/**
 * exact: the whole name, synonym, gene symbol or identifier; prefix: a text starting with the
 * query; words: every word of the query in a text; fuzzy: the same with typos; partial: some
 * word of the query that names something is not in the text (a best partial match).
 */
export type MatchKind = 'exact' | 'prefix' | 'words' | 'fuzzy' | 'partial';

/** Why a row ranks where it does: its tier, then for ranked rows the parts of the score. */
export type MatchTier = 'identifier' | 'exact-name' | 'exact-synonym' | 'exact-name-variant' | 'exact-synonym-variant' | 'gene' | 'ranked';

/** How one query word met the matched text. */
export interface MatchWord {
  /** The query word, normalized. */
  query: string;
  /** The word of the text it met, normalized (null when missing or met by the gene). */
  text: string | null;
  how: 'exact' | 'variant' | 'joined' | 'related' | 'prefix' | 'typo' | 'gene' | 'missing';
  /** The query word's weight: rarity over all names and synonyms, small for stop and generic words. */
  weight: number;
}

export interface MatchWhy {
  tier: MatchTier;
  /** Share of the query's weight the text meets (each word at the quality of its match), 0-1. */
  queryCoverage: number;
  /** Share of the text's weight the query meets, 0-1. */
  textCoverage: number;
  /** Order of the matched words in the text: all adjacent in query order, in order, any; null under two words. */
  order: 'adjacent' | 'in-order' | 'any' | null;
  words: MatchWord[];
}

/** Why a row matched the query. */
export interface SearchMatch {
  /** `xref`: the query is a code of another system that Mondo maps to the disease. */
  field: 'name' | 'synonym' | 'gene' | 'id' | 'xref';
  /** The matched name, synonym, gene symbol or identifier as published. */
  text: string;
  kind: MatchKind;
  /** Higher is better, results come in descending score: 1 exact name ... 0.97, genes 0.92-0.96, ranked matches up to 0.9. */
  score: number;
  why: MatchWhy;
  /** Only for `xref`: the mapping predicate from the disease to the code. */
  predicate?: string;
}

export interface SearchHighlight {
  field: SearchMatch['field'];
  /** The matched text, HTML-escaped, with the matched spans wrapped in <mark>...</mark>. */
  text: string;
  /** [start, end) UTF-16 offsets of the marked spans in the original, unescaped text. */
  spans: [number, number][];
}

export interface SearchHit {
  row: ListingRow;
  /** null when the query had no text (filters only). */
  match: SearchMatch | null;
  highlight?: SearchHighlight;
}

export interface SearchFacets {
  inheritance: Record<InheritanceTerm, number>;
  onset: Record<OnsetCategory, number>;
  prevalence: Record<PrevalenceCategory, number>;
  rarity: { rare: number; common: number };
  trialStatus: { withActiveTrials: number; withTrialsNoneActive: number; noTrials: number };
}

export interface SearchResult {
  /** Matching rows after filters, across all pages. */
  total: number;
  items: SearchHit[];
  facets?: SearchFacets;
}
