/**
 * Cross-origin access (CORS): which origins may call the API from a browser, what a preflight
 * allows and which response headers a page may read. The server sends these lists; the build
 * writes them into the OpenAPI description, so both say the same.
 */

/**
 * Response headers a browser script may read besides the CORS-safelisted ones
 * (Cache-Control, Content-Language, Content-Length, Content-Type, Expires, Last-Modified, Pragma).
 * Location: the 301 of an obsolete id and the 201 of a new webhook endpoint.
 */
export const CORS_EXPOSED_HEADERS = ['ETag', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'Link', 'Location', 'X-Request-Id'] as const;

/**
 * Request headers a preflight allows: the API key (`Authorization: Bearer`), conditional
 * requests, JSON bodies (webhook subscriptions) and a caller's own request id.
 */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id'] as const;

/** How long a browser may reuse a preflight answer, in seconds (Chromium caps it at 2 hours, Firefox at 24). */
export const CORS_MAX_AGE = 7200;

/** `CORS_ORIGINS` parsed: `*` (any origin), the allowed origins, or null (CORS off). */
export type CorsOrigins = '*' | readonly string[] | null;

// What a browser sends in Origin: scheme, host and an optional port; no path, no trailing slash.
const ORIGIN = /^https?:\/\/(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/**
 * Parse `CORS_ORIGINS`: empty or absent is off, `*` is any origin, else a comma-separated list
 * of origins (compared in lower case, as browsers send them). A bad entry throws, naming it.
 */
export function parseCorsOrigins(value: string | undefined): CorsOrigins {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (text === '*') return '*';
  const list = text.split(',').map((s) => s.trim()).filter((s) => s !== '');
  for (const origin of list) {
    if (origin === '*') throw new Error('CORS_ORIGINS: `*` cannot be combined with origins; give `*` alone or a list of origins');
    if (!ORIGIN.test(origin)) throw new Error(`CORS_ORIGINS: "${origin}" is not an origin (scheme://host[:port], no path, no trailing slash)`);
  }
  return [...new Set(list.map((o) => o.toLowerCase()))];
}
