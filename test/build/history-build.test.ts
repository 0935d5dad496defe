import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { DiseaseVersions } from '../../server/contract/snapshot/history.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { COMPACT_BELOW } from '../../build/compile/object-store.ts';
import type { PacksDoc } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import { historyKeyOf, SNAPSHOT_FILES, versionKey, versionsKey } from '../../server/contract/snapshot/route-map.ts';
import { bearer, call } from '../helpers/http.ts';
import { makeKeys } from '../helpers/keys.ts';
import { startServer, type RunningServer } from '../helpers/server-process.ts';
import {
  buildOn,
  buildScenario,
  CF,
  CLASSIC_PKU,
  HUNTINGTON,
  MILD_HPA,
  PKU,
  type Phase,
} from '../fixtures/build-pipeline/history-scenario.ts';
import { copyTree, editData, MINI_DATA, spawnBuild, tempDir, treeState } from '../fixtures/build-pipeline/pipeline-harness.ts';
import {
  allPacks,
  auditObjects,
  body,
  contentIndex,
  currentId,
  latestChanges,
  liveHashes,
  readCurrentJson,
  releasesOf,
  storedHashes,
} from '../fixtures/build-pipeline/snapshot-audit.ts';

/**
 * How the history is kept across builds: nothing new for unchanged inputs, HISTORY_KEEP retention
 * and its garbage collection, and a dist/ built before the history existed.
 */

const ANGELMAN = 'MONDO:0007113';
let dist3 = '';
let phases: Phase[] = [];
before(async () => {
  ({ dist: dist3, phases } = await buildScenario());
});

const manifestOf = (dist: string) => readCurrentJson<Manifest>(dist, SNAPSHOT_FILES.manifest);
const historyEntries = (m: Manifest) => Object.fromEntries(Object.entries(m.entries).filter(([k]) => historyKeyOf(k)));
const versionsDoc = (dist: string, id: string) =>
  (JSON.parse(body(dist, manifestOf(dist).entries[versionsKey(id)]).toString('utf8')) as { data: DiseaseVersions }).data;
const stored = (dist: string, hash: string) => storedHashes(dist).includes(hash);

describe('builds that publish nothing new', () => {
  test('unchanged inputs: up to date, nothing written', async () => {
    const dist = copyTree(dist3, 'history-same');
    const state = treeState(dist);
    const r = await buildOn('2026-04-01', phases[2].data, dist);
    assert.deepEqual([r.upToDate, r.snapshot], [true, phases[2].snapshot]);
    assert.deepEqual(treeState(dist), state);
  });

  test('--force with unchanged inputs publishes a new snapshot but no new release: the history is carried over as it was', async () => {
    const dist = copyTree(dist3, 'history-force');
    const before = { releases: releasesOf(dist), index: contentIndex(dist), entries: historyEntries(manifestOf(dist)) };
    const r = await buildOn('2026-04-01', phases[2].data, dist, true);
    assert.notEqual(r.snapshot, phases[2].snapshot);
    assert.match(r.log, /no new release: no disease and no source changed \(latest r3\)/);
    assert.deepEqual(releasesOf(dist), before.releases);
    assert.deepEqual(contentIndex(dist), before.index);
    assert.deepEqual(historyEntries(manifestOf(dist)), before.entries);
  });
});

