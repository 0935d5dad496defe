import { createHash } from 'node:crypto';
import type { DiseaseRecord } from '../record/record-types.ts';

/**
 * Per disease ever published (within the history kept): its latest content version and version
 * number, the date it last changed, a short hash per part, the versions kept with the release
 * that introduced each, and the release that removed it. content-index.json of every snapshot;
 * the next build reads it to number versions and to tell what changed.
 */
export interface ContentIndexEntry {
  v: string;
  changed: string;
  parts: Record<string, string>;
  /** Number of the latest version. */
  n: number;
  /** Versions kept, oldest first: [version number, number of the release that introduced it]. */
  hist: [number, number][];
  /** Number of the release that removed the disease; absent while it is current. */
  gone?: number;
}
export type ContentIndex = Record<string, ContentIndexEntry>;

/** A disease whose content is new in this build, and what changed from its version before. */
export interface NewVersion {
  id: string;
  before: ContentIndexEntry | null;
  sections: string[];
  fields: string[];
}

/** What this build does to each disease, against the previous history. */
export interface VersionDiff {
  /** Not current before (never seen, or removed earlier and back now). */
  added: NewVersion[];
  changed: NewVersion[];
  /** Current before, gone now. */
  removed: string[];
  unchanged: number;
}

const short = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 12);
const SECTION = 'sections/';

/**
 * Hash each part of a record (every field but metadata's own version fields, and each section)
 * and its whole content version. Pure: the same content always yields the same versions.
 */
export function versionRecord(r: DiseaseRecord): { version: string; parts: Record<string, string> } {
  const parts: Record<string, string> = {};
  for (const [k, v] of Object.entries(r)) {
    if (k === 'sections') continue;
    if (k === 'metadata') {
      const { contentVersion: _v, version: _n, lastChanged: _c, links: _l, ...rest } = r.metadata;
      parts.metadata = short(JSON.stringify(rest));
    } else parts[k] = short(JSON.stringify(v));
  }
  for (const [k, s] of Object.entries(r.sections)) parts[SECTION + k] = short(JSON.stringify(s));
  return { version: short(JSON.stringify(parts)), parts };
}

/** Sections and top-level fields whose part hashes differ. */
export function changedParts(before: Record<string, string>, after: Record<string, string>): { sections: string[]; fields: string[] } {
  const diff = Object.keys({ ...before, ...after })
    .filter((k) => before[k] !== after[k])
    .sort();
  return {
    sections: diff.filter((k) => k.startsWith(SECTION)).map((k) => k.slice(SECTION.length)),
    fields: diff.filter((k) => !k.startsWith(SECTION)),
  };
}

/**
 * Stamp each record's metadata with its content version, version number and the date it last
 * changed, numbering on from `previous` (null: a fresh history, every disease at version 1), and
 * say what changed. New versions are introduced by release number `release`; `today` is its date.
 */
export function stampVersions(
  records: DiseaseRecord[],
  previous: ContentIndex | null,
  release: number,
  today: string,
): { index: ContentIndex; diff: VersionDiff } {
  const index: ContentIndex = {};
  const diff: VersionDiff = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const r of records) {
    const { version, parts } = versionRecord(r);
    const prev = previous?.[r.id] ?? null;
    let entry: ContentIndexEntry;
    if (prev && prev.gone === undefined && prev.v === version) {
      entry = prev;
      diff.unchanged++;
    } else {
      const n = prev ? prev.n + 1 : 1;
      entry = { v: version, changed: today, parts, n, hist: [...(prev?.hist ?? []), [n, release]] };
      const what = prev ? changedParts(prev.parts, parts) : { sections: [], fields: [] };
      (prev && prev.gone === undefined ? diff.changed : diff.added).push({ id: r.id, before: prev, ...what });
    }
    r.metadata.contentVersion = entry.v;
    r.metadata.version = entry.n;
    r.metadata.lastChanged = entry.changed;
    index[r.id] = entry;
  }
  // Diseases no longer current keep their entry: their history stays, and numbering goes on if they return.
  for (const [id, e] of Object.entries(previous ?? {})) {
    if (index[id]) continue;
    if (e.gone === undefined) diff.removed.push(id);
    index[id] = e.gone === undefined ? { ...e, gone: release } : e;
  }
  diff.removed.sort();
  return { index: sortById(index), diff };
}

function sortById(index: ContentIndex): ContentIndex {
  return Object.fromEntries(Object.entries(index).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
