import type { SEARCH_SORTS } from '../contract/routes.ts';
import type { InheritanceTerm, OnsetCategory, PrevalenceCategory } from '../contract/vocab.ts';
import type { ListingRow } from '../contract/listing-row.ts';

/** Filters narrow the set: values within one filter are OR, different filters are AND. */
export interface SearchFilters {
  /** true: activeTrialCount > 0; false: none active. */
  hasActiveTrials?: boolean;
  /** trialCount >= this. */
  minTrialCount?: number;
  hasExpertContent?: boolean;
  inheritancePattern?: InheritanceTerm[];
  onsetCategory?: OnsetCategory[];
  prevalence?: PrevalenceCategory[];
  /** Gene symbols, case- and punctuation-insensitive. */
  gene?: string[];
}

/** Fields search can sort by (the route table's SEARCH_SORTS). */
export type SortField = (typeof SEARCH_SORTS)[number];

export interface SearchSort {
  field: SortField;
  /** Ignored for relevance, which is always best first. */
  direction: 'asc' | 'desc';
}

export interface SearchParams {
  /** Free text; absent or blank means "filters only". */
  q?: string;
  filters: SearchFilters;
  sort: SearchSort;
  limit: number;
  offset: number;
  highlight: boolean;
  facets: boolean;
}

export type MatchKind = 'exact' | 'prefix' | 'words' | 'fuzzy';

/** Why a row matched the query. */
export interface SearchMatch {
  field: 'name' | 'synonym' | 'gene';
  /** The matched name, synonym or gene symbol as published. */
  text: string;
  kind: MatchKind;
  /** Higher is better: the integer part is 8 - tier (8 exact name ... 1 typo), the fraction the in-tier penalty. */
  score: number;
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
