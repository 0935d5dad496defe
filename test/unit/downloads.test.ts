import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';
import { row, writeGzipLines } from '../../build/compile/gzip-lines.ts';
import { parseRange } from '../../server/routes/downloads.ts';

describe('downloads', () => {
  test('gzip lines: one line each, size and sha256 of the stored bytes; TSV cells lose tabs and line breaks', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dcs-dl-')), 'x.tsv.gz');
    const lines = ['a\tb', row(['x\ty', 'multi\nline', null, 3, true])];
    const r = await writeGzipLines(file, lines);
    const bytes = readFileSync(file);
    assert.deepEqual(r, { size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), rows: 2 });
    assert.equal(gunzipSync(bytes).toString('utf8'), 'a\tb\nx y\tmulti line\t\t3\ttrue\n');
  });
  test('gzip lines under backpressure: every line keeps its line break', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dcs-dl-')), 'big.jsonl.gz');
    const lines = Array.from({ length: 5000 }, (_, i) =>
      JSON.stringify({ i, text: createHash('sha256').update(String(i)).digest('hex').repeat(20) }),
    );
    const r = await writeGzipLines(file, lines);
    assert.equal(r.rows, 5000);
    assert.deepEqual(gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n'), lines);
  });
  test('one byte range: a-b, a-, -n; past the end or malformed is unsatisfiable', () => {
    assert.equal(parseRange(undefined, 100), null);
    assert.deepEqual(parseRange('bytes=0-9', 100), [0, 9]);
    assert.deepEqual(parseRange('bytes=90-', 100), [90, 99]);
    assert.deepEqual(parseRange('bytes=95-200', 100), [95, 99]);
    assert.deepEqual(parseRange('bytes=-10', 100), [90, 99]);
    assert.deepEqual(parseRange('bytes=-500', 100), [0, 99]);
    for (const bad of ['bytes=100-', 'bytes=5-2', 'bytes=-0', 'bytes=-', 'bytes=0-1,5-6', 'items=0-1'])
      assert.equal(parseRange(bad, 100), false, bad);
  });
});