describe('HISTORY_KEEP', () => {
  let dist = '';
  let server: RunningServer | null = null;
  let key = '';
  let data = '';
  before(async () => {
    dist = copyTree(dist3, 'history-keep');
    data = copyTree(phases[2].data, 'history-data-4');
    const from = '{"HPOId":"HP:0000708","HPOTerm":"Atypical behavior","HPOFrequency":"Very frequent (99-80%)"}';
    editData(data, 'orphanet/orphapackets_2025-12.jsonl.gz', (t) =>
      t.replace(from, from.replace('Very frequent (99-80%)', 'Frequent (79-30%)')),
    );
    const r = await buildOn('2026-04-01', data, dist, false, 2);
    assert.match(r.log, /release r4: 0 added, 1 changed, 0 removed, 59 unchanged/);
    assert.match(r.log, /pruned 2 releases, 5 versions, 1 version lists/);
  });
  after(async () => {
    if (server) assert.equal(await server.stop(), 0);
  });

  test('keeps the newest N releases and every version current in one of them', () => {
    const h = releasesOf(dist);
    assert.deepEqual([h.keep, h.releases.map((r) => r.id)], [2, ['r3', 'r4']]);
    assert.deepEqual(
      latestChanges(dist).map((c) => [c.id, c.kind, c.sections, c.fields]),
      // The band is now the headline (FREQUENCY_RULE), so the clinical features (which name it among their first ten), the very
      // frequent findings of the diagnosis section and the counts change too.
      [[ANGELMAN, 'changed', ['clinical-features', 'screening-and-diagnosis'], ['computed', 'phenotypes']]],
    );
    const index = contentIndex(dist);
    // CF v1 and v2 and PKU v1 and v2 were superseded by r3; mild HPA's only version ended when r3 removed it.
    assert.deepEqual(
      [CF, PKU, HUNTINGTON, CLASSIC_PKU, MILD_HPA, ANGELMAN].map((id) => [id, index[id].n, index[id].hist, index[id].gone ?? null]),
      [
        [CF, 3, [[3, 3]], null],
        [PKU, 3, [[3, 3]], null],
        [HUNTINGTON, 1, [[1, 1]], null],
        [CLASSIC_PKU, 1, [[1, 2]], null],
        [MILD_HPA, 1, [], 3],
        [
          ANGELMAN,
          2,
          [
            [1, 1],
            [2, 4],
          ],
          null,
        ],
      ],
    );
    const m = manifestOf(dist);
    const keys = (id: string) =>
      Object.keys(m.entries)
        .filter((k) => historyKeyOf(k)?.id === id)
        .sort();
    assert.deepEqual(keys(CF), [versionsKey(CF), versionKey(CF, 3)]);
    assert.deepEqual(keys(HUNTINGTON), [versionsKey(HUNTINGTON), versionKey(HUNTINGTON, 1)]);
    assert.deepEqual(keys(MILD_HPA), []);
    assert.deepEqual(
      versionsDoc(dist, CF).versions.map((v) => [v.version, v.release]),
      [[3, 'r3']],
    );
    assert.deepEqual(
      versionsDoc(dist, ANGELMAN).versions.map((v) => [v.version, v.release]),
      [
        [2, 'r4'],
        [1, 'r1'],
      ],
    );
    auditObjects(dist, m);
  });

  test('garbage collection removes only what no retained version or release references (once no snapshot kept needs it)', async () => {
    const oldChangeLists = releasesOf(dist3)
      .releases.slice(0, 2)
      .map((r) => r.changes[0]);
    const cfV1Hash = manifestOf(dist3).entries[versionKey(CF, 1)][0];
    const cfV3Hash = manifestOf(dist).entries[versionKey(CF, 3)][0];
    // The previous snapshot (r3's) still references them: a server may still be reading it.
    assert.deepEqual([stored(dist, cfV1Hash), ...oldChangeLists.map((h) => stored(dist, h))], [true, true, true]);
    const again = copyTree(dist, 'history-keep-gc');
    // A forced rebuild of the same inputs: a new snapshot, no new release; r3's snapshot is let go.
    const r = await buildOn('2026-04-02', data, again, true, 2);
    assert.match(r.log, /no new release/);
    // Objects die inside packs: a pruned one stays on disk only in a pack whose live objects are
    // at least COMPACT_BELOW of its bytes; a pack with less is no longer listed, and goes once no
    // kept snapshot lists it.
    const live = liveHashes(again, currentId(again));
    const listed = readCurrentJson<PacksDoc>(again, SNAPSHOT_FILES.packs).packs;
    const previous = readSnapshotJson<PacksDoc>(join(again, 'snapshots', currentId(dist)), SNAPSHOT_FILES.packs).packs;
    const packs = allPacks(again);
    for (const p of listed.filter((x) => previous.some((y) => y.name === x.name))) {
      const idx = packs.indexes.find((x) => x.name === p.name)!;
      const liveBytes = [...idx.objects()].filter((o) => live.has(o.hash)).reduce((n, o) => n + o.size + o.br + o.gzip, 0);
      assert.ok(liveBytes >= COMPACT_BELOW * p.bytes, `${p.name}: ${liveBytes} of ${p.bytes} bytes live`);
    }
    for (const h of [cfV1Hash, ...oldChangeLists]) {
      assert.equal(live.has(h), false);
      const at = packs.locate(h);
      if (at) assert.ok(listed.some((p) => p.name === at.pack) || previous.some((p) => p.name === at.pack), h);
    }
    assert.equal(stored(again, cfV3Hash), true);
    auditObjects(again, manifestOf(again));
  });

  test('through the server: pruned releases and versions are 404, since must leave every later release kept', async () => {
    const keys = makeKeys([{ tier: 'developer', name: 'dev' }]);
    key = keys.keys.dev;
    const dir = mkdtempSync(join(tmpdir(), 'dcs-history-keep-'));
    server = await startServer({
      DIST_DIR: dist,
      KEYS_FILE: keys.file,
      QUOTA_STATE_FILE: join(dir, 'quota.json'),
      LOG_FILE: join(dir, 'access.log'),
    });
    const get = (path: string) => call(server!.url, path, { headers: bearer(key) });
    assert.deepEqual(
      (await get('/api/v1/releases')).json().data.map((r: { id: string }) => r.id),
      ['r4', 'r3'],
    );
    assert.equal((await get('/api/v1/releases/r2')).json().detail, 'No release r2: releases kept: r3 to r4.');
    assert.equal((await get(`/api/v1/diseases/${CF}/versions/1`)).status, 404);
    assert.equal((await get(`/api/v1/diseases/${CF}/versions/3`)).status, 200);
    assert.equal((await get(`/api/v1/diseases/${MILD_HPA}/versions`)).status, 404);
    const tooOld = await get('/api/v1/releases/r4/changes?since=r1');
    assert.deepEqual(
      [tooOld.status, tooOld.json().detail],
      [404, 'The changes after r1 are not all kept: the oldest release kept is r3, so since can be r2 or later.'],
    );
    const merged = (await get('/api/v1/releases/r4/changes?since=r2')).json();
    assert.deepEqual(
      merged.data.map((c: { id: string; kind: string }) => [c.id, c.kind]),
      [
        [ANGELMAN, 'changed'],
        [CF, 'changed'],
        [PKU, 'changed'],
        [MILD_HPA, 'removed'],
      ],
    );
  });
});

