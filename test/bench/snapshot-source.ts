import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import type { Manifest, ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readPackedSync } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';

/** The published snapshot the benchmark reads its inputs from (it never builds one). */
export interface SnapshotSource {
  dist: string;
  /** Resolved dist/current, so a publish during the run cannot change what was read. */
  dir: string;
  manifest: Manifest;
  rows: ListingRow[];
}

/**
 * Open dist/current; throws a message telling the user to build when nothing is published there.
 * The server would build a missing snapshot itself, which is no thing for a benchmark to time.
 */
export function openSnapshot(dist: string): SnapshotSource {
  const current = join(dist, 'current');
  if (!existsSync(join(current, SNAPSHOT_FILES.manifest)) || !existsSync(join(current, SNAPSHOT_FILES.listing))) {
    throw new Error(
      `no published snapshot in ${dist} (expected ${current}/${SNAPSHOT_FILES.manifest}): run \`npm run build\` first (DIST_DIR=${dist} if it is not dist/)`,
    );
  }
  const dir = realpathSync(current);
  return {
    dist,
    dir,
    manifest: readSnapshotJson<Manifest>(dir, SNAPSHOT_FILES.manifest),
    rows: readSnapshotJson<ListingRow[]>(dir, SNAPSHOT_FILES.listing),
  };
}

/** The manifest entry of a route key; throws when the snapshot lacks it. */
export function entryOf(src: SnapshotSource, key: string): ManifestEntry {
  const e = src.manifest.entries[key];
  if (!e) throw new Error(`snapshot ${src.manifest.snapshot} has no entry ${key}`);
  return e;
}

/** The stored bytes of an entry in one encoding, read from the snapshot's packs. */
export function objectBytes(src: SnapshotSource, entry: ManifestEntry, encoding: 'identity' | 'gzip'): Buffer {
  return readPackedSync(snapshotPacks(src.dist, src.dir), entry, encoding);
}

/** `count` distinct rows spread over the listing by a fixed stride: the same picks on every run. */
export function spreadRows(rows: ListingRow[], count: number): ListingRow[] {
  const picked = new Map<string, ListingRow>();
  for (let i = 0; i < rows.length && picked.size < count; i++) {
    const r = rows[(i * 7919) % rows.length];
    picked.set(r.id, r);
  }
  return [...picked.values()];
}
