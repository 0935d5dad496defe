import { CORS_ALLOWED_HEADERS, CORS_EXPOSED_HEADERS, CORS_MAX_AGE, type CorsOrigins } from '../contract/cors.ts';
import type { Req } from '../http/context.ts';

export interface CorsOptions {
  /** From parseCorsOrigins(CORS_ORIGINS): `*`, or the allowed origins (lower case). */
  origins: Exclude<CorsOrigins, null>;
}

/** Adds the CORS headers of this request's answer to `req.ctx.headers`; `allow` is the path's methods. */
export type Cors = (req: Req, allow: string) => void;

const EXPOSE = CORS_EXPOSED_HEADERS.join(', ');
const ALLOW_HEADERS = CORS_ALLOWED_HEADERS.join(', ');
const MAX_AGE = String(CORS_MAX_AGE);

/**
 * CORS for every API path, run as soon as the request context exists, before auth: whatever the
 * answer (200, 304, a 401, a 429, the 204 of an OPTIONS), it carries the headers, so a browser
 * can read problems too. An allowed origin gets Access-Control-Allow-Origin, and
 * -Expose-Headers on an actual request, or -Allow-Methods/-Headers/-Max-Age on a preflight
 * (OPTIONS with Access-Control-Request-Method); another origin gets none, so the browser keeps the
 * answer from the page. Headers are pushed from strings built once, not per request.
 */
export function cors(options: CorsOptions): Cors {
  const any = options.origins === '*';
  const allowed = new Set(any ? [] : options.origins);
  return function corsHeaders(req, allow) {
    const headers = req.ctx.headers;
    // With a list, the answer depends on Origin: every answer says so, also those without Origin.
    if (!any) headers.push('Vary', 'Origin');
    const origin = req.headers.origin;
    if (origin === undefined || !(any || allowed.has(origin.toLowerCase()))) return;
    headers.push('Access-Control-Allow-Origin', any ? '*' : origin);
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      headers.push('Access-Control-Allow-Methods', allow, 'Access-Control-Allow-Headers', ALLOW_HEADERS, 'Access-Control-Max-Age', MAX_AGE);
    } else {
      headers.push('Access-Control-Expose-Headers', EXPOSE);
    }
  };
}