describe('a dist/ built before the history existed', () => {
  test('its next build starts the history: release 1, every disease at version 1', async () => {
    const dist = tempDir('pre-history');
    await buildOn('2026-01-01', MINI_DATA, dist);
    // What an earlier build left: a snapshot without releases.json and no version numbers.
    rmSync(join(dist, 'current', SNAPSHOT_FILES.releases));
    const data = copyTree(MINI_DATA, 'pre-history-data');
    editData(data, 'orphanet/orphapackets_2025-12.jsonl.gz', (t) =>
      t.replace('"HPOFrequency":"Occasional (29-5%)"}', '"HPOFrequency":"Frequent (79-30%)"}'),
    );
    await buildOn('2026-02-01', data, dist);
    assert.deepEqual(
      releasesOf(dist).releases.map((r) => [r.id, r.counts]),
      [['r1', { added: 61, changed: 0, removed: 0, unchanged: 0 }]],
    );
    assert.ok(Object.values(contentIndex(dist)).every((e) => e.n === 1));
  });

  test('HISTORY_KEEP must be a whole number of releases: the build refuses anything else', async () => {
    for (const bad of ['0', '-1', '2.5', 'some']) {
      const run = await spawnBuild(MINI_DATA, tempDir('bad-keep'), [], undefined, { HISTORY_KEEP: bad });
      assert.deepEqual(
        [run.code, run.stderr],
        [1, `build failed: 1 bad setting:\n- HISTORY_KEEP: must be a whole number of releases (at least 1) or "all", got "${bad}"\n`],
      );
    }
  });
});
