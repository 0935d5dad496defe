/**
 * The API reference page: where the server serves it and where the build puts its files. The build
 * writes the page and copies the renderer's assets into `dist/<DOCS_DIR>/`; the server serves that
 * folder, as it is, under DOCS_PATH. It is a static mount beside the API, not a route of the table:
 * an HTML page and its assets are neither versioned under /api/v1 nor part of the OpenAPI document.
 */

/** URL path of the page (and prefix of its assets). */
export const DOCS_PATH = '/docs';

/** Folder of the page inside the dist directory. */
export const DOCS_DIR = 'docs';

/**
 * Content-Security-Policy of the page: scripts, styles, fetches and frames from this origin only.
 * `data:` images are the icons inlined in the renderer's stylesheet (they load nothing).
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers every answer under DOCS_PATH carries besides its own (name/value pairs). */
export const DOCS_HEADERS: readonly string[] = [
  'Content-Security-Policy',
  DOCS_CSP,
  'X-Content-Type-Options',
  'nosniff',
  'Referrer-Policy',
  'no-referrer',
  'Cross-Origin-Opener-Policy',
  'same-origin',
  'Cross-Origin-Resource-Policy',
  'same-origin',
  'X-Frame-Options',
  'DENY',
];
