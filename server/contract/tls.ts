/**
 * HTTPS transport: what every answer over TLS carries. The server sends it; the build writes it
 * into the OpenAPI description.
 */

/** `Strict-Transport-Security` max-age: one year (includeSubDomains and preload are left to the operator's own front). */
export const HSTS_MAX_AGE = 31_536_000;

/** The `Strict-Transport-Security` value of every answer over TLS (never sent over plain HTTP: RFC 6797 8.1). */
export const HSTS_VALUE = `max-age=${HSTS_MAX_AGE}`;
