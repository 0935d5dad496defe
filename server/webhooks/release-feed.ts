/**
 * The event source of webhooks: published releases, each a release id plus its list of changes.
 * history-feed.ts reads them from the release history of the served snapshot.
 */

export type ChangeKind = 'added' | 'changed' | 'removed';

/** One disease a release added, changed or removed. */
export interface ReleaseChange {
  /** Mondo id. */
  id: string;
  /** The disease's name (for a removed one, its last name); null when no longer known. */
  name: string | null;
  kind: ChangeKind;
  /** Content sections that changed (changed only). */
  sections: string[];
  /** Top-level record fields that changed (changed only). */
  fields: string[];
  /** Content version before the release (null when added) and after it (null when removed). */
  versionBefore: string | null;
  versionAfter: string | null;
  /** For a removed disease obsoleted with a single replacement: that Mondo id. */
  replacedBy: string | null;
  /** Where to read about it (API paths), by name: `record`, `versions` and (unless removed) `version`, the one it reached. */
  links: Record<string, string>;
}

/** A published release and everything it changed. */
export interface PublishedRelease {
  id: string;
  publishedAt: string;
  /** The release it is compared with; null for the first. */
  previous: string | null;
  counts: { added: number; changed: number; removed: number; unchanged: number };
  changes: ReleaseChange[];
  /** Where to read about the release (API paths), by name: `release`, `changes` and `health`. */
  links: Record<string, string>;
}

/** Where releases come from. Release ids order by publication (releaseOrder in server/contract/snapshot/history.ts). */
export interface ReleaseFeed {
  /** The newest published release id. */
  newest(): string;
  /**
   * Releases published after `after`, oldest first. A feed that keeps only the newest release's
   * changes returns at most that one (its `previous` then says what it was compared with).
   */
  releasesAfter(after: string): Promise<PublishedRelease[]>;
}
