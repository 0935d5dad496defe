import { LRUCache } from 'lru-cache';
import { normalize } from '../contract/normalize.ts';
import type { SearchEngine } from './engine.ts';
import type { SearchParams, SearchResult } from './search-types.ts';

/** A search call through the cache, and whether the cache answered it (for the access log). */
export interface CachedSearchResult { result: SearchResult; cache: 'hit' | 'miss' }

export interface CachedSearch {
  search(params: SearchParams): CachedSearchResult;
  /** Running totals since creation. */
  stats(): { hits: number; misses: number; size: number };
}

function sortedSet<T extends string>(values: T[] | undefined, fold: (v: T) => string = (v) => v): string[] | null {
  return values?.length ? [...new Set(values.map(fold))].sort() : null;
}

/**
 * The cache key of `params`: the engine only ever sees the normalized query and treats filter
 * lists as sets, so queries that differ only in case, accents, punctuation or list order share it.
 */
export function canonicalSearchKey(params: SearchParams): string {
  const { q, filters: f, sort, limit, offset, highlight, facets } = params;
  const text = q === undefined || q.trim() === '' ? null : normalize(q);
  return JSON.stringify([
    text,
    f.hasActiveTrials ?? null,
    f.minTrialCount ?? null,
    f.hasExpertContent ?? null,
    sortedSet(f.inheritancePattern),
    sortedSet(f.onsetCategory),
    sortedSet(f.prevalence),
    sortedSet(f.gene, (g) => normalize(g).replace(/ /g, '')),
    sort.field,
    sort.field === 'relevance' ? null : sort.direction,
    limit,
    offset,
    highlight,
    facets,
  ]);
}

/**
 * Put an LRU cache of at most `max` results in front of `engine`. Cached results are shared
 * between callers and must not be mutated.
 */
export function createCachedSearch(engine: SearchEngine, max: number): CachedSearch {
  const cache = new LRUCache<string, SearchResult>({ max });
  let hits = 0;
  let misses = 0;
  return {
    search(params) {
      const key = canonicalSearchKey(params);
      const cached = cache.get(key);
      if (cached) {
        hits++;
        return { result: cached, cache: 'hit' };
      }
      misses++;
      const result = engine.search(params);
      cache.set(key, result);
      return { result, cache: 'miss' };
    },
    stats: () => ({ hits, misses, size: cache.size }),
  };
}
