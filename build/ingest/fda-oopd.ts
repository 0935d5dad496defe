import { parseCsv } from './csv.ts';
import { columnIndexes, readText } from './read-text.ts';
import { IngestError, type OrphanDesignation } from './types.ts';

const COLUMNS = [
  'Generic Name', 'Trade Name', 'Date Designated', 'Orphan Designation', 'Orphan Designation Status',
  'FDA Orphan Approval Status', 'Approved Labeled Indication', 'Marketing Approval Date',
  'Exclusivity End Date', 'Sponsor Company', 'Sponsor Country',
] as const;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;

/**
 * FDA OOPD "Orphan Drug Designations and Approvals" CSV export. Dates are `M/D/YY` or
 * `MM/DD/YYYY` and become ISO `YYYY-MM-DD`; a two-digit year 00-49 is 20xx and 50-99 is 19xx
 * (designations start in 1983; exclusivity ends run into the 2020s). Text is trimmed; empty cells
 * are null. The export's trailing footnote row (`Note: ...` with every other cell empty) is skipped.
 * `row` counts data rows from 1.
 */
export function readOrphanDesignations(file: string): OrphanDesignation[] {
  const records = parseCsv(readText(file), file);
  if (records.length === 0) throw new IngestError(file, '', `empty file; expected columns: ${COLUMNS.join(', ')}`);
  const index = columnIndexes(file, records[0].line, records[0].cells.map((c) => c.trim()), COLUMNS);
  const out: OrphanDesignation[] = [];
  for (let k = 1; k < records.length; k++) {
    const { line, cells } = records[k];
    if (cells[0].startsWith('Note:') && cells.slice(1).every((c) => c.trim() === '')) continue;
    const get = (i: number): string | null => {
      const value = (cells[index[i]] ?? '').trim();
      return value === '' ? null : value;
    };
    const required = (i: number): string => get(i) ?? fail(file, line, `empty "${COLUMNS[i]}"`);
    const date = (i: number): string | null => isoDate(file, line, COLUMNS[i], get(i));
    out.push({
      genericName: required(0),
      tradeName: get(1),
      dateDesignated: date(2),
      designation: required(3),
      designationStatus: required(4),
      approvalStatus: get(5),
      approvedIndication: get(6),
      marketingApprovalDate: date(7),
      exclusivityEndDate: date(8),
      sponsor: get(9),
      country: get(10),
      row: k,
    });
  }
  return out;
}

/** `M/D/YY` or `MM/DD/YYYY` as ISO; the calendar date must exist. */
export function isoDate(file: string, line: number, column: string, value: string | null): string | null {
  if (value === null) return null;
  const match = US_DATE.exec(value);
  if (match) {
    const month = Number(match[1]);
    const day = Number(match[2]);
    let year = Number(match[3]);
    if (match[3].length === 2) year += year < 50 ? 2000 : 1900;
    const check = new Date(Date.UTC(year, month - 1, day));
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day) {
      return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    }
  }
  return fail(file, line, `invalid date "${value}" in column "${column}" (expected M/D/YY or MM/DD/YYYY)`);
}

function fail(file: string, line: number, detail: string): never {
  throw new IngestError(file, `line ${line}`, detail);
}
