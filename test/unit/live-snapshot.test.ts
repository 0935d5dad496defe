import assert from 'node:assert/strict';
import { mkdirSync, renameSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LiveSnapshot } from '../../server/snapshot/live-snapshot.ts';
import { build, MINI_DATA, tempDir } from '../fixtures/build-pipeline/pipeline-harness.ts';

test('a running server swaps to a newly published snapshot, and keeps the old one when the new one is broken', async () => {
  const dist = tempDir('dcs-live-');
  const first = await build(MINI_DATA, dist);
  assert.equal(first.ok, true);
  const swaps: string[] = [];
  const errors: string[] = [];
  const live = new LiveSnapshot(
    dist,
    1 << 20,
    (from, to) => swaps.push(`${from}->${to}`),
    (err) => errors.push(err.message),
  );
  assert.equal(live.snapshot.manifest.snapshot, first.snapshot);
  const before = live.search;

  await live.check();
  assert.deepEqual(swaps, []);

  const second = await build(MINI_DATA, dist, true);
  assert.notEqual(second.snapshot, first.snapshot);
  await live.check();
  assert.deepEqual(swaps, [`${first.snapshot}->${second.snapshot}`]);
  assert.equal(live.snapshot.manifest.snapshot, second.snapshot);
  assert.notEqual(live.search, before);

  // A published link to a snapshot folder without its files: not swapped in, reported once.
  mkdirSync(join(dist, 'snapshots', 'broken'));
  symlinkSync(join('snapshots', 'broken'), join(dist, 'current.tmp'));
  renameSync(join(dist, 'current.tmp'), join(dist, 'current'));
  await live.tick();
  await live.tick();
  assert.equal(errors.length, 1, 'reported once, however many turns the watcher takes');
  assert.match(errors[0], /^ENOENT: no such file or directory, open '.*snapshots\/broken\/manifest\.json'$/);
  assert.equal(live.snapshot.manifest.snapshot, second.snapshot);
  assert.deepEqual(swaps, [`${first.snapshot}->${second.snapshot}`]);

  // Republishing a good snapshot after the broken one swaps again.
  unlinkSync(join(dist, 'current'));
  symlinkSync(join('snapshots', second.snapshot!), join(dist, 'current'));
  const third = await build(MINI_DATA, dist, true);
  await live.tick();
  assert.deepEqual(swaps, [`${first.snapshot}->${second.snapshot}`, `${second.snapshot}->${third.snapshot}`]);
  assert.equal(errors.length, 1);
  live.close();
});
