import { LRUCache } from 'lru-cache';
import { INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES } from '../contract/vocab.ts';
import type { Req, Res } from '../http/context.ts';
import { readParams } from '../http/params.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import type { SearchEngine } from '../search/engine.ts';
import type { SearchParams, SortField } from '../search/search-types.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { pageLinks, searchItem } from './collection-shapes.ts';
import { badRequest } from './disease-lookup.ts';
import { LIST_LIMIT, queryKey } from './listing.ts';

const SORTS = ['relevance', 'label', 'activeTrialCount', 'updatedAt', 'pagCount'];
export const SEARCH_SORT_VALUES = SORTS.flatMap((s) => (s === 'relevance' ? [s] : [s, '-' + s]));
export const SEARCH_PARAMS = {
  q: { type: 'string', minLength: 1, maxLength: 200 },
  limit: { type: 'int', min: 1, max: LIST_LIMIT.max, default: LIST_LIMIT.default },
  offset: { type: 'int', min: 0, max: 1_000_000, default: 0 },
  highlight: { type: 'bool', default: false },
  facets: { type: 'bool', default: false },
  hasActiveTrials: { type: 'bool' },
  minTrialCount: { type: 'int', min: 0, max: 1_000_000 },
  hasExpertContent: { type: 'bool' },
  inheritancePattern: { type: 'enum-list', values: INHERITANCE_TERMS },
  onsetCategory: { type: 'enum-list', values: ONSET_CATEGORIES },
  prevalence: { type: 'enum-list', values: PREVALENCE_CATEGORIES },
  gene: { type: 'list', pattern: /^[A-Za-z0-9][A-Za-z0-9@.\-_/]{0,29}$/, maxItems: 20, describe: 'a gene symbol' },
  sort: { type: 'enum', values: SEARCH_SORT_VALUES },
} as const;
const FILTERS = ['hasActiveTrials', 'minTrialCount', 'hasExpertContent', 'inheritancePattern', 'onsetCategory', 'prevalence', 'gene'] as const;

interface Cached { body: Buffer; etag: string; link: string }

/** GET /api/v1/diseases/search: relevance-ranked, filtered, faceted; serialized pages cached per query. */
export function searchResource(getSnapshot: () => Snapshot, getEngine: () => SearchEngine, cacheEntries = 5000) {
  const cache = new LRUCache<string, Cached>({ max: cacheEntries });
  return function searchHandler(req: Req, res: Res): void {
    // An empty q is no query text: fine alongside filters, a 400 without them (below).
    const query = typeof req.query.q === 'string' && !req.query.q.trim() ? { ...req.query, q: undefined } : req.query;
    const { values: v, errors } = readParams(query, SEARCH_PARAMS);
    const hasFilter = FILTERS.some((f) => v[f] !== undefined);
    if (!errors.some((e) => e.name === 'q') && v.q === undefined && !hasFilter) {
      errors.push({ name: 'q', reason: 'missing', detail: 'give a query text, at least one filter, or both' });
    }
    if (errors.length) return badRequest(req, res, errors);
    const snap = getSnapshot();
    const key = queryKey(snap.manifest.snapshot, req.path, req.query);
    let hit = cache.get(key);
    req.ctx.cache = hit ? 'result-cache' : 'computed';
    if (!hit) {
      const sortRaw = (v.sort as string | undefined) ?? (v.q ? 'relevance' : 'label');
      const desc = sortRaw.startsWith('-');
      const params: SearchParams = {
        q: v.q as string | undefined,
        filters: {
          hasActiveTrials: v.hasActiveTrials as boolean | undefined, minTrialCount: v.minTrialCount as number | undefined,
          hasExpertContent: v.hasExpertContent as boolean | undefined, inheritancePattern: v.inheritancePattern as SearchParams['filters']['inheritancePattern'],
          onsetCategory: v.onsetCategory as SearchParams['filters']['onsetCategory'], prevalence: v.prevalence as SearchParams['filters']['prevalence'],
          gene: v.gene as string[] | undefined,
        },
        sort: { field: (desc ? sortRaw.slice(1) : sortRaw) as SortField, direction: desc ? 'desc' : 'asc' },
        limit: v.limit as number, offset: v.offset as number, highlight: v.highlight as boolean, facets: v.facets as boolean,
      };
      const result = getEngine().search(params);
      const { pagination, links, linkHeader } = pageLinks(req.path, req.query, params.limit, params.offset, result.total);
      const data = result.items.map((h) => ({ ...searchItem(h.row), match: h.match, ...(h.highlight ? { highlight: h.highlight } : {}) }));
      const body = Buffer.from(JSON.stringify({ data, pagination, links, ...(result.facets ? { facets: result.facets } : {}), query: { q: params.q ?? null, sort: sortRaw } }));
      hit = { body, etag: etagOfBytes(body), link: linkHeader };
      cache.set(key, hit);
    }
    sendComposed(req, res, hit.body, PRIVATE, hit.etag, hit.link ? { Link: hit.link } : {});
  };
}
