import type { OrphanDesignation, Trial, TrialStatus } from '../ingest/types.ts';
import type { NameHit, NameIndex } from './name-index.ts';
import type { QcReport } from './qc.ts';
import type { OrphanDrugEntry, TrialEntry } from './types.ts';

/** A synonym shared by more diseases than this names a family, not one disease: not linked. */
const MAX_SYNONYM_IDS = 2;
export const ACTIVE_TRIAL_STATUSES: TrialStatus[] = ['recruiting', 'not_yet_recruiting', 'enrolling_by_invitation', 'active_not_recruiting'];

function usable(hit: NameHit): boolean {
  return hit.kind === 'name' || hit.ids.length <= MAX_SYNONYM_IDS;
}

/**
 * Link FDA orphan designations to diseases by their designation text: the whole text (less
 * "Treatment of ...") equal to a name or synonym first, else names and synonyms contained in it.
 * Each link records how it was made; unmatched rows go to the QC report.
 */
export function linkDesignations(rows: OrphanDesignation[], index: NameIndex, release: string, qc: QcReport): Map<string, OrphanDrugEntry[]> {
  const out = new Map<string, OrphanDrugEntry[]>();
  for (const row of rows) {
    const exact = index.matchExact(row.designation);
    let hits: { hit: NameHit; method: OrphanDrugEntry['link']['method'] }[] = [];
    if (exact && usable(exact)) hits = [{ hit: exact, method: exact.kind === 'name' ? 'exact-name' : 'exact-synonym' }];
    else hits = index.matchContained(row.designation).filter(usable).map((hit) => ({ hit, method: hit.kind === 'name' ? 'contained-name' : 'contained-synonym' }));
    if (hits.length === 0) {
      qc.warn('unmatched-designation', null, 'fda-oopd', `row ${row.row}: "${row.designation}" (${row.genericName}) matched no disease name or synonym`);
      continue;
    }
    for (const { hit, method } of hits) {
      for (const id of hit.ids) {
        const entry: OrphanDrugEntry = {
          genericName: row.genericName, tradeName: row.tradeName, designation: row.designation, dateDesignated: row.dateDesignated,
          designationStatus: row.designationStatus, approvedIndication: row.approvedIndication, marketingApprovalDate: row.marketingApprovalDate,
          exclusivityEndDate: row.exclusivityEndDate, sponsor: row.sponsor, link: { method, matchedText: hit.text }, provenance: { source: 'fda-oopd', release },
        };
        (out.get(id) ?? out.set(id, []).get(id)!).push(entry);
      }
    }
  }
  for (const list of out.values()) {
    list.sort((a, b) => (b.marketingApprovalDate ?? '').localeCompare(a.marketingApprovalDate ?? '') || a.genericName.localeCompare(b.genericName));
  }
  return out;
}

/**
 * Link registry studies to diseases when a listed condition equals a disease name or synonym
 * (after normalization). Conditions are free text, so containment is not used: "breast cancer
 * screening" must not link to "breast cancer".
 */
export function linkTrials(trials: { trial: Trial; source: 'ctgov-sample' | 'ctgov-angelman'; release: string }[], index: NameIndex): Map<string, TrialEntry[]> {
  const out = new Map<string, Map<string, TrialEntry>>();
  for (const { trial, source, release } of trials) {
    for (const condition of trial.conditions) {
      const hit = index.matchExact(condition);
      if (!hit || !usable(hit)) continue;
      for (const id of hit.ids) {
        const perDisease = out.get(id) ?? out.set(id, new Map()).get(id)!;
        if (perDisease.has(trial.nctId)) continue;
        perDisease.set(trial.nctId, {
          nctId: trial.nctId, title: trial.title, status: trial.status, active: ACTIVE_TRIAL_STATUSES.includes(trial.status),
          phase: trial.phase, startDate: trial.startDate, matchedCondition: condition,
          link: { method: hit.kind === 'name' ? 'exact-name' : 'exact-synonym', matchedText: hit.text }, provenance: { source, release },
        });
      }
    }
  }
  const result = new Map<string, TrialEntry[]>();
  for (const [id, m] of out) {
    result.set(id, [...m.values()].sort((a, b) => Number(b.active) - Number(a.active) || (b.startDate ?? '').localeCompare(a.startDate ?? '') || a.nctId.localeCompare(b.nctId)));
  }
  return result;
}
