import { LRUCache } from 'lru-cache';
import type { Req, Res } from './context.ts';
import { PRIVATE, sendComposed } from './send.ts';

/** Bytes of pages one cache holds at most, unless its route says otherwise. */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

/** A serialized 200 of a collection route, ready to send again. */
export interface CachedPage {
  body: Buffer;
  etag: string;
  headers: string[];
}

/**
 * Serialized pages of a collection route (listing, search), keyed by the snapshot and the raw
 * query string. Only valid queries are stored, so a hit needs no validation, parsing or
 * serializing: it is a map lookup. Reordered parameters are another key (a miss, never a wrong hit).
 */
export class PageCache {
  readonly #pages: LRUCache<string, CachedPage>;

  /**
   * At most `max` pages and `maxBytes` of them: a page of 100 listing items or 20 highlighted
   * search results weighs tens of KB, so a bound by count alone let these caches hold hundreds of MB.
   */
  constructor(max: number, maxBytes = DEFAULT_MAX_BYTES) {
    this.#pages = new LRUCache({ max, maxSize: maxBytes, sizeCalculation: (p) => p.body.length + 256 });
  }

  /** The key of a request against a snapshot. */
  key(snapshot: string, req: Req): string {
    return `${snapshot}\0${req.search}`;
  }

  /** Answer from the cache when it holds the page (returns true), as sendComposed would. */
  serve(key: string, req: Req, res: Res): boolean {
    const page = this.#pages.get(key);
    if (!page) return false;
    req.ctx.cache = 'result-cache';
    sendComposed(req, res, page.body, PRIVATE, page.etag, page.headers);
    return true;
  }

  set(key: string, page: CachedPage): void {
    this.#pages.set(key, page);
  }
}
