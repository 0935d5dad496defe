import type { ROUTES } from '../contract/api/routes.ts';
import { SEARCH_FILTERS, SEARCH_SORTS } from '../contract/api/disease-params.ts';
import { PageCache } from '../http/page-cache.ts';
import { badRequest } from '../http/problem.ts';
import { project, requestSelection } from '../http/projection.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import type { SearchEngine } from '../search/engine.ts';
import type { SearchParams } from '../search/search-types.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { codeMatch, codeQuery } from '../lookups/code-query.ts';
import { notCurrent, pageLinks, searchItem } from './collection-shapes.ts';

/** GET /api/v1/diseases/search: relevance-ranked, filtered, faceted; serialized pages cached per query. */
export function searchResource(
  getSnapshot: () => Snapshot,
  getEngine: () => SearchEngine,
  cacheEntries = 5000,
): RouteHandler<(typeof ROUTES)['searchDiseases']> {
  const cache = new PageCache(cacheEntries);
  return function searchHandler(req, res, { query: v }): void {
    const snap = getSnapshot();
    const key = cache.key(snap.manifest.snapshot, req);
    if (cache.serve(key, req, res)) return;
    // An empty q counts as absent (x-empty): fine alongside filters, a 400 without them.
    if (v.q === undefined && !SEARCH_FILTERS.some((f) => v[f] !== undefined)) {
      return badRequest(req, res, [{ name: 'q', reason: 'missing', detail: 'give a query text, at least one filter, or both' }]);
    }
    if (v.descendantOf !== undefined && !snap.rowById.has(v.descendantOf)) return badRequest(req, res, [notCurrent(v.descendantOf)]);
    const sel = requestSelection(req, res, snap, v.fields, 'SearchItem');
    if (sel === false) return;
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
        within: v.descendantOf === undefined ? undefined : snap.lookups.descendantSet(v.descendantOf),
      },
      sort: parseSort(sortRaw),
      limit: v.limit,
      offset: v.offset,
      highlight: v.highlight,
      facets: v.facets,
    };
    const byCode = params.q === undefined ? null : codeQuery(snap.lookups, params.q);
    const result = byCode
      ? getEngine().named(
          byCode.targets.map((t) => t[0]),
          params,
          codeMatch(snap.lookups, byCode.code, byCode.targets, params.q!),
        )
      : getEngine().search(params);
    const { pagination, links, linkHeader } = pageLinks(req.path, req.query, params.limit, params.offset, result.total);
    const items = result.items.map((h) => ({ ...searchItem(h.row), match: h.match, ...(h.highlight ? { highlight: h.highlight } : {}) }));
    const data = sel ? items.map((i) => project(i, sel)) : items;
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
