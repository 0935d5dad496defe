import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS, CORS_MAX_AGE, type CorsOrigins } from '../contract/api/cors-headers.ts';
import type { Guard } from '../http/context.ts';
import { respond } from '../http/respond.ts';

export interface CorsOptions {
  /** From parseCorsOrigins(CORS_ORIGINS): `*`, or the allowed origins in lower case. */
  origins: Exclude<CorsOrigins, null>;
  /**
   * The path's methods (`GET, HEAD, OPTIONS`), sent as Allow and Access-Control-Allow-Methods on a
   * preflight; null where no route matched (the 404), which answers no preflight.
   */
  methods: string | null;
}

const EXPOSE = CORS_EXPOSED_HEADERS.join(', ');
const ALLOW_HEADERS = CORS_ALLOWED_HEADERS.join(', ');
const MAX_AGE = String(CORS_MAX_AGE);

interface OriginHeaders {
  /** Added to every answer of an actual request (200, 304, 4xx, 429, 5xx). */
  actual: string[];
  /** The whole header list of the 204 answer to a preflight; null: preflights are not answered here. */
  preflight: string[] | null;
}

/**
 * The CORS guard of one path, run before auth so that every answer (a 401, a 429 and a 5xx too)
 * carries the headers a page needs to read it. A preflight (OPTIONS with Origin and
 * Access-Control-Request-Method) from an allowed origin is answered here with 204: no key, never
 * counted. An origin not allowed gets no CORS header at all (its preflight goes on to the plain
 * OPTIONS answer: 204 with Allow), so the browser keeps the answer from the page. Every header
 * list is built once per allowed origin; a request costs a map lookup and a push.
 */
export function cors(options: CorsOptions): Guard {
  const any = options.origins === '*';
  // With a list the answer depends on Origin: every answer says so, for shared caches.
  const vary = any ? [] : ['Vary', 'Origin'];
  const headersFor = (origin: string): OriginHeaders => ({
    actual: [...vary, 'Access-Control-Allow-Origin', origin, 'Access-Control-Expose-Headers', EXPOSE],
    preflight:
      options.methods === null
        ? null
        : [
            ...vary,
            'Access-Control-Allow-Origin',
            origin,
            'Access-Control-Allow-Methods',
            options.methods,
            'Access-Control-Allow-Headers',
            ALLOW_HEADERS,
            'Access-Control-Max-Age',
            MAX_AGE,
            'Allow',
            options.methods,
          ],
  });
  const star = any ? headersFor('*') : null;
  const byOrigin = new Map<string, OriginHeaders>(any ? [] : (options.origins as readonly string[]).map((o) => [o, headersFor(o)]));
  return function corsGuard(req, res) {
    const origin = req.headers.origin;
    const hit = origin === undefined ? undefined : (star ?? byOrigin.get(origin) ?? byOrigin.get(origin.toLowerCase()));
    if (hit === undefined) {
      if (!any) req.ctx.headers.push('Vary', 'Origin');
      return true;
    }
    if (hit.preflight !== null && req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      respond(req, res, 204, hit.preflight);
      return false;
    }
    req.ctx.headers.push(...hit.actual);
    return true;
  };
}
