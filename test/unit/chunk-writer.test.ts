import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ChunkWriter } from '../../server/log/chunk-writer.ts';
import { waitFor } from '../helpers/wait-for.ts';

const file = () => join(mkdtempSync(join(tmpdir(), 'dcs-chunks-')), 'log');

test('holds lines until a chunk is full or a flush, then appends them in order', async () => {
  const path = file();
  const fd = openSync(path, 'a');
  const w = new ChunkWriter(fd, 20);
  w.write('one\n');
  w.write('two\n');
  assert.equal(readFileSync(path, 'utf8'), '', 'nothing written below a chunk');
  w.write('three-is-longer\n');
  await waitFor('the first chunk', () => (readFileSync(path, 'utf8') === 'one\ntwo\nthree-is-longer\n' ? true : undefined));
  w.write('four ü\n');
  w.flush();
  w.write('five\n');
  w.flush();
  await waitFor('both flushes, in order', () => (readFileSync(path, 'utf8').endsWith('four ü\nfive\n') ? true : undefined));
  assert.equal(readFileSync(path, 'utf8'), 'one\ntwo\nthree-is-longer\nfour ü\nfive\n');
  closeSync(fd);
});

test('flushSync writes everything before returning (shutdown)', () => {
  const path = file();
  const fd = openSync(path, 'a');
  const w = new ChunkWriter(fd, 1 << 20);
  for (let i = 0; i < 1000; i++) w.write(`line ${i}\n`);
  w.flushSync();
  const lines = readFileSync(path, 'utf8').trim().split('\n');
  assert.equal(lines.length, 1000);
  assert.equal(lines[999], 'line 999');
  closeSync(fd);
});

test('a failing descriptor is reported once and never throws into the request path', async () => {
  const errors: string[] = [];
  const w = new ChunkWriter(987_654, 4, (err) => errors.push((err as NodeJS.ErrnoException).code ?? err.message));
  w.write('aaaaaaaa');
  w.write('bbbbbbbb');
  await waitFor('the error report', () => (errors.length > 0 ? true : undefined));
  w.flushSync();
  assert.deepEqual(errors, ['EBADF']);
});
