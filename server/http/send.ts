import { createHash } from 'node:crypto';
import type { Req, Res } from './context.ts';
import { noneMatch } from './conditional.ts';
import { pickEncoding } from './negotiate.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { ManifestEntry } from '../contract/manifest.ts';
import { etagOf } from '../contract/manifest.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PRIVATE = 'private, no-cache';

/** Answer 304 when If-None-Match matches; returns true when it did (RFC 9110 §15.4.5 headers). */
export function notModified(req: Req, res: Res, etag: string, cacheControl: string): boolean {
  if (!noneMatch(req.headers['if-none-match'], etag)) return false;
  res.statusCode = 304;
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  req.ctx.cache = '304';
  res.end();
  return true;
}

/**
 * Send a precomputed response: 304 on a matching If-None-Match, else the best encoding the
 * client accepts, from memory or disk. HEAD gets the same headers and no body.
 */
export async function sendEntry(req: Req, res: Res, snapshot: Snapshot, entry: ManifestEntry, cacheControl = PRIVATE, status = 200): Promise<void> {
  const etag = etagOf(entry);
  if (status === 200 && notModified(req, res, etag, cacheControl)) return;
  const encoding = pickEncoding(req.headers['accept-encoding'] as string | undefined, entry[2] > 0, entry[3] > 0);
  const { bytes, hit } = await snapshot.body(entry, encoding);
  req.ctx.cache = hit ? 'memory' : 'disk';
  res.statusCode = status;
  res.setHeader('Content-Type', JSON_TYPE);
  if (status === 200) res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** ETag of bytes composed at request time: the same hash the build uses for stored bodies. */
export function etagOfBytes(bytes: Buffer): string {
  return `W/"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
}

/** Send bytes composed at request time (identity encoding), with their own ETag and 304 support. */
export function sendComposed(req: Req, res: Res, bytes: Buffer, cacheControl = PRIVATE, etag = etagOfBytes(bytes), extraHeaders: Record<string, string> = {}): void {
  if (notModified(req, res, etag, cacheControl)) return;
  req.ctx.cache ??= 'composed';
  res.statusCode = 200;
  res.setHeader('Content-Type', JSON_TYPE);
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Vary', 'Accept-Encoding');
  for (const [k, v] of Object.entries(extraHeaders)) res.setHeader(k, v);
  res.setHeader('Content-Length', bytes.length);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}
