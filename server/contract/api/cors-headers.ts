/**
 * Cross-origin access (CORS) and transport headers: what a browser app may send and read. The
 * server applies them; the build writes them into the OpenAPI description.
 */

/**
 * Response headers a browser script may read besides the CORS-safelisted ones. Location: the 301
 * of an obsolete id and the 201 of a new webhook endpoint.
 */
export const CORS_EXPOSED_HEADERS = ['ETag', 'Link', 'Location', 'RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id'] as const;

/** Request headers a preflight allows: the key, conditional requests, JSON bodies, a caller's request id. */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'If-None-Match', 'X-Request-Id'] as const;

/** How long a browser may cache a preflight answer, in seconds (Chromium caps it at 2 hours). */
export const CORS_MAX_AGE = 7200;

/** `Strict-Transport-Security` on every answer over TLS (never over plain HTTP): one year, subdomains left to the operator. */
export const HSTS_VALUE = 'max-age=31536000';

/** `CORS_ORIGINS`: off (empty or absent), `*`, or a comma-separated list of origins. */
export type CorsOrigins = '*' | readonly string[] | null;

// What a browser sends in Origin: scheme, host (a name, IPv4 or [IPv6]) and an optional port.
const ORIGIN = /^https?:\/\/(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/**
 * Parse `CORS_ORIGINS`. An origin is scheme, host and optional port, no path or trailing slash
 * (what a browser sends in `Origin`); anything else throws, naming the bad entry. The list is
 * lower-cased (browsers send origins so) and de-duplicated.
 */
export function parseCorsOrigins(value: string | undefined): CorsOrigins {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (text === '*') return '*';
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const origin of list) {
    if (origin === '*') throw new Error('CORS_ORIGINS: `*` cannot be combined with origins; give `*` alone or a list of origins');
    if (!ORIGIN.test(origin))
      throw new Error(`CORS_ORIGINS: "${origin}" is not an origin (scheme://host[:port], no path or trailing slash)`);
  }
  return [...new Set(list.map((o) => o.toLowerCase()))];
}
