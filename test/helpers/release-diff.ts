import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ReleasesDoc } from '../../server/contract/snapshot/history.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { type PacksDoc, packFile, packIndexFile } from '../../server/contract/snapshot/packs.ts';
import { historyKeyOf, MONDO_ID, SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';
import { Snapshot } from '../../server/snapshot/snapshot.ts';
import { fanOut, releaseMessages } from '../../server/webhooks/events.ts';
import { HistoryFeed } from '../../server/webhooks/history-feed.ts';
import type { Delivery } from '../../server/webhooks/webhook-types.ts';
import { readCurrentJson } from '../fixtures/build-pipeline/snapshot-audit.ts';
import { endpointOf } from './webhook-endpoint.ts';

/**
 * What one release of the real data costs and tells: its files and bytes, the objects only the
 * history keeps, the diseases whose served bytes changed, and the webhook deliveries it makes.
 */

/** One file of a release: its path under dist/, its bytes, and the disk it takes (allocated blocks). */
export interface ReleaseFile {
  path: string;
  bytes: number;
  disk: number;
}

/** Every file a published snapshot needs: its folder (manifest, indexes, documents) and the packs it lists. */
export function releaseFiles(dist: string, snapshot: string): ReleaseFile[] {
  const dir = join(dist, 'snapshots', snapshot);
  const file = (path: string): ReleaseFile => {
    const st = statSync(join(dist, path));
    return { path, bytes: st.size, disk: st.blocks * 512 };
  };
  const packs = readSnapshotJson<PacksDoc>(dir, SNAPSHOT_FILES.packs).packs;
  return [
    ...readdirSync(dir).map((f) => file(`snapshots/${snapshot}/${f}`)),
    ...packs.flatMap((p) => [file(packFile(p.name)), file(packIndexFile(p.name))]),
  ];
}

export const sum = (files: ReleaseFile[], k: 'bytes' | 'disk') => files.reduce((n, f) => n + f[k], 0);

/** Objects only the history keeps: old version bodies, version lists, change lists (not served as current responses). */
export function historyOnly(dist: string): { objects: number; bytes: number } {
  const m = readCurrentJson<Manifest>(dist, SNAPSHOT_FILES.manifest);
  const releases = readCurrentJson<ReleasesDoc>(dist, SNAPSHOT_FILES.releases);
  const packs = snapshotPacks(dist, join(dist, 'current'));
  const current = new Set(
    Object.entries(m.entries)
      .filter(([k]) => !historyKeyOf(k))
      .map(([, e]) => e[0]),
  );
  const history = new Set([
    ...Object.entries(m.entries)
      .filter(([k]) => historyKeyOf(k))
      .map(([, e]) => e[0]),
    ...releases.releases.map((r) => r.changes[0]),
  ]);
  let bytes = 0;
  let objects = 0;
  for (const h of history)
    if (!current.has(h)) {
      objects++;
      const at = packs.locate(h);
      bytes += at ? at.size + at.br + at.gzip : 0;
    }
  return { objects, bytes };
}

/**
 * Diseases current in both manifests with at least one served body that differs: the record, its
 * summary, a section or a sub-resource (identity bytes, by hash). History entries are left out.
 */
export function servedChanges(before: Manifest, after: Manifest): string[] {
  const bodies = (m: Manifest) => {
    const out = new Map<string, string[]>();
    for (const [key, [hash]] of Object.entries(m.entries)) {
      if (historyKeyOf(key)) continue;
      const id = key.split('/')[0];
      if (MONDO_ID.test(id) && !m.obsolete[id]) (out.get(id) ?? out.set(id, []).get(id)!).push(`${key} ${hash}`);
    }
    return out;
  };
  const a = bodies(before);
  const b = bodies(after);
  return [...b]
    .filter(([id, list]) => a.has(id) && a.get(id)!.sort().join('\n') !== list.sort().join('\n'))
    .map(([id]) => id)
    .sort();
}

/**
 * The deliveries the announcer makes for the newest release of `dist` (server/webhooks/announcer.ts:
 * the history feed, the release's messages, the fan-out), to an endpoint that takes everything and
 * to one that watches `watch`; each delivery as `type disease`.
 */
export async function webhookDeliveries(dist: string, watch: string[]): Promise<{ everything: string[]; watching: string[] }> {
  const snapshot = new Snapshot(dist, 0);
  const newest = snapshot.history.newestFirst[0];
  const [release] = await new HistoryFeed(() => snapshot).releasesAfter(newest.previous ?? 'r0').finally(() => snapshot.packs.close());
  const messages = releaseMessages(release, 0);
  const disease = new Map(messages.map((m) => [m.id, m.disease]));
  const sent = (d: Delivery[]) => d.map((x) => `${x.type} ${disease.get(x.msgId) ?? ''}`.trim());
  return {
    everything: sent(fanOut(messages, [endpointOf('everything')], () => true, 0)),
    watching: sent(fanOut(messages, [endpointOf('watching', { diseases: watch })], () => true, 0)),
  };
}
