import type { DiseaseRecord } from '../record/record-types.ts';
import { envelope } from '../../server/contract/api/envelope.ts';
import type { DiseaseVersion, DiseaseVersions, SourceState, VersionChanges } from '../../server/contract/snapshot/history.ts';
import { etagOf, type ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import type { ReleaseSource } from '../../server/contract/snapshot/release.ts';
import { diseasePath, releasePath, versionPath, versionsPath } from '../../server/contract/api/paths.ts';
import type { ObjectStore } from './object-store.ts';

/**
 * The stored version list of one disease (`GET /diseases/{mondoId}/versions`): read back from the
 * object store to append to it, and written again only when the disease changes.
 */

/** The `data` of a stored version list. */
export function readVersions(store: ObjectStore, entry: ManifestEntry): DiseaseVersions {
  return (JSON.parse(store.read(entry[0]).toString('utf8')) as { data: DiseaseVersions }).data;
}

/** Store a version list; resolves to its manifest entry. */
export function storeVersions(store: ObjectStore, doc: DiseaseVersions): Promise<ManifestEntry> {
  return store.put(envelope(doc));
}

/** The sources a record says it was built from, with this build's fingerprint of each. */
export function recordSources(r: DiseaseRecord, sources: ReadonlyMap<string, ReleaseSource>): SourceState[] {
  return r.metadata.sources.map((s) => ({ id: s.source, release: s.release, fingerprint: sources.get(s.source)?.fingerprint ?? null }));
}

/** The sources whose release or files differ between two versions (one missing counts). */
export function sourceChanges(before: SourceState[], after: SourceState[]): VersionChanges['sources'] {
  const was = new Map(before.map((s) => [s.id, s]));
  const is = new Map(after.map((s) => [s.id, s]));
  const state = (s: SourceState | undefined) => (s ? { release: s.release, fingerprint: s.fingerprint } : null);
  return [...new Set([...was.keys(), ...is.keys()])]
    .sort()
    .filter((id) => was.get(id)?.release !== is.get(id)?.release || was.get(id)?.fingerprint !== is.get(id)?.fingerprint)
    .map((id) => ({ id, from: state(was.get(id)), to: state(is.get(id)) }));
}

/** The list item of a new version of a disease. */
export function versionItem(
  id: string,
  version: number,
  contentVersion: string,
  release: { id: string; publishedAt: string },
  entry: ManifestEntry,
  sources: SourceState[],
  changes: VersionChanges | null,
): DiseaseVersion {
  return {
    version,
    contentVersion,
    release: release.id,
    publishedAt: release.publishedAt,
    etag: etagOf(entry),
    sources,
    changes,
    links: { self: versionPath(id, version), release: releasePath(release.id) },
  };
}

/** A version list with a new current version on top. */
export function withNewVersion(doc: DiseaseVersions | null, r: DiseaseRecord, item: DiseaseVersion): DiseaseVersions {
  return {
    id: r.id,
    name: r.name,
    current: true,
    currentVersion: item.version,
    removed: null,
    versions: [item, ...(doc?.versions ?? [])],
    links: { self: versionsPath(r.id), current: diseasePath(r.id) },
  };
}

/** A version list of a disease that is no longer current. */
export function asRemoved(doc: DiseaseVersions, removed: NonNullable<DiseaseVersions['removed']>): DiseaseVersions {
  return { ...doc, current: false, currentVersion: null, removed, links: { ...doc.links, current: null } };
}
