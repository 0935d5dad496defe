import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PackLookup, type PacksDoc } from './packs.ts';
import { SNAPSHOT_FILES } from './route-map.ts';

/**
 * A snapshot's documents (SNAPSHOT_FILES) as the build stores them: a name ending in `.gz` is
 * gzip-compressed on disk. The large ones are, because every release rewrites them whole: stored
 * plain they were most of what a one-disease release added (78 MB of about 1 GB).
 */
export function encodeSnapshotDoc(name: string, content: string | Buffer): Buffer {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return name.endsWith('.gz') ? gzipSync(bytes, { level: 6 }) : bytes;
}

/**
 * The bytes of a snapshot document, decompressed. A snapshot written before documents were
 * compressed has them plain, under the name without `.gz` (the build carries its history on).
 * Throws when it is absent.
 */
export function readSnapshotDoc(snapshotDir: string, name: string): Buffer {
  if (!name.endsWith('.gz')) return readFileSync(join(snapshotDir, name));
  try {
    return gunzipSync(readFileSync(join(snapshotDir, name)));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return readFileSync(join(snapshotDir, name.slice(0, -3)));
  }
}

/** A snapshot document parsed as JSON. Throws when it is absent or not JSON. */
export function readSnapshotJson<T>(snapshotDir: string, name: string): T {
  return JSON.parse(readSnapshotDoc(snapshotDir, name).toString('utf8')) as T;
}

/** Where the objects of a snapshot are: its packs (`dist` holds packs/, `snapshotDir` the packs.json). */
export function snapshotPacks(dist: string, snapshotDir: string): PackLookup {
  return new PackLookup(dist, readSnapshotJson<PacksDoc>(snapshotDir, SNAPSHOT_FILES.packs));
}
