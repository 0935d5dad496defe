import type { Change } from '../contract/snapshot/history.ts';
import { releaseOrder } from '../contract/api/releases.ts';
import { diseasePath, releaseChangesPath, releasePath, versionPath, versionsPath, PATHS } from '../contract/api/paths.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { PublishedRelease, ReleaseChange, ReleaseFeed } from './release-feed.ts';

/**
 * The release feed over the served snapshot's release history (releases.json and the change list
 * of each release): every release after the last one announced, oldest first, each with its own
 * changes, so a server that was down across several builds announces each of them. Release ids
 * are r1, r2...: ordered by number (releaseOrder), not as text.
 */
export class HistoryFeed implements ReleaseFeed {
  constructor(private readonly current: () => Snapshot) {}

  newest(): string {
    return this.current().history.newestFirst[0]?.id ?? 'r0';
  }

  async releasesAfter(after: string): Promise<PublishedRelease[]> {
    const h = this.current().history;
    const from = releaseOrder(after);
    const out: PublishedRelease[] = [];
    for (const r of h.releases) {
      if (releaseOrder(r.id) <= from) continue;
      const changes = (await h.changesOf(r)).map(releaseChange);
      out.push({
        id: r.id,
        publishedAt: r.publishedAt,
        previous: r.previous,
        counts: r.counts,
        changes,
        links: { release: releasePath(r.id), changes: releaseChangesPath(r.id), health: PATHS.health },
      });
    }
    return out;
  }
}

/** A change of the history as the webhooks announce it, with links to the record and its versions. */
function releaseChange(c: Change): ReleaseChange {
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    sections: c.sections,
    fields: c.fields,
    versionBefore: c.before?.contentVersion ?? null,
    versionAfter: c.after?.contentVersion ?? null,
    replacedBy: c.replacedBy,
    links: { record: diseasePath(c.id), versions: versionsPath(c.id), ...(c.after ? { version: versionPath(c.id, c.after.version) } : {}) },
  };
}
