import { API_BASE } from '../contract/api/base.ts';
import { PageCache } from '../http/page-cache.ts';
import { params } from '../http/param-schemas.ts';
import { badRequest } from '../http/problem.ts';
import { project, requestSelection } from '../http/projection.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import { listingItem, pageLinks } from './collection-shapes.ts';
import { fields, NO_PARAMS, pageParams } from './common-params.ts';
import { diseaseFilter, FILTER_PARAMS, filterContext, filterProblems } from './disease-filters.ts';
import { route } from './route-def.ts';

/** The listing: every current disease, filtered and paged. */

const LISTING_QUERY = params({ ...pageParams('diseases'), ...FILTER_PARAMS, fields: fields('each listed disease') });

export const LISTING_ROUTES = {
  listDiseases: route(
    {
      path: `${API_BASE}/diseases`,
      tag: 'Diseases',
      scope: 'search',
      link: true,
      query: LISTING_QUERY,
      pathParams: NO_PARAMS,
      summary: 'List diseases with pagination and filters',
      description:
        'Current diseases in Mondo id order (stable). Filters combine with AND; values within one comma-separated filter with OR. The list, search, match and hierarchy endpoints take the same filters.',
      ok: { description: 'One page of diseases.', schema: 'ListingResponse' },
    },
    ({ snapshot, engine }) => {
      // Serialized pages per distinct query: a page is cheap to serve again, costly to filter again.
      const cache = new PageCache(2000);
      return function listingHandler(req, res, { query: v }): void {
        const snap = snapshot();
        const key = cache.key(snap.manifest.snapshot, req);
        if (cache.serve(key, req, res)) return;
        const ctx = filterContext(snap, engine());
        const invalid = filterProblems(v, ctx);
        if (invalid.length > 0) return badRequest(req, res, invalid);
        const sel = requestSelection(req, res, snap, v.fields, 'ListingItem');
        if (sel === false) return;
        req.ctx.cache = 'computed';
        const keep = diseaseFilter(v, ctx);
        const rows = keep === null ? snap.rows : snap.rows.filter(keep);
        const { limit, offset } = v;
        const { pagination, links, linkHeader } = pageLinks(req.path, req.query, limit, offset, rows.length);
        const data = rows.slice(offset, offset + limit).map((r) => (sel ? project(listingItem(r), sel) : listingItem(r)));
        const body = Buffer.from(JSON.stringify({ data, pagination, links }));
        const page = { body, etag: etagOfBytes(body), headers: linkHeader ? ['Link', linkHeader] : [] };
        cache.set(key, page);
        sendComposed(req, res, page.body, PRIVATE, page.etag, page.headers);
      };
    },
  ),
};
