import { INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES } from '../contract/api/vocab.ts';
import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import type { RowTable } from './row-table.ts';
import type { SearchFilters } from './search-types.ts';

/** Row numbers carrying a gene, by gene key; undefined for an unknown gene. */
export type GeneRows = (symbol: string) => Int32Array | undefined;

function mask<T>(vocabulary: readonly T[], values: readonly T[]): number {
  let m = 0;
  for (const v of values) {
    const i = vocabulary.indexOf(v);
    if (i >= 0) m |= 1 << i;
  }
  return m;
}

/**
 * Compile `filters` into one predicate over row numbers, or null when nothing filters. An empty
 * value list does not filter; a list whose values match nothing lets no row through.
 */
export function compileFilter(filters: SearchFilters, table: RowTable, geneRows: GeneRows): ((r: number) => boolean) | null {
  const rows: ListingRow[] = table.rows;
  const tests: ((r: number) => boolean)[] = [];
  const { hasActiveTrials, minTrialCount, hasExpertContent, inheritancePattern, onsetCategory, prevalence, gene, within } = filters;
  if (hasActiveTrials !== undefined) tests.push((r) => rows[r].activeTrialCount > 0 === hasActiveTrials);
  if (minTrialCount !== undefined) tests.push((r) => rows[r].trialCount >= minTrialCount);
  if (hasExpertContent !== undefined) tests.push((r) => rows[r].hasExpertContent === hasExpertContent);
  if (inheritancePattern?.length) {
    const m = mask(INHERITANCE_TERMS, inheritancePattern);
    tests.push((r) => (table.inheritance[r] & m) !== 0);
  }
  if (onsetCategory?.length) {
    const m = mask(ONSET_CATEGORIES, onsetCategory);
    tests.push((r) => (table.onset[r] & m) !== 0);
  }
  if (prevalence?.length) {
    const m = mask(PREVALENCE_CATEGORIES, prevalence);
    tests.push((r) => table.prevalence[r] >= 0 && (m & (1 << table.prevalence[r])) !== 0);
  }
  if (gene?.length) {
    const marked = new Uint8Array(rows.length);
    for (const symbol of gene) for (const r of geneRows(symbol) ?? []) marked[r] = 1;
    tests.push((r) => marked[r] === 1);
  }
  if (within) tests.push((r) => within.has(rows[r].id));
  if (tests.length === 0) return null;
  if (tests.length === 1) return tests[0];
  return (r) => {
    for (const t of tests) if (!t(r)) return false;
    return true;
  };
}
