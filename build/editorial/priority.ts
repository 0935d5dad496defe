import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PublishedRecord, PublishedRecords } from './published-records.ts';

/**
 * The order in which diseases get editorial content: what clinicians read most first. A disease
 * takes the first group it qualifies for; within a group the order is the tie-break named.
 *   0 `well-known`: the well-known lists of the blinded readings (content/qc/well-known.json), in
 *     list order: the textbook diseases readers chose, and the ones every reading grades;
 *   1 `newborn-screening`: a condition of the RUSP panel (content/curated/rusp.tsv, each row's
 *     class), core before secondary, then panel order;
 *   2 `approved-orphan-product`: an FDA orphan designation for the disease itself (relation
 *     `exact`) that was approved for marketing; more such products first, then name;
 *   3 `genereviews`: the record links a GeneReviews chapter; more common first (prevalence
 *     category), then name.
 * The first tranche is the first TRANCHE_SIZE diseases of this order.
 */
export const PRIORITY_RULE =
  'Editorial priority: (0) the well-known lists of the blinded readings, in list order; (1) the conditions of the RUSP newborn-screening panel, core before secondary; (2) diseases with an FDA orphan designation for the disease itself that was approved for marketing, more such products first; (3) diseases whose records link a GeneReviews chapter, more common first. A disease takes the first group it qualifies for; ties go by name.';

/** The first tranche covers at least this many diseases (issue 37). */
export const TRANCHE_SIZE = 300;

export const PRIORITY_GROUPS = ['well-known', 'newborn-screening', 'approved-orphan-product', 'genereviews'] as const;
export type PriorityGroup = (typeof PRIORITY_GROUPS)[number];

/** One disease in priority order. */
export interface PriorityEntry {
  rank: number;
  mondoId: string;
  name: string;
  group: PriorityGroup;
  /** Why it is in its group, in a few words (the list, the panel row, the products). */
  why: string;
  inTranche: boolean;
}

const PREVALENCE_ORDER = ['common', 'uncommon', 'rare', 'very-rare', 'ultra-rare', 'unknown'];

/** Approved orphan products (distinct trade or generic names) designated for the disease itself. */
function approvedOwnProducts(r: PublishedRecord): string[] {
  const names = new Set<string>();
  for (const d of r.orphanDrugs ?? []) {
    if (d.relation === 'exact' && (d.approvals?.length ?? 0) > 0) names.add(d.tradeName ?? d.genericName);
  }
  return [...names].sort();
}

/** The well-known lists, flattened in list order. */
export function readWellKnown(contentDir: string): { mondoId: string; name: string; list: string }[] {
  const doc = JSON.parse(readFileSync(join(contentDir, 'qc', 'well-known.json'), 'utf8')) as { lists: Record<string, [string, string][]> };
  return Object.entries(doc.lists).flatMap(([list, rows]) => rows.map(([mondoId, name]) => ({ mondoId, name, list })));
}

/** RUSP rows' classes, core first, in panel order. */
function readPanel(contentDir: string): { mondoId: string; why: string }[] {
  const [head, ...rows] = readFileSync(join(contentDir, 'curated', 'rusp.tsv'), 'utf8')
    .split('\n')
    .filter(Boolean);
  const col = head.split('\t');
  const at = (row: string[], name: string) => row[col.indexOf(name)];
  const parsed = rows.map((line) => line.split('\t'));
  const ordered = [...parsed.filter((r) => at(r, 'panel') === 'core'), ...parsed.filter((r) => at(r, 'panel') !== 'core')];
  return ordered.map((r) => ({ mondoId: at(r, 'mondo_id'), why: `RUSP ${at(r, 'panel')}: ${at(r, 'acronym')}` }));
}

/** The whole priority order over the served records (PRIORITY_RULE). */
export function priorityOrder(records: PublishedRecords, contentDir: string): PriorityEntry[] {
  const out: Omit<PriorityEntry, 'rank' | 'inTranche'>[] = [];
  const taken = new Set<string>();
  const take = (mondoId: string, group: PriorityGroup, why: string) => {
    if (taken.has(mondoId)) return;
    const r = records.get(mondoId);
    if (!r) return;
    taken.add(mondoId);
    out.push({ mondoId, name: r.name, group, why });
  };
  for (const w of readWellKnown(contentDir)) take(w.mondoId, 'well-known', `well-known list ${w.list}`);
  for (const p of readPanel(contentDir)) take(p.mondoId, 'newborn-screening', p.why);
  const approved: { id: string; name: string; products: string[] }[] = [];
  const reviewed: { id: string; name: string; prevalence: number }[] = [];
  for (const id of records.ids) {
    if (taken.has(id)) continue;
    const r = records.get(id);
    if (!r) continue;
    const products = approvedOwnProducts(r);
    if (products.length > 0) approved.push({ id, name: r.name, products });
    else if (r.resources?.geneReviews) reviewed.push({ id, name: r.name, prevalence: PREVALENCE_ORDER.indexOf(r.prevalenceCategory) });
  }
  approved.sort((a, b) => b.products.length - a.products.length || a.name.localeCompare(b.name));
  for (const a of approved) take(a.id, 'approved-orphan-product', `approved: ${a.products.join(', ')}`);
  reviewed.sort((a, b) => a.prevalence - b.prevalence || a.name.localeCompare(b.name));
  for (const g of reviewed) take(g.id, 'genereviews', 'GeneReviews chapter');
  return out.map((e, i) => ({ ...e, rank: i + 1, inTranche: i < TRANCHE_SIZE }));
}
