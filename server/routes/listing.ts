import { LRUCache } from 'lru-cache';
import { INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES } from '../contract/vocab.ts';
import type { Req, Res } from '../http/context.ts';
import { readParams } from '../http/params.ts';
import { etagOfBytes, PRIVATE, sendComposed } from '../http/send.ts';
import type { ListingRow } from '../contract/listing-row.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { listingItem, pageLinks } from './collection-shapes.ts';
import { badRequest } from './disease-lookup.ts';

export const LIST_LIMIT = { default: 20, max: 100 };
export const LISTING_PARAMS = {
  limit: { type: 'int', min: 1, max: LIST_LIMIT.max, default: LIST_LIMIT.default },
  offset: { type: 'int', min: 0, max: 1_000_000, default: 0 },
  hasContent: { type: 'bool' },
  isRare: { type: 'bool' },
  hasTrials: { type: 'bool' },
  inheritance: { type: 'enum-list', values: INHERITANCE_TERMS },
  onset: { type: 'enum-list', values: ONSET_CATEGORIES },
  prevalence: { type: 'enum-list', values: PREVALENCE_CATEGORIES },
} as const;

interface Cached { body: Buffer; etag: string; link: string }

/** A stable key for a query: parameter order does not matter. */
export function queryKey(snapshot: string, path: string, query: Record<string, unknown>): string {
  return snapshot + path + JSON.stringify(Object.entries(query).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * GET /api/v1/diseases: filter the listing rows (in Mondo id order, the stable default), page
 * them, and cache the serialized page per distinct query.
 */
export function listingResource(getSnapshot: () => Snapshot, cacheEntries = 2000) {
  const cache = new LRUCache<string, Cached>({ max: cacheEntries });
  return function listingHandler(req: Req, res: Res): void {
    const { values: v, errors } = readParams(req.query, LISTING_PARAMS);
    if (errors.length) return badRequest(req, res, errors);
    const snap = getSnapshot();
    const key = queryKey(snap.manifest.snapshot, req.path, req.query);
    let hit = cache.get(key);
    req.ctx.cache = hit ? 'result-cache' : 'computed';
    if (!hit) {
      const inh = v.inheritance as string[] | undefined;
      const ons = v.onset as string[] | undefined;
      const prev = v.prevalence as string[] | undefined;
      const keep = (r: ListingRow) =>
        (v.hasContent === undefined || r.hasContent === v.hasContent) &&
        (v.isRare === undefined || r.isRare === v.isRare) &&
        (v.hasTrials === undefined || (r.trialCount > 0) === v.hasTrials) &&
        (!inh || r.inheritance.some((x) => inh.includes(x))) &&
        (!ons || r.onset.some((x) => ons.includes(x))) &&
        (!prev || prev.includes(r.prevalenceCategory));
      const limit = v.limit as number;
      const offset = v.offset as number;
      const rows = snap.rows.filter(keep);
      const { pagination, links, linkHeader } = pageLinks(req.path, req.query, limit, offset, rows.length);
      const body = Buffer.from(JSON.stringify({ data: rows.slice(offset, offset + limit).map(listingItem), pagination, links }));
      hit = { body, etag: etagOfBytes(body), link: linkHeader };
      cache.set(key, hit);
    }
    sendComposed(req, res, hit.body, PRIVATE, hit.etag, hit.link ? { Link: hit.link } : {});
  };
}
