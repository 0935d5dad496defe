import { createHash } from 'node:crypto';
import type { Changelog } from '../../server/contract/changelog.ts';
import type { DiseaseRecord } from '../record/types.ts';

export type { Changelog };

/** Per record: content version, date last changed, and a short hash per top-level part and section. */
export interface ContentIndexEntry { v: string; changed: string; parts: Record<string, string> }
export type ContentIndex = Record<string, ContentIndexEntry>;

const short = (s: string) => createHash('sha256').update(s).digest('base64url').slice(0, 12);

/**
 * Hash each part of a record (every field but metadata's own version fields, and each section)
 * and its whole content version. Pure: the same content always yields the same versions.
 */
export function versionRecord(r: DiseaseRecord): { version: string; parts: Record<string, string> } {
  const parts: Record<string, string> = {};
  for (const [k, v] of Object.entries(r)) {
    if (k === 'sections') continue;
    if (k === 'metadata') {
      const { contentVersion: _v, lastChanged: _c, ...rest } = r.metadata;
      parts.metadata = short(JSON.stringify(rest));
    } else parts[k] = short(JSON.stringify(v));
  }
  for (const [k, s] of Object.entries(r.sections)) parts['sections/' + k] = short(JSON.stringify(s));
  return { version: short(JSON.stringify(parts)), parts };
}

/**
 * Stamp each record's metadata with its content version and the date it last changed (carried
 * over from the previous snapshot when the content is identical), and list what changed.
 */
export function applyVersions(records: DiseaseRecord[], previous: ContentIndex | null, fromSnapshot: string | null, toSnapshot: string, builtAt: string): { index: ContentIndex; changelog: Changelog } {
  const today = builtAt.slice(0, 10);
  const index: ContentIndex = {};
  const log: Changelog = { from: fromSnapshot, to: toSnapshot, builtAt, added: [], changed: [], removed: [], counts: { added: 0, changed: 0, removed: 0, unchanged: 0 } };
  for (const r of records) {
    const { version, parts } = versionRecord(r);
    const prev = previous?.[r.id];
    const changed = prev && prev.v === version ? prev.changed : today;
    r.metadata.contentVersion = version;
    r.metadata.lastChanged = changed;
    index[r.id] = { v: version, changed, parts };
    if (!previous) continue;
    if (!prev) log.added.push({ id: r.id, contentVersion: version });
    else if (prev.v !== version) {
      const diff = Object.keys({ ...parts, ...prev.parts }).filter((k) => parts[k] !== prev.parts[k]).sort();
      log.changed.push({ id: r.id, contentVersion: version, previousVersion: prev.v, sections: diff.filter((k) => k.startsWith('sections/')).map((k) => k.slice(9)), fields: diff.filter((k) => !k.startsWith('sections/')) });
    } else log.counts.unchanged++;
  }
  if (previous) for (const [id, e] of Object.entries(previous)) if (!index[id]) log.removed.push({ id, previousVersion: e.v });
  log.counts.added = log.added.length;
  log.counts.changed = log.changed.length;
  log.counts.removed = log.removed.length;
  return { index, changelog: log };
}
