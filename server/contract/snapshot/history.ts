import type { ChangeKind } from '../api/releases.ts';
import type { ManifestEntry } from './manifest.ts';

/**
 * The history of the service as the build keeps it in dist/ and the server reads it back: the
 * published releases (releases.json of every snapshot), the change list of each release (a stored
 * object), and per disease the list of its versions (a stored body, manifest key `<id>/versions`)
 * and the record body of each version (manifest key `<id>/versions/<n>`, the very bytes served
 * while it was current). See route-map.ts for the keys and README "Releases and history".
 */

/** The release and files fingerprint of one source (null when the build has none for it). */
export interface SourceState {
  id: string;
  release: string;
  fingerprint: string | null;
}

/** One source of a release; `changed` when its files differ from the previous release's (always, in the first). */
export interface ReleaseSourceState extends SourceState {
  name: string;
  changed: boolean;
}

/** A version of a disease as a change refers to it. */
export interface VersionRef {
  version: number;
  contentVersion: string;
}

/**
 * One disease in a release's change list. `before` is the disease's version in the previous
 * release (null when it was not there), `after` its version in this one (null when removed).
 * `sections` and `fields` name what changed (empty for added and removed diseases).
 */
export interface Change {
  id: string;
  name: string;
  kind: ChangeKind;
  /** The release that made the change (with `since`, the latest of those merged). */
  release: string;
  sections: string[];
  fields: string[];
  before: VersionRef | null;
  after: VersionRef | null;
  /** For a removed disease: its replacement, or null; and the ids Mondo suggests to consider. */
  replacedBy: string | null;
  consider: string[];
}

export interface ChangeCounts {
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
}

/** One published release, as releases.json keeps it. */
export interface ReleaseEntry {
  id: string;
  publishedAt: string;
  /** The snapshot that first published this release. */
  snapshot: string;
  previous: string | null;
  code: { apiVersion: string; commit: string | null; inputFingerprint: string };
  sources: ReleaseSourceState[];
  counts: ChangeCounts;
  /** The stored change list: a JSON array of Change, sorted by Mondo id. */
  changes: ManifestEntry;
}

/** releases.json: the releases kept, oldest first, and the retention they were kept under. */
export interface ReleasesDoc {
  format: 1;
  /** HISTORY_KEEP of the build that wrote it; null keeps every release. */
  keep: number | null;
  releases: ReleaseEntry[];
}

/** What changed from the version before: sections, top-level fields and the sources underneath. */
export interface VersionChanges {
  sections: string[];
  fields: string[];
  sources: { id: string; from: Omit<SourceState, 'id'> | null; to: Omit<SourceState, 'id'> | null }[];
}

/** One version of a disease (an item of its stored version list). */
export interface DiseaseVersion {
  version: number;
  contentVersion: string;
  release: string;
  publishedAt: string;
  /** The ETag the record had while this version was current (and has at /versions/{version}). */
  etag: string;
  /** The contributing sources this version was built from. */
  sources: SourceState[];
  /** Null for the first version kept of a disease that has no earlier one. */
  changes: VersionChanges | null;
  links: { self: string; release: string };
}

/** The `data` of GET /diseases/{mondoId}/versions, stored per disease and rewritten when it changes. */
export interface DiseaseVersions {
  id: string;
  name: string;
  current: boolean;
  currentVersion: number | null;
  removed: { release: string; publishedAt: string; replacedBy: string | null; consider: string[] } | null;
  /** Newest first. */
  versions: DiseaseVersion[];
  links: { self: string; current: string | null };
}
