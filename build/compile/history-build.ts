import type { DiseaseRecord, ObsoleteEntry } from '../record/record-types.ts';
import type { Change, ReleaseEntry, ReleaseSourceState, ReleasesDoc } from '../../server/contract/snapshot/history.ts';
import { releaseId } from '../../server/contract/api/releases.ts';
import type { Manifest, ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import type { ReleaseSource } from '../../server/contract/snapshot/release.ts';
import { historyKeyOf, versionKey, versionsKey } from '../../server/contract/snapshot/route-map.ts';
import type { ContentIndex, NewVersion, VersionDiff } from './content-versions.ts';
import { applyRetention, type Pruned } from './history-retention.ts';
import type { ObjectStore } from './object-store.ts';
import { asRemoved, readVersions, recordSources, sourceChanges, storeVersions, versionItem, withNewVersion } from './version-docs.ts';
import { sourceChanged } from './fingerprint.ts';

/** What the history step needs from the build. */
export interface HistoryInput {
  store: ObjectStore;
  /** Records stamped by stampVersions(). */
  records: DiseaseRecord[];
  /** This build's manifest entries (the record body of each disease under its id). */
  entries: Record<string, ManifestEntry>;
  obsoletes: ObsoleteEntry[];
  index: ContentIndex;
  diff: VersionDiff;
  /** The published snapshot's manifest and history; null releases: a fresh history. */
  previous: { manifest: Manifest | null; releases: ReleasesDoc | null };
  /** The release this build publishes if anything changed; `number` follows the previous one. */
  release: { number: number; publishedAt: string; snapshot: string; code: ReleaseEntry['code']; sources: ReleaseSource[] };
  keep: number | null;
}

export interface HistoryResult {
  /** Manifest entries of every version list and version body kept. */
  entries: Record<string, ManifestEntry>;
  releases: ReleasesDoc;
  /** The new release; null when nothing changed (the history is carried over as it was). */
  published: ReleaseEntry | null;
  pruned: Pruned;
}

/** How many stores may be in flight before waiting (as compileBodies does). */
const BATCH = 256;

/**
 * Append this build to the history: a new release when a disease was added, changed or removed or
 * a source changed (or the history is fresh); for each disease with a new version, its version
 * list with the new version on top and its record body under `<id>/versions/<n>`; for each removed
 * one, its list marked removed; the release's change list as an object. Everything else is carried
 * over from the previous manifest untouched. Then HISTORY_KEEP retention.
 */
export async function buildHistory(h: HistoryInput): Promise<HistoryResult> {
  const previous = h.previous.releases?.releases ?? [];
  const last = previous.at(-1) ?? null;
  const entries = carriedEntries(h.previous.manifest);
  const sources = releaseSources(h.release.sources, last);
  const { added, changed, removed, unchanged } = h.diff;
  const publish = !last || added.length + changed.length + removed.length > 0 || sources.some((s) => s.changed);
  let releases = previous;
  let published: ReleaseEntry | null = null;
  if (publish) {
    const rel = { id: releaseId(h.release.number), publishedAt: h.release.publishedAt };
    const changes = await appendVersions(h, entries, rel);
    // The server reads change lists and sends pages cut from them: no compressed variants.
    const list = await h.store.put(Buffer.from(JSON.stringify(changes)), undefined, false);
    published = {
      id: rel.id,
      publishedAt: rel.publishedAt,
      snapshot: h.release.snapshot,
      previous: last?.id ?? null,
      code: h.release.code,
      sources,
      counts: { added: added.length, changed: changed.length, removed: removed.length, unchanged },
      changes: list,
    };
    releases = [...previous, published];
  }
  const retained = await applyRetention(h.keep, releases, h.index, entries, h.store);
  return {
    entries: sortKeys(entries),
    releases: { format: 1, keep: h.keep, releases: retained.releases },
    published,
    pruned: retained.pruned,
  };
}

/** Store the new version lists and return the release's change list, sorted by Mondo id. */
async function appendVersions(
  h: HistoryInput,
  entries: Record<string, ManifestEntry>,
  rel: { id: string; publishedAt: string },
): Promise<Change[]> {
  const byId = new Map(h.records.map((r) => [r.id, r]));
  const sourceById = new Map(h.release.sources.map((s) => [s.id, s]));
  const listOf = (id: string) => (entries[versionsKey(id)] ? readVersions(h.store, entries[versionsKey(id)]) : null);
  const changes: Change[] = [];
  const pending: Promise<void>[] = [];
  const store = async (id: string, doc: Parameters<typeof storeVersions>[1]) => {
    pending.push(
      storeVersions(h.store, doc).then((e) => {
        entries[versionsKey(id)] = e;
      }),
    );
    if (pending.length >= BATCH) await Promise.all(pending.splice(0));
  };
  const newVersions: [NewVersion, 'added' | 'changed'][] = [
    ...h.diff.added.map((v): [NewVersion, 'added'] => [v, 'added']),
    ...h.diff.changed.map((v): [NewVersion, 'changed'] => [v, 'changed']),
  ];
  for (const [nv, kind] of newVersions) {
    const r = byId.get(nv.id)!;
    const body = h.entries[r.id];
    const doc = listOf(r.id);
    const srcs = recordSources(r, sourceById);
    const before = doc?.versions[0] ?? null;
    const what = nv.before
      ? { sections: nv.sections, fields: nv.fields, sources: before ? sourceChanges(before.sources, srcs) : [] }
      : null;
    const item = versionItem(r.id, r.metadata.version, r.metadata.contentVersion, rel, body, srcs, what);
    entries[versionKey(r.id, item.version)] = body;
    await store(r.id, withNewVersion(doc, r, item));
    changes.push({
      id: r.id,
      name: r.name,
      kind,
      release: rel.id,
      sections: kind === 'changed' ? nv.sections : [],
      fields: kind === 'changed' ? nv.fields : [],
      before: kind === 'changed' && nv.before ? { version: nv.before.n, contentVersion: nv.before.v } : null,
      after: { version: item.version, contentVersion: item.contentVersion },
      replacedBy: null,
      consider: [],
    });
  }
  const obsolete = new Map(h.obsoletes.map((o) => [o.id, o]));
  for (const id of h.diff.removed) {
    const e = h.index[id];
    const o = obsolete.get(id);
    const doc = listOf(id);
    const replacedBy = o?.replacedBy ?? null;
    const consider = o?.consider ?? [];
    if (doc) await store(id, asRemoved(doc, { release: rel.id, publishedAt: rel.publishedAt, replacedBy, consider }));
    changes.push({
      id,
      name: doc?.name ?? o?.label ?? '',
      kind: 'removed',
      release: rel.id,
      sections: [],
      fields: [],
      before: { version: e.n, contentVersion: e.v },
      after: null,
      replacedBy,
      consider,
    });
  }
  await Promise.all(pending);
  return changes.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every history entry of the previous manifest (version lists and version bodies). */
function carriedEntries(manifest: Manifest | null): Record<string, ManifestEntry> {
  const out: Record<string, ManifestEntry> = {};
  if (manifest) for (const [key, e] of Object.entries(manifest.entries)) if (historyKeyOf(key)) out[key] = e;
  return out;
}

/** This build's sources, each marked changed when its files differ from the previous release's. */
function releaseSources(sources: ReleaseSource[], last: ReleaseEntry | null): ReleaseSourceState[] {
  return sources.map((s) => {
    const before = last?.sources.find((p) => p.id === s.id);
    return {
      id: s.id,
      name: s.name,
      release: s.release,
      fingerprint: s.fingerprint,
      changed: sourceChanged(before, s.fingerprint),
    };
  });
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The build log's line about the release this build published (or why it published none). */
export function releaseLine(history: HistoryResult): string {
  const p = history.published;
  if (!p) return `  no new release: no disease and no source changed (latest ${history.releases.releases.at(-1)?.id})`;
  const changed = p.sources.filter((s) => s.changed).map((s) => s.id);
  return `  release ${p.id}: ${p.counts.added} added, ${p.counts.changed} changed, ${p.counts.removed} removed, ${p.counts.unchanged} unchanged; sources changed: ${changed.join(', ') || 'none'}`;
}
