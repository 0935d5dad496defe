import type { Trial, TrialStatus } from '../ingest/source-types.ts';
import type { NameIndex } from './name-index.ts';
import type { TrialEntry } from './record-types.ts';
import { usable } from './text-links.ts';

/**
 * Studies joined to diseases: the registry's conditions matched to names exactly, the statuses that
 * count as active, and the notice every record's trials carry (the data are a sample).
 */

/** The statuses of a study that is under way. */
export const ACTIVE_TRIAL_STATUSES: TrialStatus[] = [
  'recruiting',
  'not_yet_recruiting',
  'enrolling_by_invitation',
  'active_not_recruiting',
];

/**
 * The trial notice of a record: the 2.5 % sample, and the Angelman syndrome study set only on the
 * records that set covers (a study of it matched the record).
 */
export function trialNotice(trials: readonly TrialEntry[]): string {
  const angelman = trials.some((t) => t.provenance.source === 'ctgov-angelman');
  return `Trial counts come from a sample, not the full registry: a 2.5% random sample of ClinicalTrials.gov studies (ctrialsgov R package, data to 2021-09)${angelman ? ' and an Angelman syndrome study set (2026-08)' : ''}. Active means recruiting, not yet recruiting, enrolling by invitation, or active not recruiting.`;
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
          statusAsOf: release,
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
