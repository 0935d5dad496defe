import { API_BASE } from '../contract/api/base.ts';
import { PageCache } from '../http/page-cache.ts';
import { params } from '../http/param-schemas.ts';
import { badRequest } from '../http/problem.ts';
import { project, requestSelection } from '../http/projection.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import { codeMatch, codeQuery } from '../search/code-query.ts';
import { SEARCH_SORT_VALUES, SEARCH_SORTS, type SearchParams } from '../search/search-types.ts';
import { pageLinks, searchItem } from './collection-shapes.ts';
import { fields, NO_PARAMS, pageParams } from './common-params.ts';
import { diseaseFilter, FILTER_PARAMS, filterContext, filterProblems, hasFilter } from './disease-filters.ts';
import { type RouteDeps, route } from './route-def.ts';

/** Search by name, synonym, gene or code, with the disease filters. */

const SEARCH_QUERY = params({
  q: {
    type: 'string',
    'x-empty': 'absent',
    minLength: 1,
    maxLength: 200,
    example: 'angelman',
    description:
      'Text matched against disease names, synonyms, gene symbols and Mondo identifiers (1-200 characters); a code of another system (`OMIM:219700`, `ORPHA:586`, a bare ICD-10 code such as `E84.0`, any prefix `/xrefs/{curie}` takes) that Mondo maps to diseases finds those diseases, exact matches first; every matching word adds evidence, so a query that matches no name whole still returns its best partial matches. Required unless at least one filter is given; an empty `q` counts as absent.',
  },
  ...pageParams('results'),
  sort: {
    type: 'string',
    enum: SEARCH_SORT_VALUES,
    description:
      'Sort order: `relevance` (best match first; the default when `q` is given), `label` (the default without `q`), `activeTrialCount`, `updatedAt` or `pagCount`; prefix `-` for descending, ascending otherwise.',
  },
  highlight: {
    type: 'boolean',
    default: false,
    description: 'Add `highlight` to each result: the matched text with `<mark>` around the matched spans.',
  },
  facets: {
    type: 'boolean',
    default: false,
    description: 'Add `facets`: counts per vocabulary value, rarity and trial status over the whole filtered result set.',
  },
  ...FILTER_PARAMS,
  fields: fields('each result'),
});

const SEARCH = {
  path: `${API_BASE}/diseases/search`,
  tag: 'Diseases',
  scope: 'search',
  link: true,
  query: SEARCH_QUERY,
  pathParams: NO_PARAMS,
  summary: 'Search diseases by name, synonym or gene',
  description:
    'Matches `q` against names, synonyms and gene symbols, narrowed by filters (the same filters as the listing). A missing or empty `q` with no filter is a 400; no match is a 200 with an empty `data`. `facets=true` adds counts over the whole filtered result set; `highlight=true` adds the marked match to each item.',
  ok: { description: 'One page of results.', schema: 'SearchResponse' },
} as const;

export const SEARCH_ROUTES = { searchDiseases: route(SEARCH, searchHandler) };

/** Relevance-ranked, filtered, faceted; serialized pages cached per query. */
function searchHandler({ snapshot, engine }: RouteDeps): RouteHandler<typeof SEARCH> {
  const cache = new PageCache(5000);
  return function searchHandler(req, res, { query: v }): void {
    const snap = snapshot();
    const key = cache.key(snap.manifest.snapshot, req);
    if (cache.serve(key, req, res)) return;
    // An empty q counts as absent (x-empty): fine alongside filters, a 400 without them.
    if (v.q === undefined && !hasFilter(v)) {
      return badRequest(req, res, [{ name: 'q', reason: 'missing', detail: 'give a query text, at least one filter, or both' }]);
    }
    const ctx = filterContext(snap, engine());
    const invalid = filterProblems(v, ctx);
    if (invalid.length > 0) return badRequest(req, res, invalid);
    const sel = requestSelection(req, res, snap, v.fields, 'SearchItem');
    if (sel === false) return;
    req.ctx.cache = 'computed';
    const sortRaw = v.sort ?? (v.q ? 'relevance' : 'label');
    const params: SearchParams = {
      q: v.q,
      filter: diseaseFilter(v, ctx),
      sort: parseSort(sortRaw),
      limit: v.limit,
      offset: v.offset,
      highlight: v.highlight,
      facets: v.facets,
    };
    const byCode = params.q === undefined ? null : codeQuery(snap.lookups, params.q);
    const result = byCode
      ? engine().named(
          byCode.targets.map((t) => t[0]),
          params,
          codeMatch(snap.lookups, byCode.code, byCode.targets, params.q!),
        )
      : engine().search(params);
    const { pagination, links, linkHeader } = pageLinks(req.path, req.query, params.limit, params.offset, result.total);
    const items = result.items.map((h) => ({ ...searchItem(h.row), match: h.match, ...(h.highlight ? { highlight: h.highlight } : {}) }));
    const data = sel ? items.map((i) => project(i, sel)) : items;
    const facets = result.facets ? { facets: result.facets } : {};
    const body = Buffer.from(JSON.stringify({ data, pagination, links, ...facets, query: { q: params.q ?? null, sort: sortRaw } }));
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
