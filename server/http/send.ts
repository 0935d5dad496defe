import { contentHash, type ManifestEntry } from '../contract/snapshot/manifest.ts';
import { IntegrityError } from '../snapshot/object-integrity.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { Req, Res } from './context.ts';
import { noneMatch } from './conditional.ts';
import type { Encoding } from '../contract/snapshot/packs.ts';
import { pickEncoding } from './negotiate.ts';
import { respond } from './respond.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PRIVATE = 'private, no-cache';
const NO_HEADERS: string[] = [];

/** Answer 304 when If-None-Match matches; returns true when it did (RFC 9110 §15.4.5 headers). */
export function notModified(req: Req, res: Res, etag: string, cacheControl: string, vary = 'Accept-Encoding'): boolean {
  if (!noneMatch(req.headers['if-none-match'], etag)) return false;
  req.ctx.cache = '304';
  respond(req, res, 304, ['ETag', etag, 'Cache-Control', cacheControl, 'Vary', vary]);
  return true;
}

/**
 * Send a precomputed response: 304 on a matching If-None-Match, else the best encoding the
 * client accepts, from memory (synchronously) or disk. HEAD gets the same headers and no body.
 * `extra` headers go with it (a redirect's Location).
 */
export function sendEntry(
  req: Req,
  res: Res,
  snapshot: Snapshot,
  entry: ManifestEntry,
  cacheControl = PRIVATE,
  status = 200,
  extra = NO_HEADERS,
): void | Promise<void> {
  const etag = snapshot.etag(entry);
  if (status === 200 && notModified(req, res, etag, cacheControl)) return;
  const encoding = pickEncoding(req.headers['accept-encoding'] as string | undefined, entry[2] > 0, entry[3] > 0);
  const hot = snapshot.cachedBody(entry, encoding);
  if (hot) return writeEntry(req, res, etag, cacheControl, status, extra, encoding, hot, 'memory');
  return snapshot.body(entry, encoding).then(
    ({ bytes }) => writeEntry(req, res, etag, cacheControl, status, extra, encoding, bytes, 'disk'),
    (err) => {
      // A damaged compressed variant (reported by the snapshot) is no reason to fail: the identity bytes serve the same content.
      if (!(err instanceof IntegrityError) || encoding === 'identity') throw err;
      return snapshot
        .body(entry, 'identity')
        .then(({ bytes }) => writeEntry(req, res, etag, cacheControl, status, extra, 'identity', bytes, 'disk'));
    },
  );
}

function writeEntry(
  req: Req,
  res: Res,
  etag: string,
  cacheControl: string,
  status: number,
  extra: string[],
  encoding: Encoding,
  bytes: Buffer,
  from: string,
): void {
  req.ctx.cache = from;
  const headers = status === 200 ? okHeaders(bytes, etag, cacheControl, encoding) : entryHeaders(bytes, null, cacheControl, encoding);
  respond(req, res, status, extra.length ? headers.concat(extra) : headers, bytes);
}

/** The headers of a stored body; `etag` null for a status other than 200. */
function entryHeaders(bytes: Buffer, etag: string | null, cacheControl: string, encoding: Encoding): string[] {
  const headers = [
    'Content-Type',
    JSON_TYPE,
    'Cache-Control',
    cacheControl,
    'Vary',
    'Accept-Encoding',
    'Content-Length',
    String(bytes.length),
  ];
  if (etag !== null) headers.push('ETag', etag);
  if (encoding !== 'identity') headers.push('Content-Encoding', encoding);
  return headers;
}

/** A 200's headers, made once per body held in memory: the same bytes (one content hash, one ETag) get the same headers. */
const okHeadersOf = new WeakMap<Buffer, { cacheControl: string; headers: string[] }>();

function okHeaders(bytes: Buffer, etag: string, cacheControl: string, encoding: Encoding): string[] {
  const known = okHeadersOf.get(bytes);
  if (known !== undefined && known.cacheControl === cacheControl) return known.headers;
  const headers = entryHeaders(bytes, etag, cacheControl, encoding);
  okHeadersOf.set(bytes, { cacheControl, headers });
  return headers;
}

/** ETag of bytes composed at request time: the same hash the build uses for stored bodies. */
export function etagOfBytes(bytes: Buffer): string {
  return `W/"${contentHash(bytes)}"`;
}

/** Send bytes composed at request time (identity encoding), with their own ETag and 304 support. */
export function sendComposed(
  req: Req,
  res: Res,
  bytes: Buffer,
  cacheControl = PRIVATE,
  etag = etagOfBytes(bytes),
  extra = NO_HEADERS,
): void {
  if (notModified(req, res, etag, cacheControl)) return;
  req.ctx.cache ??= 'composed';
  const headers = [
    'Content-Type',
    JSON_TYPE,
    'ETag',
    etag,
    'Cache-Control',
    cacheControl,
    'Vary',
    'Accept-Encoding',
    'Content-Length',
    String(bytes.length),
  ];
  respond(req, res, 200, extra.length ? headers.concat(extra) : headers, bytes);
}
