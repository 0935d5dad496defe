import { INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES } from '../contract/api/vocab.ts';
import type { RowTable } from './row-table.ts';
import type { SearchFacets } from './search-types.ts';

function zeros<T extends string>(vocabulary: readonly T[]): Record<T, number> {
  return Object.fromEntries(vocabulary.map((v) => [v, 0])) as Record<T, number>;
}

/**
 * Facet counts over rows[0, count): every vocabulary value present, zeros included, in vocabulary
 * order. A row counts once under each inheritance or onset value it has, and under none when it
 * has none (no "unknown" is invented for it).
 */
export function countFacets(rowNumbers: ArrayLike<number>, count: number, table: RowTable): SearchFacets {
  const inh = new Int32Array(INHERITANCE_TERMS.length);
  const ons = new Int32Array(ONSET_CATEGORIES.length);
  const prev = new Int32Array(PREVALENCE_CATEGORIES.length);
  let rare = 0;
  let active = 0;
  let inactive = 0;
  for (let i = 0; i < count; i++) {
    const r = rowNumbers[i];
    for (let m = table.inheritance[r], b = 0; m !== 0; m >>>= 1, b++) if (m & 1) inh[b]++;
    for (let m = table.onset[r], b = 0; m !== 0; m >>>= 1, b++) if (m & 1) ons[b]++;
    if (table.prevalence[r] >= 0) prev[table.prevalence[r]]++;
    const row = table.rows[r];
    if (row.isRare) rare++;
    if (row.activeTrialCount > 0) active++;
    else if (row.trialCount > 0) inactive++;
  }
  const facets: SearchFacets = {
    inheritance: zeros(INHERITANCE_TERMS),
    onset: zeros(ONSET_CATEGORIES),
    prevalence: zeros(PREVALENCE_CATEGORIES),
    rarity: { rare, common: count - rare },
    trialStatus: { withActiveTrials: active, withTrialsNoneActive: inactive, noTrials: count - active - inactive },
  };
  INHERITANCE_TERMS.forEach((t, b) => {
    facets.inheritance[t] = inh[b];
  });
  ONSET_CATEGORIES.forEach((t, b) => {
    facets.onset[t] = ons[b];
  });
  PREVALENCE_CATEGORIES.forEach((t, b) => {
    facets.prevalence[t] = prev[b];
  });
  return facets;
}
