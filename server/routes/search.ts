import { ROUTES } from '../contract/api/routes.ts';
import { SEARCH_FILTERS, SEARCH_SORTS } from '../contract/api/disease-params.ts';
import type { Req, Res } from '../http/context.ts';
import { PageCache } from '../http/page-cache.ts';
import { paramReader } from '../http/param-reader.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import type { SearchEngine } from '../search/engine.ts';
import type { SearchParams } from '../search/search-types.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { pageLinks, searchItem } from './collection-shapes.ts';
import { badRequest } from './disease-lookup.ts';

/** GET /api/v1/diseases/search: relevance-ranked, filtered, faceted; serialized pages cached per query. */
export function searchResource(getSnapshot: () => Snapshot, getEngine: () => SearchEngine, cacheEntries = 5000) {
  const cache = new PageCache(cacheEntries);
  const read = paramReader(ROUTES.searchDiseases.query, ROUTES.searchDiseases.pathParams);
  return function searchHandler(req: Req, res: Res): void {
    const snap = getSnapshot();
    const key = cache.key(snap.manifest.snapshot, req);
    if (cache.serve(key, req, res)) return;
    // An empty q is no query text: fine alongside filters, a 400 without them (below).
    const query = typeof req.query.q === 'string' && !req.query.q.trim() ? { ...req.query, q: undefined } : req.query;
    const p = read(query, req.params);
    if (!p.ok) return badRequest(req, res, p.errors);
    const v = p.query;
    if (v.q === undefined && !SEARCH_FILTERS.some((f) => v[f] !== undefined)) {
      return badRequest(req, res, [{ name: 'q', reason: 'missing', detail: 'give a query text, at least one filter, or both' }]);
    }
    req.ctx.cache = 'computed';
    const sortRaw = v.sort ?? (v.q ? 'relevance' : 'label');
    const params: SearchParams = {
      q: v.q,
      filters: {
        hasActiveTrials: v.hasActiveTrials,
        minTrialCount: v.minTrialCount,
        hasExpertContent: v.hasExpertContent,
        inheritancePattern: v.inheritancePattern,
        onsetCategory: v.onsetCategory,
        prevalence: v.prevalence,
        gene: v.gene,
      },
      sort: parseSort(sortRaw),
      limit: v.limit,
      offset: v.offset,
      highlight: v.highlight,
      facets: v.facets,
    };
    const result = getEngine().search(params);
    const { pagination, links, linkHeader } = pageLinks(req.path, req.query, params.limit, params.offset, result.total);
    const data = result.items.map((h) => ({ ...searchItem(h.row), match: h.match, ...(h.highlight ? { highlight: h.highlight } : {}) }));
    const body = Buffer.from(
      JSON.stringify({
        data,
        pagination,
        links,
        ...(result.facets ? { facets: result.facets } : {}),
        query: { q: params.q ?? null, sort: sortRaw },
      }),
    );
    const page = { body, etag: etagOfBytes(body), headers: linkHeader ? ['Link', linkHeader] : [] };
    cache.set(key, page);
    sendComposed(req, res, page.body, PRIVATE, page.etag, page.headers);
  };
}

/** `-field` is descending; the values were validated against SEARCH_SORT_VALUES. */
function parseSort(raw: string): SearchParams['sort'] {
  const desc = raw.startsWith('-');
  const field = SEARCH_SORTS.find((f) => f === (desc ? raw.slice(1) : raw)) ?? 'relevance';
  return { field, direction: desc ? 'desc' : 'asc' };
}
