import { IngestError } from './source-types.ts';

/** One CSV record with the 1-based line it starts on (quoted fields may span lines). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

const COMMA = 44;
const LF = 10;
const CR = 13;
const QUOTE = 34;

/**
 * RFC 4180 CSV: fields separated by commas, records by CRLF or LF; a field in double quotes may
 * hold commas, line breaks and doubled quotes. A quote inside an unquoted field is kept as text
 * (lenient, as spreadsheet exports do); text after a closing quote is an error naming the line the
 * quoted field opened on. Blank lines are skipped.
 * `file` only names the source in errors.
 */
export function parseCsv(text: string, file: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const end = text.length;
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (pos < end) {
    const start = line;
    const cells: string[] = [];
    for (;;) {
      let value: string;
      if (text.charCodeAt(pos) === QUOTE) {
        value = '';
        const opened = line;
        let from = pos + 1;
        for (;;) {
          const close = text.indexOf('"', from);
          if (close < 0) throw new IngestError(file, `line ${opened}`, 'unterminated quoted field');
          value += text.slice(from, close);
          if (text.charCodeAt(close + 1) === QUOTE) {
            value += '"';
            from = close + 2;
          } else {
            pos = close + 1;
            break;
          }
        }
        line += countNewlines(value);
        const next = text.charCodeAt(pos);
        if (pos < end && next !== COMMA && next !== LF && !(next === CR && text.charCodeAt(pos + 1) === LF)) {
          // Name the line the field opened on: an unbalanced quote there is the usual cause.
          throw new IngestError(file, `line ${opened}`, 'quoted field is not followed by a comma or line end');
        }
      } else {
        let stop = pos;
        while (stop < end) {
          const c = text.charCodeAt(stop);
          if (c === COMMA || c === LF || (c === CR && text.charCodeAt(stop + 1) === LF)) break;
          stop++;
        }
        value = text.slice(pos, stop);
        pos = stop;
      }
      cells.push(value);
      if (pos >= end) break;
      const c = text.charCodeAt(pos);
      if (c === COMMA) {
        pos++;
        if (pos >= end) {
          cells.push('');
          break;
        }
        continue;
      }
      pos += c === CR ? 2 : 1;
      line++;
      break;
    }
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
  }
  return records;
}

function countNewlines(value: string): number {
  let n = 0;
  for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i + 1)) n++;
  return n;
}
