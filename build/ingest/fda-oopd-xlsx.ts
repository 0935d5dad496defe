import { readSheet } from 'read-excel-file/node';
import { columnIndexes, readBytes } from './read-text.ts';
import { OOPD_COLUMNS, OOPD_OPTIONAL_COLUMNS, isFootnote, toDesignation, type CellReader } from './fda-oopd.ts';
import { IngestError, type OrphanDesignation } from './source-types.ts';

type Cell = string | number | boolean | Date | null;

/**
 * The FDA OOPD export as the Excel workbook the search form produces (`.xlsx`, optionally gzipped):
 * the first sheet, header in row 1, the same columns and rules as the CSV reader
 * ({@link readOrphanDesignations}). Date cells become ISO dates, numbers text (the `CF Grid Key`
 * 930422 is "930422"); footnote rows are skipped. Errors name the sheet row (`row 7`, header = row 1).
 * Parsing is read-excel-file's: the workbook format (zip of XML parts) is not ours to hand-parse.
 */
export async function readOrphanDesignationsXlsx(file: string): Promise<OrphanDesignation[]> {
  const bytes = readBytes(file);
  let rows: Cell[][];
  try {
    rows = (await readSheet(bytes)) as Cell[][];
  } catch (err) {
    throw new IngestError(file, '', `not a readable .xlsx workbook (${(err as Error).message})`);
  }
  if (rows.length === 0) throw new IngestError(file, '', `empty sheet; expected columns: ${OOPD_COLUMNS.join(', ')}`);
  const header = rows[0].map((c) => text(c) ?? '');
  let required: number[];
  try {
    required = columnIndexes(file, 1, header, OOPD_COLUMNS);
  } catch (err) {
    // columnIndexes names the header "line 1"; a workbook has rows.
    throw err instanceof IngestError ? new IngestError(file, 'row 1', err.detail) : err;
  }
  const index = new Map<string, number>(OOPD_COLUMNS.map((c, k) => [c, required[k]]));
  for (const c of OOPD_OPTIONAL_COLUMNS) index.set(c, header.indexOf(c));
  const out: OrphanDesignation[] = [];
  for (let r = 1; r < rows.length; r++) {
    const cells = rows[r];
    if (cells.every((c) => text(c) === null) || isFootnote(cells)) continue;
    const get: CellReader = (column) => {
      const i = index.get(column) ?? -1;
      return i < 0 ? null : text(cells[i] ?? null);
    };
    out.push(toDesignation(file, `row ${r + 1}`, get, out.length + 1));
  }
  return out;
}

/** A cell as trimmed text (dates as ISO `YYYY-MM-DD`), null when empty. */
function text(cell: Cell | undefined): string | null {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell.toISOString().slice(0, 10);
  const value = String(cell).trim();
  return value === '' ? null : value;
}
