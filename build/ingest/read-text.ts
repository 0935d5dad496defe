import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { IngestError } from './source-types.ts';

/**
 * Reads a whole file, gunzipping it when the name ends in `.gz`. Whole-file reads are the fastest
 * option at these sizes (35 MB at most) and keep every parser synchronous.
 */
export function readBytes(file: string): Buffer {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new IngestError(file, '', `cannot read file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  if (!file.endsWith('.gz')) return bytes;
  try {
    return gunzipSync(bytes);
  } catch {
    // zlib says "unexpected end of file" or "incorrect header check"; one message names both causes.
    throw new IngestError(file, '', 'truncated or corrupt gzip data');
  }
}

/** Reads a whole file as UTF-8 ({@link readBytes}), without a byte-order mark. */
export function readText(file: string): string {
  const text = readBytes(file).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Parses a JSON file ({@link readText}); invalid JSON is an IngestError naming the file. The
 * caller checks the shape and names JSON pointers.
 */
export function readJson<T>(file: string): T {
  const text = readText(file);
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    throw new IngestError(file, '', `invalid JSON: ${(err as Error).message}`);
  }
}

/** Splits text into lines without their `\n` or `\r\n`; a final newline does not make an empty last line. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  if (text.includes('\r')) {
    for (let i = 0; i < lines.length; i++) if (lines[i].endsWith('\r')) lines[i] = lines[i].slice(0, -1);
  }
  return lines;
}

/**
 * Undoes CSV-style quoting (`"a ""b"""` -> `a "b"`) that pandas writes into some Mondo TSV reports
 * when a value holds a double quote. Unquoted values are returned unchanged.
 */
export function unquoteCell(value: string): string {
  if (value.length < 2 || value.charCodeAt(0) !== 34 || value.charCodeAt(value.length - 1) !== 34) return value;
  return value.slice(1, -1).replaceAll('""', '"');
}

/** Splits a multi-valued cell, trims each value and drops empty ones. */
export function splitList(value: string, separator: string): string[] {
  if (value === '') return [];
  const out: string[] = [];
  for (const part of value.split(separator)) {
    const trimmed = part.trim();
    if (trimmed !== '') out.push(trimmed);
  }
  return out;
}

export interface TsvOptions {
  /** Lines before the header that start with this prefix are kept as the preamble (SSSOM YAML). */
  commentPrefix?: string;
  /** ROBOT templates: row 2 holds template directives (first cell `ID`) and is checked, then skipped. */
  robotTemplate?: boolean;
  /** Apply {@link unquoteCell} to every cell. */
  unquote?: boolean;
  /** Columns that may be absent: their cells follow the required ones and are '' when the column is missing. */
  optionalColumns?: readonly string[];
}

/** Called once per data row with the cells in the order of the requested columns and the 1-based line. */
export type TsvVisitor = (cells: string[], line: number) => void;

/**
 * Reads a TSV file whose header names every column in `columns` (in any order; other columns are
 * ignored) and visits each data row. Blank lines are skipped; short rows are padded with ''
 * because some writers drop trailing empty cells. Returns the preamble lines before the header.
 */
export function forEachTsvRow(file: string, columns: readonly string[], visit: TsvVisitor, options: TsvOptions = {}): string[] {
  const lines = splitLines(readText(file));
  let at = 0;
  const prefix = options.commentPrefix;
  if (prefix !== undefined) while (at < lines.length && lines[at].startsWith(prefix)) at++;
  const preamble = lines.slice(0, at);
  if (at >= lines.length) throw new IngestError(file, '', `no header line; expected columns: ${columns.join(', ')}`);
  const header = lines[at].split('\t');
  const index = columnIndexes(file, at + 1, header, columns);
  for (const name of options.optionalColumns ?? []) index.push(header.indexOf(name));
  at++;
  if (options.robotTemplate) {
    if (at >= lines.length || lines[at].split('\t')[0] !== 'ID') {
      throw new IngestError(file, `line ${at + 1}`, 'expected the ROBOT template directive row (first cell "ID")');
    }
    at++;
  }
  const unquote = options.unquote === true;
  for (; at < lines.length; at++) {
    const text = lines[at];
    if (text === '') continue;
    const raw = text.split('\t');
    if (raw.length > header.length) {
      throw new IngestError(file, `line ${at + 1}`, `expected at most ${header.length} fields, found ${raw.length}`);
    }
    const cells = new Array<string>(index.length);
    for (let k = 0; k < index.length; k++) {
      const cell = index[k] < 0 ? '' : (raw[index[k]] ?? '');
      cells[k] = unquote ? unquoteCell(cell) : cell;
    }
    visit(cells, at + 1);
  }
  return preamble;
}

/**
 * Positions of `columns` in `header`; a missing name is an error that lists what was expected, so a
 * renamed upstream column fails loudly instead of yielding empty values.
 */
export function columnIndexes(file: string, line: number, header: readonly string[], columns: readonly string[]): number[] {
  const index = columns.map((name) => header.indexOf(name));
  const missing = columns.filter((_, k) => index[k] < 0);
  if (missing.length > 0) {
    throw new IngestError(
      file,
      `line ${line}`,
      `missing column(s) ${missing.map((m) => `"${m}"`).join(', ')}; expected columns: ${columns.join(', ')}`,
    );
  }
  return index;
}
