import type { OrphanDesignation } from '../ingest/types.ts';
import type { NameIndex } from './name-index.ts';
import { matchDesignation, type DesignationHits } from './text-links.ts';
import type { OrphanDrugStatus } from './types.ts';
import { orphanStatusFromFda } from './vocab.ts';

/** Linking figures of one OOPD export against the disease names (for the README and QC). */
export interface DesignationStats {
  rows: number;
  /** Distinct FDA designations (CF Grid Key; rows without one count alone). */
  designations: number;
  rowsByStatus: Record<string, number>;
  linkedRows: number;
  linkedRowsByStatus: Record<string, number>;
  linkedDesignations: number;
  /** Linked rows whose every link goes to one disease. */
  linkedToOneDisease: number;
  /** Linked rows where a matched name or synonym belongs to two diseases (linked to both). */
  ambiguousRows: number;
  /** Unlinked rows whose text matched only names or synonyms shared by more than two diseases. */
  rejectedAsAmbiguous: number;
  /** (row, disease) links, and by link method. */
  links: number;
  linksByMethod: Record<string, number>;
  diseasesWithAny: number;
  diseasesWithApproved: number;
  diseasesWithDesignatedOnly: number;
}

/** One (row, disease) link, for spot checks. */
export interface DesignationLink {
  row: OrphanDesignation;
  status: OrphanDrugStatus | 'unknown';
  mondoId: string;
  method: string;
  matchedText: string;
}

const bump = (m: Record<string, number>, k: string) => {
  m[k] = (m[k] ?? 0) + 1;
};

/** Link every row (as the build does) and count what linked, how, and to how many diseases. */
export function designationStats(rows: OrphanDesignation[], index: NameIndex): { stats: DesignationStats; links: DesignationLink[] } {
  const all: DesignationHits[] = rows.map((row) => matchDesignation(row, index));
  const stats: DesignationStats = {
    rows: rows.length,
    designations: new Set(rows.map((r) => r.designationKey ?? `row ${r.row}`)).size,
    rowsByStatus: {},
    linkedRows: 0,
    linkedRowsByStatus: {},
    linkedDesignations: 0,
    linkedToOneDisease: 0,
    ambiguousRows: 0,
    rejectedAsAmbiguous: 0,
    links: 0,
    linksByMethod: {},
    diseasesWithAny: 0,
    diseasesWithApproved: 0,
    diseasesWithDesignatedOnly: 0,
  };
  const links: DesignationLink[] = [];
  const linkedKeys = new Set<string>();
  const statusesOf = new Map<string, Set<string>>();
  for (const { row, hits, tooAmbiguous } of all) {
    const status = orphanStatusFromFda(row.designationStatus) ?? 'unknown';
    bump(stats.rowsByStatus, status);
    if (hits.length === 0) {
      if (tooAmbiguous.length > 0) stats.rejectedAsAmbiguous++;
      continue;
    }
    stats.linkedRows++;
    bump(stats.linkedRowsByStatus, status);
    linkedKeys.add(row.designationKey ?? `row ${row.row}`);
    const ids = new Set(hits.flatMap((h) => h.hit.ids));
    if (ids.size === 1) stats.linkedToOneDisease++;
    if (hits.some((h) => h.hit.ids.length > 1)) stats.ambiguousRows++;
    for (const { hit, method } of hits) {
      for (const mondoId of hit.ids) {
        links.push({ row, status, mondoId, method, matchedText: hit.text });
        bump(stats.linksByMethod, method);
        (statusesOf.get(mondoId) ?? statusesOf.set(mondoId, new Set()).get(mondoId)!).add(status);
      }
    }
  }
  stats.links = links.length;
  stats.linkedDesignations = linkedKeys.size;
  stats.diseasesWithAny = statusesOf.size;
  for (const s of statusesOf.values()) {
    if (s.has('approved')) stats.diseasesWithApproved++;
    else if (s.has('designated')) stats.diseasesWithDesignatedOnly++;
  }
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
