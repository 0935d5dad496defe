import type { OrphanDesignation } from '../ingest/source-types.ts';
import type { NameIndex } from './name-index.ts';
import { QcReport } from './qc.ts';
import { linkDesignations } from './text-links.ts';
import type { OrphanDrugEntry } from './record-types.ts';
import { orphanStatusFromFda } from './vocab-mapping.ts';

/** Linking figures of one OOPD export against the disease names (for the README and QC). */
export interface DesignationStats {
  rows: number;
  /** Distinct FDA designations (CF Grid Key; rows without one count alone). */
  designations: number;
  rowsByStatus: Record<string, number>;
  /** Designations linked to at least one disease, and by status. */
  linkedDesignations: number;
  linkedDesignationsByStatus: Record<string, number>;
  /** Linked designations whose every link goes to one disease. */
  linkedToOneDisease: number;
  /** (designation, disease) entries, and by the field and method of their first link. */
  links: number;
  linksByMethod: Record<string, number>;
  linksByField: Record<string, number>;
  /** Entries linked through the approved labeled indication only. */
  linksByIndicationOnly: number;
  diseasesWithAny: number;
  diseasesWithApproved: number;
  diseasesWithDesignatedOnly: number;
}

/** One (designation, disease) entry as the build lists it, for spot checks. */
export interface DesignationLink {
  entry: OrphanDrugEntry;
  mondoId: string;
}

/** Columns of content/qc/designation-spot-check.tsv; the report writes all but the last two (the hand verdict and its reason). */
export const SPOT_CHECK_COLUMNS = [
  'n',
  'fda_key',
  'generic_name',
  'designation',
  'approved_indication',
  'status',
  'mondo_id',
  'disease',
  'links',
  'verdict',
  'reasoning',
] as const;

const bump = (m: Record<string, number>, k: string) => {
  m[k] = (m[k] ?? 0) + 1;
};

/**
 * Link every designation exactly as the build does (linkDesignations) and count what linked, how,
 * and to how many diseases. Links are in a stable order (FDA page, then Mondo id) for sampling.
 */
export function designationStats(rows: OrphanDesignation[], index: NameIndex): { stats: DesignationStats; links: DesignationLink[] } {
  const byDisease = linkDesignations(rows, index, 'report', new QcReport());
  const stats: DesignationStats = {
    rows: rows.length,
    designations: new Set(rows.map((r) => r.designationKey ?? `row ${r.row}`)).size,
    rowsByStatus: {},
    linkedDesignations: 0,
    linkedDesignationsByStatus: {},
    linkedToOneDisease: 0,
    links: 0,
    linksByMethod: {},
    linksByField: {},
    linksByIndicationOnly: 0,
    diseasesWithAny: byDisease.size,
    diseasesWithApproved: 0,
    diseasesWithDesignatedOnly: 0,
  };
  for (const r of rows) bump(stats.rowsByStatus, orphanStatusFromFda(r.designationStatus) ?? 'unknown');
  const links: DesignationLink[] = [];
  const diseasesOf = new Map<string, { status: string; ids: Set<string> }>();
  for (const [mondoId, entries] of byDisease) {
    if (entries.some((e) => e.status === 'approved')) stats.diseasesWithApproved++;
    else if (entries.some((e) => e.status === 'designated')) stats.diseasesWithDesignatedOnly++;
    for (const entry of entries) {
      links.push({ entry, mondoId });
      bump(stats.linksByMethod, entry.link.method);
      bump(stats.linksByField, entry.link.field);
      if (entry.links.every((l) => l.field === 'approvedIndication')) stats.linksByIndicationOnly++;
      const key = entry.fdaUrl ?? `${entry.genericName}\u0000${entry.designation}`;
      const d = diseasesOf.get(key) ?? diseasesOf.set(key, { status: entry.status, ids: new Set() }).get(key)!;
      d.ids.add(mondoId);
    }
  }
  stats.links = links.length;
  stats.linkedDesignations = diseasesOf.size;
  for (const d of diseasesOf.values()) {
    bump(stats.linkedDesignationsByStatus, d.status);
    if (d.ids.size === 1) stats.linkedToOneDisease++;
  }
  links.sort((a, b) => (a.entry.fdaUrl ?? '').localeCompare(b.entry.fdaUrl ?? '') || a.mondoId.localeCompare(b.mondoId));
  return { stats, links };
}

/** `n` items drawn without replacement by a seeded generator (mulberry32), so a spot check can be redrawn exactly. */
export function seededSample<T>(items: readonly T[], n: number, seed: number): T[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pool = [...items];
  const out: T[] = [];
  for (let i = 0; i < n && pool.length > 0; i++) out.push(pool.splice(Math.floor(next() * pool.length), 1)[0]);
  return out;
}
