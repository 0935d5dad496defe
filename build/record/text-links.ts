import type { OrphanDesignation } from '../ingest/source-types.ts';
import { closestRelation } from './designation-relation.ts';
import { COVERS, approvalCovers } from './approval-cover.ts';
import { type SynonymScopeLookup, designationLinks } from './designation-links.ts';
import type { OwnFacts } from './relation-scope.ts';
import type { NameIndex } from './name-index.ts';
import type { QcReport } from './qc.ts';
import type { OrphanDrugEntry, OrphanDrugStatus } from './record-types.ts';
import { ORPHAN_DRUG_STATUSES } from '../../server/contract/api/vocab.ts';
import { type Repaired, repairText } from './text-repair.ts';
import { orphanStatusFromFda } from './vocab-mapping.ts';

const STATUS_RANK: Record<OrphanDrugStatus, number> = Object.fromEntries(ORPHAN_DRUG_STATUSES.map((s, i) => [s, i])) as Record<
  OrphanDrugStatus,
  number
>;

/** The date an item is ordered by within its status: approval, designation, or withdrawal (else designation). */
function sortDate(d: OrphanDrugEntry): string {
  if (d.status === 'approved') return d.marketingApprovalDate ?? '';
  if (d.status === 'withdrawn') return d.dateWithdrawn ?? d.dateDesignated ?? '';
  return d.dateDesignated ?? '';
}

/**
 * List order of a disease's designations: approved first (newest approval first), then those
 * designated and in force (newest designation first), then withdrawn or revoked ones (newest
 * withdrawal first); ties by generic name, then designation date, then FDA key.
 */
export function compareOrphanDrugs(a: OrphanDrugEntry, b: OrphanDrugEntry): number {
  return (
    STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
    sortDate(b).localeCompare(sortDate(a)) ||
    a.genericName.localeCompare(b.genericName) ||
    (b.dateDesignated ?? '').localeCompare(a.dateDesignated ?? '') ||
    (a.fdaUrl ?? '').localeCompare(b.fdaUrl ?? '')
  );
}

/** The FDA database page of a designation, by its CF Grid Key. */
export function fdaDesignationUrl(key: string | null): string | null {
  return key === null ? null : `https://www.accessdata.fda.gov/scripts/opdlisting/oopd/detailedIndex.cfm?cfgridkey=${key}`;
}

