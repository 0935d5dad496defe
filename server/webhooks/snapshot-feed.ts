import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Changelog } from '../contract/changelog.ts';
import type { ListingRow } from '../contract/listing-row.ts';
import { diseasePath, SNAPSHOT_FILES } from '../contract/route-map.ts';
import { ROUTES } from '../contract/routes.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { PublishedRelease, ReleaseChange, ReleaseFeed } from './release-feed.ts';

/**
 * The release feed as the snapshot has it today: the served snapshot is the newest release, and
 * its changelog.json lists what it added, changed and removed against the snapshot before it.
 * Names come from the listing; a removed disease's from the obsolete table (its last label) or
 * the previous snapshot's listing while that is kept. Only the newest release's changes exist, so
 * a server that was down across two builds announces the newest against its own predecessor.
 */
export class SnapshotFeed implements ReleaseFeed {
  constructor(private readonly current: () => Snapshot) {}

  newest(): string {
    return this.current().manifest.snapshot;
  }

  async releasesAfter(after: string): Promise<PublishedRelease[]> {
    const snap = this.current();
    const id = snap.manifest.snapshot;
    if (id <= after) return [];
    const log = JSON.parse(await readFile(join(snap.dir, SNAPSHOT_FILES.changelog), 'utf8')) as Changelog;
    const previousNames = log.removed.length ? await this.#previousNames(snap, log.from) : new Map<string, string>();
    const record = (mondoId: string) => ({ record: diseasePath(mondoId) });
    const changes: ReleaseChange[] = [
      ...log.added.map((a): ReleaseChange => ({
        id: a.id, name: snap.rowById.get(a.id)?.name ?? null, kind: 'added', sections: [], fields: [],
        versionBefore: null, versionAfter: a.contentVersion, replacedBy: null, links: record(a.id),
      })),
      ...log.changed.map((c): ReleaseChange => ({
        id: c.id, name: snap.rowById.get(c.id)?.name ?? null, kind: 'changed', sections: c.sections, fields: c.fields,
        versionBefore: c.previousVersion, versionAfter: c.contentVersion, replacedBy: null, links: record(c.id),
      })),
      ...log.removed.map((r): ReleaseChange => {
        const obsolete = snap.manifest.obsolete[r.id];
        return {
          id: r.id, name: obsolete?.label ?? previousNames.get(r.id) ?? null, kind: 'removed', sections: [], fields: [],
          versionBefore: r.previousVersion, versionAfter: null, replacedBy: obsolete?.replacedBy ?? null, links: record(r.id),
        };
      }),
    ];
    return [{ id, publishedAt: snap.release.builtAt, previous: log.from, counts: log.counts, changes, links: { health: ROUTES.getHealth.path } }];
  }

  async #previousNames(snap: Snapshot, from: string | null): Promise<Map<string, string>> {
    const file = from ? join(snap.dist, 'snapshots', from, SNAPSHOT_FILES.listing) : null;
    if (!file || !existsSync(file)) return new Map();
    const rows = JSON.parse(await readFile(file, 'utf8')) as ListingRow[];
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
