import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { readSnapshotDoc } from '../contract/snapshot/snapshot-docs.ts';
import { parseJsonSliced } from './json-slices.ts';
import type { Work } from './slices.ts';

const gunzipAsync = promisify(gunzip);

/**
 * A snapshot document's bytes, read and gunzipped off the event loop (the thread pool), as
 * readSnapshotDoc reads them: a name ending in `.gz` falls back to the plain name of a snapshot
 * written before documents were compressed.
 */
async function readDocAsync(dir: string, name: string): Promise<Buffer> {
  if (!name.endsWith('.gz')) return readFile(join(dir, name));
  let packed: Buffer;
  try {
    packed = await readFile(join(dir, name));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return readFile(join(dir, name.slice(0, -3)));
  }
  return gunzipAsync(packed);
}

/** A document's bytes as a step of sliced work (slices.ts): the work waits for the read. */
export function* readDocSliced(dir: string, name: string): Work<Buffer> {
  return (yield readDocAsync(dir, name)) as Buffer;
}

/** A document's bytes, read at once (for work run with runNow). */
// biome-ignore lint/correctness/useYield: the synchronous twin of readDocSliced, where one of the two is chosen
export function* readDocNow(dir: string, name: string): Work<Buffer> {
  return readSnapshotDoc(dir, name);
}

/** A JSON document read off the event loop and parsed in slices (`inPlace`: see parseJsonSliced). */
export function* readJsonSliced(dir: string, name: string, inPlace: readonly string[] = []): Work<unknown> {
  return yield* parseJsonSliced(yield* readDocSliced(dir, name), inPlace);
}
