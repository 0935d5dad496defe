import { LRUCache } from 'lru-cache';
import type { Change, ReleaseEntry, ReleasesDoc } from '../contract/snapshot/history.ts';
import { LATEST_RELEASE, releaseNumber } from '../contract/api/releases.ts';
import type { ManifestEntry } from '../contract/snapshot/manifest.ts';
import { mergeChanges } from './merge-changes.ts';

/** Reads the identity bytes of a stored object (the snapshot's body reader). */
export type ObjectReader = (entry: ManifestEntry) => Promise<Buffer>;

/**
 * The release history of one snapshot (its releases.json), with the change lists it refers to
 * read on demand and kept parsed: a release's list once, a `since` merge once per range. Lists
 * are immutable, so neither cache is ever invalidated; a new snapshot brings a new instance.
 */
export class ReleaseHistory {
  /** Oldest first. */
  readonly releases: readonly ReleaseEntry[];
  readonly newestFirst: readonly ReleaseEntry[];
  /** Number of the oldest release kept (0 with no history). */
  readonly oldest: number;
  private readonly byNumber = new Map<number, ReleaseEntry>();
  private readonly lists = new LRUCache<string, Promise<Change[]>>({ max: 16 });
  private readonly merges = new LRUCache<string, Promise<Change[]>>({ max: 16 });

  constructor(
    doc: ReleasesDoc | null,
    private readonly read: ObjectReader,
  ) {
    this.releases = doc?.releases ?? [];
    this.newestFirst = [...this.releases].reverse();
    for (const r of this.releases) this.byNumber.set(releaseNumber(r.id), r);
    this.oldest = this.releases.length ? releaseNumber(this.releases[0].id) : 0;
  }

  /** A release by id or `latest`; undefined when it was never published or is no longer kept. */
  find(id: string): ReleaseEntry | undefined {
    return id === LATEST_RELEASE ? this.newestFirst[0] : this.byNumber.get(releaseNumber(id));
  }

  /** The change list of one release, sorted by Mondo id. */
  changesOf(release: ReleaseEntry): Promise<Change[]> {
    const hash = release.changes[0];
    let list = this.lists.get(hash);
    if (!list) {
      list = this.read(release.changes).then((bytes) => JSON.parse(bytes.toString('utf8')) as Change[]);
      // A failed read is not kept: the next request tries again.
      list.catch(() => this.lists.delete(hash));
      this.lists.set(hash, list);
    }
    return list;
  }

  /**
   * Whether every release after `since` up to `until` is kept, so that their changes can be merged.
   * `since` itself may be gone: only its successors are read.
   */
  covers(since: number): boolean {
    return this.oldest > 0 && since >= this.oldest - 1;
  }

  /** Every change after release `since` up to and including `until`, merged per disease. */
  changesBetween(since: number, until: ReleaseEntry): Promise<Change[]> {
    const last = releaseNumber(until.id);
    const key = `${since}-${last}`;
    let merged = this.merges.get(key);
    if (!merged) {
      const span = this.releases.filter((r) => {
        const n = releaseNumber(r.id);
        return n > since && n <= last;
      });
      merged = Promise.all(span.map((r) => this.changesOf(r))).then(mergeChanges);
      merged.catch(() => this.merges.delete(key));
      this.merges.set(key, merged);
    }
    return merged;
  }
}
