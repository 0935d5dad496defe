import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseCsv } from '../../build/ingest/csv.ts';
import { forEachTsvRow, readText, splitLines, splitList, unquoteCell } from '../../build/ingest/read-text.ts';
import { IngestError } from '../../build/ingest/source-types.ts';
import { tempFile, truncatedGz } from '../fixtures/ingest/fixture-files.ts';

test('readText: plain and gzipped files; BOM dropped', () => {
  assert.equal(readText(tempFile('plain.txt', '\ufeffa\tb\n')), 'a\tb\n');
  assert.equal(readText(tempFile('zipped.txt.gz', 'é\n')), 'é\n');
});

test('readText: truncated gzip, non-gzip data named .gz, and a missing file', () => {
  const truncated = truncatedGz('t.txt.gz', `${'x'.repeat(1000)}some text that compresses`);
  assert.throws(
    () => readText(truncated),
    (err: unknown) => {
      assert.ok(err instanceof IngestError);
      assert.equal(err.file, truncated);
      assert.equal(err.where, '');
      assert.equal(err.detail, 'truncated or corrupt gzip data');
      assert.equal(err.message, `${truncated}: truncated or corrupt gzip data`);
      return true;
    },
  );
  const renamed = tempFile('renamed.tsv.gz', 'a\tb\n', false);
  assert.throws(() => readText(renamed), { message: `${renamed}: truncated or corrupt gzip data` });
  const empty = tempFile('empty.tsv.gz', '', false);
  assert.throws(() => readText(empty), { message: `${empty}: truncated or corrupt gzip data` });
  assert.throws(() => readText('/nonexistent/file.tsv'), { message: '/nonexistent/file.tsv: cannot read file (ENOENT)' });
});

test('line and cell helpers', () => {
  assert.deepEqual(splitLines('a\r\nb\n\nc\n'), ['a', 'b', '', 'c']);
  assert.deepEqual(splitLines(''), []);
  assert.equal(unquoteCell('"say ""hi"""'), 'say "hi"');
  assert.equal(unquoteCell('no quotes'), 'no quotes');
  assert.equal(unquoteCell('"'), '"');
  assert.deepEqual(splitList(' a | |b|', '|'), ['a', 'b']);
  assert.deepEqual(splitList('', '|'), []);
});

test('forEachTsvRow: columns by name, short rows padded, long rows rejected, optional columns', () => {
  const file = tempFile('t.tsv', 'b\ta\tc\n1\t2\t3\n4\n\n5\t6\t7\n');
  const seen: [string[], number][] = [];
  forEachTsvRow(file, ['a', 'b'], (cells, line) => seen.push([cells, line]), { optionalColumns: ['z', 'c'] });
  assert.deepEqual(seen, [
    [['2', '1', '', '3'], 2],
    [['', '4', '', ''], 3],
    [['6', '5', '', '7'], 5],
  ]);
  const long = tempFile('long.tsv', 'a\tb\n1\t2\t3\n');
  assert.throws(() => forEachTsvRow(long, ['a'], () => {}), { message: `${long} line 2: expected at most 2 fields, found 3` });
  const empty = tempFile('empty.tsv', '');
  assert.throws(() => forEachTsvRow(empty, ['a', 'b'], () => {}), { message: `${empty}: no header line; expected columns: a, b` });
});

test('parseCsv: RFC 4180 quoting, CRLF, embedded newlines, record start lines', () => {
  const text = 'a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n\r\nplain,, ""\r\nlast,"",\n';
  assert.deepEqual(parseCsv(text, 'f.csv'), [
    { line: 1, cells: ['a', 'b', 'c'] },
    { line: 2, cells: ['x, y', 'say "hi"', 'two\r\nlines'] },
    { line: 5, cells: ['plain', '', ' ""'] },
    { line: 6, cells: ['last', '', ''] },
  ]);
});

test('parseCsv: a quote in an unquoted field is kept; unterminated quote and text after a closing quote are errors', () => {
  assert.deepEqual(parseCsv('5" disk,x', 'f.csv'), [{ line: 1, cells: ['5" disk', 'x'] }]);
  assert.throws(() => parseCsv('a\n"open,b\n', 'f.csv'), { message: 'f.csv line 2: unterminated quoted field' });
  assert.throws(() => parseCsv('a\n"closed" then,b\n', 'f.csv'), {
    message: 'f.csv line 2: quoted field is not followed by a comma or line end',
  });
});
