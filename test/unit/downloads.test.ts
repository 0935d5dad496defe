import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, test } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { gzipLines, row, sha256Of } from '../../build/compile/gzip-lines.ts';
import { parseRange } from '../../server/routes/download-routes.ts';

describe('downloads', () => {
  test('gzip lines: one line each, counted; TSV cells lose tabs and line breaks; sha256 of parts in order', async () => {
    const lines = ['a\tb', row(['x\ty', 'multi\nline', null, 3, true])];
    const { bytes, rows } = await gzipLines(lines);
    assert.equal(rows, 2);
    assert.equal(gunzipSync(bytes).toString('utf8'), 'a\tb\nx y\tmulti line\t\t3\ttrue\n');
    assert.equal(sha256Of([bytes.subarray(0, 5), bytes.subarray(5)]), createHash('sha256').update(bytes).digest('hex'));
  });
  test('gzip members one after another read back as one file (the record dump in parts)', async () => {
    const a = await gzipLines(['{"id":1}', '{"id":2}']);
    const b = await gzipLines(['{"id":3}']);
    assert.equal(gunzipSync(Buffer.concat([a.bytes, b.bytes])).toString('utf8'), '{"id":1}\n{"id":2}\n{"id":3}\n');
  });
  test('gzip lines under backpressure: every line keeps its line break', async () => {
    const lines = Array.from({ length: 5000 }, (_, i) =>
      JSON.stringify({ i, text: createHash('sha256').update(String(i)).digest('hex').repeat(20) }),
    );
    const r = await gzipLines(lines);
    assert.equal(r.rows, 5000);
    assert.deepEqual(gunzipSync(r.bytes).toString('utf8').trimEnd().split('\n'), lines);
  });
  test('gzip lines in batches: the same bytes as one gzip of the whole text (published parts stay reusable), strings and buffers alike', async () => {
    const lines = Array.from({ length: 20000 }, (_, i) =>
      i % 2 ? `MONDO:${String(i).padStart(7, '0')}\trow ${i}` : Buffer.from(`{"i":${i}}`),
    );
    const text = `${lines.map(String).join('\n')}\n`;
    assert.ok(text.length > 3 * 65536, 'several batches');
    const r = await gzipLines(lines);
    assert.equal(r.rows, 20000);
    assert.ok(r.bytes.equals(gzipSync(text, { level: 6 })));
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