/** Rows of one FDA designation: those sharing a CF Grid Key (one row per approved indication); a row without a key stands alone. */
function byDesignation(rows: OrphanDesignation[]): OrphanDesignation[][] {
  const groups = new Map<string, OrphanDesignation[]>();
  for (const row of rows) {
    const key = row.designationKey ?? `row ${row.row}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(row);
  }
  return [...groups.values()];
}

/**
 * Link FDA orphan designations (every status) to diseases by their designation text and their
 * approved labeled indications (see {@link matchDesignation}): one entry per designation and
 * disease, with every link that named the disease and every approval. Unmatched designations and
 * unknown status wording go to the QC report. Lists are in {@link compareOrphanDrugs} order.
 */
export function linkDesignations(
  rawRows: OrphanDesignation[],
  index: NameIndex,
  release: string,
  qc: QcReport,
  scopeOf: SynonymScopeLookup = () => null,
  ownOf: (id: string) => OwnFacts = () => ({}),
): Map<string, OrphanDrugEntry[]> {
  const out = new Map<string, OrphanDrugEntry[]>();
  const repairs = new Map<OrphanDesignation, TextRepair[]>();
  const rows = rawRows.map((raw) => repairRow(raw, repairs));
  for (const group of byDesignation(rows)) {
    const known = group.filter((row) => {
      if (orphanStatusFromFda(row.designationStatus) !== undefined) return true;
      qc.warn(
        'unknown-designation-status',
        null,
        'fda-oopd',
        `row ${row.row}: status "${row.designationStatus}" (${row.genericName}) is not a known FDA wording; not linked`,
      );
      return false;
    });
    if (known.length === 0) continue;
    // The newest approval first: its row gives the entry's single-approval fields.
    known.sort((a, b) => (b.marketingApprovalDate ?? '').localeCompare(a.marketingApprovalDate ?? '') || a.row - b.row);
    const head = known[0];
    // The designation's status: withdrawn when any of its rows says so (it applies to every approval), else approved when any is.
    const statuses = new Set(known.map((r) => orphanStatusFromFda(r.designationStatus)!));
    const status: OrphanDrugStatus = statuses.has('withdrawn') ? 'withdrawn' : statuses.has('approved') ? 'approved' : 'designated';
    const { links, approvals: approvalLinks } = designationLinks(known, index, scopeOf, ownOf);
    if (links.size === 0) {
      qc.warn(
        'unmatched-designation',
        null,
        'fda-oopd',
        `row ${head.row}: "${head.designation}" (${head.genericName}) matched no disease name or synonym`,
      );
      continue;
    }
    const approvals = known
      .filter((r) => r.marketingApprovalDate !== null || r.approvedIndication !== null)
      .map((r) => ({ indication: r.approvedIndication, date: r.marketingApprovalDate, exclusivityEndDate: r.exclusivityEndDate }));
    const textRepairs = known.flatMap((r) => repairs.get(r) ?? []).filter((x, i, all) => all.findIndex((y) => y.raw === x.raw) === i);
    for (const [id, list] of links) {
      const relation = closestRelation(list.map((l) => l.relation));
      const entry: OrphanDrugEntry = {
        genericName: head.genericName,
        tradeName: head.tradeName,
        status,
        designation: head.designation,
        dateDesignated: head.dateDesignated,
        dateWithdrawn: head.dateWithdrawn,
        approvedIndication: head.approvedIndication,
        marketingApprovalDate: head.marketingApprovalDate,
        exclusivityEndDate: head.exclusivityEndDate,
        sponsor: head.sponsor,
        designationStatus: head.designationStatus,
        fdaUrl: fdaDesignationUrl(head.designationKey),
        relation,
        covers: COVERS[relation],
        approvalCovers: approvalCovers(id, status === 'approved', list, approvalLinks, index),
        link: list[0],
        links: list,
        approvals,
        textRepairs,
        provenance: { source: 'fda-oopd', release },
      };
      (out.get(id) ?? out.set(id, []).get(id)!).push(entry);
    }
  }
  for (const list of out.values()) list.sort(compareOrphanDrugs);
  return out;
}

export type { SynonymScopeLookup } from './designation-links.ts';
export { matchDesignation } from './designation-match.ts';

/** A repaired FDA text of an entry: which field, the raw value and the rules applied (TEXT_REPAIR_RULE). */
export type TextRepair = OrphanDrugEntry['textRepairs'][number];

const REPAIRED_FIELDS = ['genericName', 'tradeName', 'designation', 'approvedIndication', 'sponsor'] as const;

/** A row with its texts repaired by TEXT_REPAIR_RULE; what changed goes to `repairs`. */
function repairRow(raw: OrphanDesignation, repairs: Map<OrphanDesignation, TextRepair[]>): OrphanDesignation {
  let row = raw;
  const done: TextRepair[] = [];
  for (const field of REPAIRED_FIELDS) {
    const value = raw[field];
    if (value === null || !value.includes('¿')) continue;
    const r: Repaired = repairText(value);
    if (r.rules.length === 0) continue;
    row = { ...row, [field]: r.text };
    done.push({ field, raw: r.raw, rules: r.rules });
  }
  if (done.length > 0) repairs.set(row, done);
  return row;
}

/** The `provenance.note` of /orphan-drugs: what the list is, whichever OOPD export was read. */
export const ORPHAN_DRUG_LIST_NOTE =
  "FDA Orphan Drug Designations and Approvals (OOPD export; its release is in each item's provenance and in /api/v1/health): every designation in the export " +
  'whose designated use or approved labeled indication names this disease, whatever its status (approved, designated, or withdrawn or revoked, with dates and ' +
  "sponsor); one item per designation, every approval in its `approvals`. Linked by text, not curated: each item's `links` say how. Order: approvals in force (newest approval first), then designations in force without approval (newest first), then " +
  'withdrawn or revoked designations (newest first). The FDA gives withdrawal dates only for withdrawals after 2013-08-12.';
