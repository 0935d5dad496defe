import MiniSearch from 'minisearch';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import type { SerializedSearchIndex } from '../../server/contract/snapshot/search-index.ts';
import { SearchEngine } from '../../server/search/engine.ts';
import type { SearchParams } from '../../server/search/search-types.ts';

/** A search under evaluation: the query text in, ranked Mondo ids out (at most DEPTH). */
export interface Ranker {
  name: string;
  rank(q: string): string[];
}

/** How deep the results are read: the API's largest page. Ranks past it count as misses. */
export const DEPTH = 100;

/** Our engine, in process, as the search route calls it (relevance order, no filters). */
export function engineRanker(rows: ListingRow[], index: SerializedSearchIndex): Ranker {
  const engine = new SearchEngine(index, rows);
  const base: Omit<SearchParams, 'q'> = {
    filter: null,
    sort: { field: 'relevance', direction: 'desc' },
    limit: DEPTH,
    offset: 0,
    highlight: false,
    facets: false,
  };
  return { name: 'engine', rank: (q) => engine.search({ ...base, q }).items.map((h) => h.row.id) };
}

/**
 * The baseline: a stock MiniSearch index over the same names (one document per row, its name and
 * its synonyms as two fields), searched as MiniSearch's documentation suggests for search-as-you-
 * type: fuzzy 0.2, prefix, name boosted twice, words OR-combined (its default).
 */
export function miniSearchRanker(rows: ListingRow[]): Ranker {
  const mini = new MiniSearch<{ id: string; name: string; synonyms: string }>({
    fields: ['name', 'synonyms'],
    searchOptions: { fuzzy: 0.2, prefix: true, boost: { name: 2 } },
  });
  mini.addAll(rows.map((r) => ({ id: r.id, name: r.name, synonyms: r.synonyms.join(' ; ') })));
  return {
    name: 'minisearch',
    rank: (q) =>
      mini
        .search(q)
        .slice(0, DEPTH)
        .map((h) => h.id as string),
  };
}
