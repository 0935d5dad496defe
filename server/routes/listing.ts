import type { ROUTES } from '../contract/api/routes.ts';
import { PageCache } from '../http/page-cache.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { listingItem, notCurrent, pageLinks } from './collection-shapes.ts';
import { badRequest } from '../http/problem.ts';
import { project, requestSelection } from '../http/projection.ts';

/**
 * GET /api/v1/diseases: filter the listing rows (in Mondo id order, the stable default), page
 * them, and cache the serialized page per distinct query.
 */
export function listingResource(getSnapshot: () => Snapshot, cacheEntries = 2000): RouteHandler<(typeof ROUTES)['listDiseases']> {
  const cache = new PageCache(cacheEntries);
  return function listingHandler(req, res, { query: v }): void {
    const snap = getSnapshot();
    const key = cache.key(snap.manifest.snapshot, req);
    if (cache.serve(key, req, res)) return;
    if (v.descendantOf !== undefined && !snap.rowById.has(v.descendantOf)) return badRequest(req, res, [notCurrent(v.descendantOf)]);
    const sel = requestSelection(req, res, snap, v.fields, 'ListingItem');
    if (sel === false) return;
    const within = v.descendantOf === undefined ? null : snap.lookups.descendantSet(v.descendantOf);
    req.ctx.cache = 'computed';
    const { inheritance: inh, onset: ons, prevalence: prev, limit, offset } = v;
    const keep = (r: ListingRow) =>
      (v.hasContent === undefined || r.hasContent === v.hasContent) &&
      (v.isRare === undefined || r.isRare === v.isRare) &&
      (v.hasTrials === undefined || r.trialCount > 0 === v.hasTrials) &&
      (!inh || r.inheritance.some((x) => inh.includes(x))) &&
      (!ons || r.onset.some((x) => ons.includes(x))) &&
      (!prev || prev.includes(r.prevalenceCategory)) &&
      (within === null || within.has(r.id));
    const rows = snap.rows.filter(keep);
    const { pagination, links, linkHeader } = pageLinks(req.path, req.query, limit, offset, rows.length);
    const body = Buffer.from(
      JSON.stringify({
        data: rows.slice(offset, offset + limit).map((r) => (sel ? project(listingItem(r), sel) : listingItem(r))),
        pagination,
        links,
      }),
    );
    const page = { body, etag: etagOfBytes(body), headers: linkHeader ? ['Link', linkHeader] : [] };
    cache.set(key, page);
    sendComposed(req, res, page.body, PRIVATE, page.etag, page.headers);
  };
}
