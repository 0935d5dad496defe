import { promisify } from 'node:util';
import { brotliDecompress, brotliDecompressSync, gunzip, gunzipSync } from 'node:zlib';
import { contentHash, type ManifestEntry } from '../contract/snapshot/manifest.ts';
import type { Encoding } from '../contract/snapshot/packs.ts';

const unbrotli = promisify(brotliDecompress);
/** Compressed variants up to this size are checked on the event loop; larger ones in the thread pool. */
const SYNC_MAX_BYTES = 64 * 1024;
const ungzip = promisify(gunzip);

/** Why a stored object was refused: not there, not readable, or not the bytes that were published. */
export type DamageKind = 'missing' | 'unreadable' | 'size' | 'hash' | 'undecodable';

/**
 * A stored object that does not hold what the manifest says was published. The server answers a
 * 500 problem for it (never the damaged bytes) and logs it once per object (`first`).
 */
export class IntegrityError extends Error {
  first = true;
  constructor(
    readonly hash: string,
    readonly encoding: Encoding,
    readonly kind: DamageKind,
    detail: string,
  ) {
    super(`stored object ${hash} (${encoding}) is damaged: ${detail}`);
    this.name = 'IntegrityError';
  }
}

/** The size the manifest gives an entry's bytes in one encoding (0: no such variant). */
export function publishedSize(entry: ManifestEntry, encoding: Encoding): number {
  return encoding === 'identity' ? entry[1] : encoding === 'br' ? entry[2] : entry[3];
}

/**
 * Check bytes read for `entry` in `encoding` against what the build published: the size the
 * manifest records, then the content hash of the identity bytes (the entry's hash, its ETag), a
 * compressed variant being decompressed first. Resolves when they match; rejects with an
 * IntegrityError otherwise. The cost is one SHA-256 over the identity bytes (and, for a variant, a
 * decompression), paid once per read from storage: the body cache keeps only checked bytes.
 */
export async function verifyObject(entry: ManifestEntry, encoding: Encoding, bytes: Buffer): Promise<void> {
  const hash = entry[0];
  const size = publishedSize(entry, encoding);
  if (bytes.length !== size) throw new IntegrityError(hash, encoding, 'size', `${bytes.length} bytes where ${size} were published`);
  let identity = bytes;
  if (encoding !== 'identity') {
    try {
      // Small variants (nearly all) decompress in tens of µs: less than a hop to the thread pool costs.
      if (bytes.length <= SYNC_MAX_BYTES) identity = encoding === 'br' ? brotliDecompressSync(bytes) : gunzipSync(bytes);
      else identity = await (encoding === 'br' ? unbrotli(bytes) : ungzip(bytes));
    } catch (err) {
      throw new IntegrityError(hash, encoding, 'undecodable', `does not decompress (${(err as Error).message})`);
    }
    if (identity.length !== entry[1])
      throw new IntegrityError(hash, encoding, 'size', `decompresses to ${identity.length} bytes where ${entry[1]} were published`);
  }
  const actual = contentHash(identity);
  if (actual !== hash) throw new IntegrityError(hash, encoding, 'hash', `its content hash is ${actual}`);
}

/** A failed read of an object's file as an IntegrityError (ENOENT: missing; anything else: unreadable). */
export function readFailure(entry: ManifestEntry, encoding: Encoding, err: NodeJS.ErrnoException): IntegrityError {
  const missing = err.code === 'ENOENT';
  return new IntegrityError(entry[0], encoding, missing ? 'missing' : 'unreadable', missing ? 'not found' : `${err.code ?? err.message}`);
}
