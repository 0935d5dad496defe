import type { OrphanDesignation, Trial, TrialStatus } from '../ingest/types.ts';
import type { NameHit, NameIndex } from './name-index.ts';
import type { QcReport } from './qc.ts';
import type { OrphanDrugEntry, OrphanDrugStatus, TrialEntry } from './types.ts';
import { ORPHAN_DRUG_STATUSES } from '../../server/contract/api/vocab.ts';
import { orphanStatusFromFda } from './vocab.ts';

/** A synonym shared by more diseases than this names a family, not one disease: not linked. */
const MAX_SYNONYM_IDS = 2;
export const ACTIVE_TRIAL_STATUSES: TrialStatus[] = [
  'recruiting',
  'not_yet_recruiting',
  'enrolling_by_invitation',
  'active_not_recruiting',
];

function usable(hit: NameHit): boolean {
  return hit.kind === 'name' || hit.ids.length <= MAX_SYNONYM_IDS;
}

/** How one designation row linked: every matched name or synonym with its method; empty when none matched. */
export interface DesignationHits {
  row: OrphanDesignation;
  hits: { hit: NameHit; method: OrphanDrugEntry['link']['method'] }[];
  /** Names or synonyms found but shared by too many diseases to link (see MAX_SYNONYM_IDS). */
  tooAmbiguous: NameHit[];
}

/**
 * Match one designation's text against disease names and synonyms: the whole text (less
 * "Treatment of ...") equal to a name or synonym first, else names and synonyms contained in it.
 */
export function matchDesignation(row: OrphanDesignation, index: NameIndex): DesignationHits {
  const exact = index.matchExact(row.designation);
  if (exact && usable(exact))
    return { row, hits: [{ hit: exact, method: exact.kind === 'name' ? 'exact-name' : 'exact-synonym' }], tooAmbiguous: [] };
  const contained = index.matchContained(row.designation);
  return {
    row,
    hits: contained.filter(usable).map((hit) => ({ hit, method: hit.kind === 'name' ? 'contained-name' : 'contained-synonym' })),
    tooAmbiguous: [...(exact && !usable(exact) ? [exact] : []), ...contained.filter((h) => !usable(h))],
  };
}

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

/**
 * Link FDA orphan designations (every status) to diseases by their designation text (see
 * {@link matchDesignation}). Each item carries its normalized status and how it was linked;
 * unmatched rows and unknown status wording go to the QC report. Lists are in
 * {@link compareOrphanDrugs} order.
 */
export function linkDesignations(
  rows: OrphanDesignation[],
  index: NameIndex,
  release: string,
  qc: QcReport,
): Map<string, OrphanDrugEntry[]> {
  const out = new Map<string, OrphanDrugEntry[]>();
  for (const row of rows) {
    const status = orphanStatusFromFda(row.designationStatus);
    if (status === undefined) {
      qc.warn(
        'unknown-designation-status',
        null,
        'fda-oopd',
        `row ${row.row}: status "${row.designationStatus}" (${row.genericName}) is not a known FDA wording; not linked`,
      );
      continue;
    }
    const { hits } = matchDesignation(row, index);
    if (hits.length === 0) {
      qc.warn(
        'unmatched-designation',
        null,
        'fda-oopd',
        `row ${row.row}: "${row.designation}" (${row.genericName}) matched no disease name or synonym`,
      );
      continue;
    }
    for (const { hit, method } of hits) {
      for (const id of hit.ids) {
        const entry: OrphanDrugEntry = {
          genericName: row.genericName,
          tradeName: row.tradeName,
          status,
          designation: row.designation,
          dateDesignated: row.dateDesignated,
          dateWithdrawn: row.dateWithdrawn,
          approvedIndication: row.approvedIndication,
          marketingApprovalDate: row.marketingApprovalDate,
          exclusivityEndDate: row.exclusivityEndDate,
          sponsor: row.sponsor,
          designationStatus: row.designationStatus,
          fdaUrl: fdaDesignationUrl(row.designationKey),
          link: { method, matchedText: hit.text },
          provenance: { source: 'fda-oopd', release },
        };
        (out.get(id) ?? out.set(id, []).get(id)!).push(entry);
      }
    }
  }
  for (const list of out.values()) list.sort(compareOrphanDrugs);
  return out;
}

/**
 * Link registry studies to diseases when a listed condition equals a disease name or synonym
 * (after normalization). Conditions are free text, so containment is not used: "breast cancer
 * screening" must not link to "breast cancer".
 */
export function linkTrials(
  trials: { trial: Trial; source: 'ctgov-sample' | 'ctgov-angelman'; release: string }[],
  index: NameIndex,
): Map<string, TrialEntry[]> {
  const out = new Map<string, Map<string, TrialEntry>>();
  for (const { trial, source, release } of trials) {
    for (const condition of trial.conditions) {
      const hit = index.matchExact(condition);
      if (!hit || !usable(hit)) continue;
      for (const id of hit.ids) {
        const perDisease = out.get(id) ?? out.set(id, new Map()).get(id)!;
        if (perDisease.has(trial.nctId)) continue;
        perDisease.set(trial.nctId, {
          nctId: trial.nctId,
          title: trial.title,
          status: trial.status,
          active: ACTIVE_TRIAL_STATUSES.includes(trial.status),
          phase: trial.phase,
          startDate: trial.startDate,
          matchedCondition: condition,
          link: { method: hit.kind === 'name' ? 'exact-name' : 'exact-synonym', matchedText: hit.text },
          provenance: { source, release },
        });
      }
    }
  }
  const result = new Map<string, TrialEntry[]>();
  for (const [id, m] of out) {
    result.set(
      id,
      [...m.values()].sort(
        (a, b) =>
          Number(b.active) - Number(a.active) || (b.startDate ?? '').localeCompare(a.startDate ?? '') || a.nctId.localeCompare(b.nctId),
      ),
    );
  }
  return result;
}

/** The `provenance.note` of /orphan-drugs: what the list is, whichever OOPD export was read. */
export const ORPHAN_DRUG_LIST_NOTE =
  "FDA Orphan Drug Designations and Approvals (OOPD export; its release is in each item's provenance and in /api/v1/health): every designation in the export " +
  'whose designated use names this disease, whatever its status (approved, designated, or withdrawn or revoked, with dates and sponsor). Linked by designation text, ' +
  "not curated: each item's link says how. Order: approvals in force (newest approval first), then designations in force without approval (newest first), then " +
  'withdrawn or revoked designations (newest first). The FDA gives withdrawal dates only for withdrawals after 2013-08-12.';
