import type { ReleaseEntry } from '../../server/contract/snapshot/history.ts';
import { releaseNumber } from '../../server/contract/api/releases.ts';
import type { ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import { versionKey, versionsKey } from '../../server/contract/snapshot/route-map.ts';
import type { ContentIndex } from './content-versions.ts';
import type { ObjectStore } from './object-store.ts';
import { readVersions, storeVersions } from './version-docs.ts';

export interface Pruned {
  releases: number;
  versions: number;
  diseases: number;
}

/**
 * HISTORY_KEEP=N: keep the newest N releases and every version that was current in one of them
 * (a version introduced earlier but still current at the oldest release kept stays). Versions
 * superseded before that release leave the manifest, and with them their objects become garbage;
 * a disease left with no version loses its list (its index entry stays, so numbering goes on if it
 * returns). Mutates `index` and `entries`; returns the releases kept.
 */
export async function applyRetention(
  keep: number | null,
  releases: ReleaseEntry[],
  index: ContentIndex,
  entries: Record<string, ManifestEntry>,
  store: ObjectStore,
): Promise<{ releases: ReleaseEntry[]; pruned: Pruned }> {
  const pruned: Pruned = { releases: 0, versions: 0, diseases: 0 };
  if (keep === null || releases.length <= keep) return { releases, pruned };
  const kept = releases.slice(-keep);
  pruned.releases = releases.length - keep;
  const oldest = releaseNumber(kept[0].id);
  const rewrites: Promise<void>[] = [];
  for (const [id, e] of Object.entries(index)) {
    // A version is current until the next one, or until the disease was removed.
    const end = (i: number) => e.hist[i + 1]?.[1] ?? e.gone ?? Infinity;
    let first = 0;
    while (first < e.hist.length && end(first) <= oldest) first++;
    if (first === 0) continue;
    for (const [n] of e.hist.slice(0, first)) delete entries[versionKey(id, n)];
    pruned.versions += first;
    e.hist = e.hist.slice(first);
    const listKey = versionsKey(id);
    const list = entries[listKey];
    if (!list) continue;
    if (e.hist.length === 0) {
      delete entries[listKey];
      pruned.diseases++;
      continue;
    }
    const doc = readVersions(store, list);
    const from = e.hist[0][0];
    rewrites.push(
      storeVersions(store, { ...doc, versions: doc.versions.filter((v) => v.version >= from) }).then((x) => {
        entries[listKey] = x;
      }),
    );
  }
  await Promise.all(rewrites);
  return { releases: kept, pruned };
}
