import { join } from 'node:path';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readPackedSync } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';

/** What the editorial tools read of a published record (the API's DiseaseRecord, loosely typed). */
// biome-ignore lint/suspicious/noExplicitAny: the record's full type is the API schema; the tools read a few members
export type PublishedRecord = Record<string, any>;

/** The records of one published snapshot, read in place from its packs, one at a time. */
export interface PublishedRecords {
  /** Every served Mondo id, sorted. */
  ids: string[];
  /** The record served for an id, or null when none is. */
  get(id: string): PublishedRecord | null;
}

/**
 * Opens the snapshot `dist/current` points to. The editorial tools read what the API serves, so a
 * curator sees the facts a reader sees; nothing here writes.
 */
export function openPublishedRecords(distDir: string): PublishedRecords {
  const current = join(distDir, 'current');
  const manifest = readSnapshotJson<{ entries: Record<string, [string]> }>(current, SNAPSHOT_FILES.manifest);
  const packs = snapshotPacks(distDir, current);
  const ids = Object.keys(manifest.entries)
    .filter((k) => /^MONDO:\d{7}$/.test(k))
    .sort();
  return {
    ids,
    get(id) {
      const entry = manifest.entries[id];
      if (!entry) return null;
      const body = JSON.parse(readPackedSync(packs, entry[0]).toString('utf8')) as { data?: PublishedRecord };
      return body.data?.sections ? body.data : null;
    },
  };
}
