import { parseCsv } from './csv.ts';
import { columnIndexes, readText } from './read-text.ts';
import { IngestError, type OrphanDesignation } from './source-types.ts';

/** Columns every OOPD export has (2022 and 2024 layouts alike). */
export const OOPD_COLUMNS = [
  'Generic Name',
  'Trade Name',
  'Date Designated',
  'Orphan Designation',
  'Orphan Designation Status',
  'FDA Orphan Approval Status',
  'Approved Labeled Indication',
  'Marketing Approval Date',
  'Exclusivity End Date',
  'Sponsor Company',
  'Sponsor Country',
] as const;
/** Columns of newer exports only: the withdrawal date (absent before 2023) and the FDA's row key. */
export const OOPD_OPTIONAL_COLUMNS = ['Date Designation Withdrawn or Revoked', 'CF Grid Key'] as const;
export type OopdColumn = (typeof OOPD_COLUMNS)[number] | (typeof OOPD_OPTIONAL_COLUMNS)[number];

/** A cell of the current row by column name: trimmed text, or null when empty or the column is absent. */
export type CellReader = (column: OopdColumn) => string | null;

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const GRID_KEY = /^(\d+)(?:\.0+)?$/;

/**
 * FDA OOPD "Orphan Drug Designations and Approvals" export as CSV: the 2022 layout (dates `M/D/YY`
 * or `MM/DD/YYYY`) and the 2024 one (our CSV of the Excel export: ISO dates, a withdrawal-date
 * column). Columns are found by name; text is trimmed; empty cells are null. The export's trailing
 * footnote rows (`Note: ...` with every other cell empty) are skipped. `row` counts data rows from 1.
 */
export function readOrphanDesignations(file: string): OrphanDesignation[] {
  const records = parseCsv(readText(file), file);
  if (records.length === 0) throw new IngestError(file, '', `empty file; expected columns: ${OOPD_COLUMNS.join(', ')}`);
  const header = records[0].cells.map((c) => c.trim());
  const required = columnIndexes(file, records[0].line, header, OOPD_COLUMNS);
  const index = new Map<string, number>(OOPD_COLUMNS.map((c, k) => [c, required[k]]));
  for (const c of OOPD_OPTIONAL_COLUMNS) index.set(c, header.indexOf(c));
  const out: OrphanDesignation[] = [];
  for (let k = 1; k < records.length; k++) {
    const { line, cells } = records[k];
    if (isFootnote(cells)) continue;
    const get: CellReader = (column) => {
      const i = index.get(column) ?? -1;
      const value = i < 0 ? '' : (cells[i] ?? '').trim();
      return value === '' ? null : value;
    };
    out.push(toDesignation(file, `line ${line}`, get, out.length + 1));
  }
  return out;
}

/** The export's footnotes: a first cell starting `Note:` and nothing else. */
export function isFootnote(cells: readonly unknown[]): boolean {
  return (
    typeof cells[0] === 'string' &&
    cells[0].trim().startsWith('Note:') &&
    cells.slice(1).every((c) => c === null || c === undefined || String(c).trim() === '')
  );
}

/** One export row as an OrphanDesignation; `where` names the row in errors (`line 5`, `row 5`). */
export function toDesignation(file: string, where: string, get: CellReader, row: number): OrphanDesignation {
  const required = (column: OopdColumn): string => get(column) ?? fail(file, where, `empty "${column}"`);
  const date = (column: OopdColumn): string | null => isoDate(file, where, column, get(column));
  const key = get('CF Grid Key');
  const grid = key === null ? null : GRID_KEY.exec(key);
  if (key !== null && !grid) fail(file, where, `malformed "CF Grid Key" "${key}" (expected a whole number)`);
  return {
    genericName: required('Generic Name'),
    tradeName: get('Trade Name'),
    dateDesignated: date('Date Designated'),
    designation: required('Orphan Designation'),
    designationStatus: required('Orphan Designation Status'),
    dateWithdrawn: date('Date Designation Withdrawn or Revoked'),
    approvalStatus: get('FDA Orphan Approval Status'),
    approvedIndication: get('Approved Labeled Indication'),
    marketingApprovalDate: date('Marketing Approval Date'),
    exclusivityEndDate: date('Exclusivity End Date'),
    sponsor: get('Sponsor Company'),
    country: get('Sponsor Country'),
    designationKey: grid ? grid[1] : null,
    row,
  };
}

/**
 * A date cell as ISO `YYYY-MM-DD`: ISO itself, or `M/D/YY` / `MM/DD/YYYY` where a two-digit year
 * 00-49 is 20xx and 50-99 is 19xx (designations start in 1983; exclusivity ends run into the
 * 2020s). The calendar date must exist.
 */
export function isoDate(file: string, where: string, column: string, value: string | null): string | null {
  if (value === null) return null;
  let year = 0;
  let month = 0;
  let day = 0;
  const iso = ISO_DATE.exec(value);
  const us = iso ? null : US_DATE.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) {
    [month, day, year] = [Number(us[1]), Number(us[2]), Number(us[3])];
    if (us[3].length === 2) year += year < 50 ? 2000 : 1900;
  }
  if (iso || us) {
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) {
      return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    }
  }
  return fail(file, where, `invalid date "${value}" in column "${column}" (expected YYYY-MM-DD, M/D/YY or MM/DD/YYYY)`);
}

function fail(file: string, where: string, detail: string): never {
  throw new IngestError(file, where, detail);
}

/** The export's release: its newest designation, approval or withdrawal date (the file states none); null for no rows. */
export function designationsRelease(rows: readonly OrphanDesignation[]): string | null {
  let max: string | null = null;
  for (const r of rows) {
    for (const d of [r.dateDesignated, r.marketingApprovalDate, r.dateWithdrawn]) if (d && (max === null || d > max)) max = d;
  }
  return max;
}
