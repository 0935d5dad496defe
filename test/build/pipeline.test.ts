import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, mock, test } from 'node:test';
import type { ReleaseDoc } from '../../server/contract/snapshot/release.ts';
import { IngestError } from '../../build/ingest/source-types.ts';
import { SECTION_KEYS } from '../../server/contract/api/vocab.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import type { DownloadsDoc } from '../../server/contract/snapshot/downloads.ts';
import type { PacksDoc } from '../../server/contract/snapshot/packs.ts';
import { SNAPSHOT_FILES, diseaseKey, sectionKey, versionKey, versionsKey } from '../../server/contract/snapshot/route-map.ts';
import { DISEASE_RESOURCES } from '../../server/contract/api/paths.ts';
import { MINI_DATA, build, copyTree, editData, spawnBuild, tempDir, treeState } from '../fixtures/build-pipeline/pipeline-harness.ts';
import {
  auditObjects,
  body,
  contentIndex,
  currentId,
  latestChanges,
  liveHashes,
  storedHashes,
  tempPackFiles,
  readCurrentJson,
  releasesOf,
  snapshotDirs,
  storedRecord,
} from '../fixtures/build-pipeline/snapshot-audit.ts';
import { MINI_DISEASES } from '../fixtures/mini-data/make-mini-data.ts';

const CF = 'MONDO:0009061';
const HUNTINGTON = 'MONDO:0007739';
const BASE_DAY = '2026-01-01';
const manifestOf = (dist: string) => readCurrentJson<Manifest>(dist, SNAPSHOT_FILES.manifest);

// One published snapshot of the mini data, built "on" BASE_DAY so that later builds (today) can
// tell a carried-over lastChanged from a new one. Tests copy it and never write to it.
let baseDist = '';
let base: Awaited<ReturnType<typeof build>>;
before(async () => {
  baseDist = tempDir('base');
  mock.timers.enable({ apis: ['Date'], now: Date.parse(`${BASE_DAY}T00:00:00.000Z`) });
  try {
    base = await build(MINI_DATA, baseDist);
  } finally {
    mock.timers.reset();
  }
  assert.equal(base.ok, true, base.log);
});

test('the build publishes current -> snapshots/<id>; every disease resource, section and obsolete id has a hash-correct entry', () => {
  assert.equal(readlinkSync(join(baseDist, 'current')), `snapshots/${base.snapshot}`);
  assert.match(base.snapshot!, /^20260101T000000Z-[0-9a-f]{8}$/);
  for (const file of Object.values(SNAPSHOT_FILES)) assert.ok(existsSync(join(baseDist, 'current', file)), file);
  const m = manifestOf(baseDist);
  assert.equal(m.snapshot, base.snapshot);
  const ids = Object.keys(contentIndex(baseDist)).sort();
  assert.equal(ids.length, 61);
  for (const id of MINI_DISEASES) assert.ok(ids.includes(id), id);
  const keys = [
    ...ids.flatMap((id) => [
      ...DISEASE_RESOURCES.map((r) => diseaseKey(id, r)),
      ...SECTION_KEYS.map((s) => sectionKey(id, s)),
      versionsKey(id),
      versionKey(id, 1),
    ]),
    ...Object.keys(m.obsolete),
  ].sort();
  assert.deepEqual(Object.keys(m.entries).sort(), keys);
  assert.deepEqual(m.sections, [...SECTION_KEYS]);
  assert.deepEqual(m.counts, { diseases: 61, obsolete: 5, objects: keys.length });
  assert.deepEqual(m.obsolete['MONDO:0018917'], { label: 'Marfan syndrome', replacedBy: 'MONDO:0007947', consider: [] });
  assert.deepEqual(m.obsolete['MONDO:0015118'], { label: 'rare pulmonary disease', replacedBy: null, consider: ['MONDO:0005087'] });
  assert.deepEqual(m.obsolete['MONDO:0016899'], { label: 'Duchenne and Becker muscular dystrophy', replacedBy: null, consider: [] });

  const audit = auditObjects(baseDist, m);
  assert.equal(audit.checked, keys.length);
  assert.ok(audit.compressed > 0, 'some bodies are over 1 KB and have variants');
  // Version 1 of every disease is the record body the release published.
  for (const id of ids) assert.deepEqual(m.entries[versionKey(id, 1)], m.entries[id], id);
  // The packs hold exactly the referenced objects, once each: nothing stray, nothing missing.
  const downloads = readCurrentJson<DownloadsDoc>(baseDist, SNAPSHOT_FILES.downloads).files.flatMap((f) => f.parts.map((p) => p.hash));
  const expected = [...Object.values(m.entries), ...releasesOf(baseDist).releases.map((r) => r.changes)].map(([hash]) => hash);
  assert.deepEqual(storedHashes(baseDist), [...new Set([...expected, ...downloads])].sort());
  const packs = readCurrentJson<PacksDoc>(baseDist, SNAPSHOT_FILES.packs).packs;
  assert.deepEqual(readdirSync(join(baseDist, 'packs')).sort(), packs.flatMap((p) => [`${p.name}.idx`, `${p.name}.pack`]).sort());
  assert.equal(existsSync(join(baseDist, 'objects')), false);
});

test('record bodies splice at entry[4] ("sections":) and section bodies hold their section at bytes [8, entry[4])', () => {
  const m = manifestOf(baseDist);
  for (const id of Object.keys(contentIndex(baseDist))) {
    const entry = m.entries[id];
    const bytes = body(baseDist, entry);
    const record = JSON.parse(bytes.toString('utf8')).data;
    assert.equal(bytes.subarray(entry[4]).toString('utf8'), `"sections":${JSON.stringify(record.sections)}}}`, id);
    assert.deepEqual(Object.keys(record.sections), [...SECTION_KEYS], id);
    for (const s of SECTION_KEYS) {
      const se = m.entries[sectionKey(id, s)];
      const sb = body(baseDist, se);
      assert.equal(sb.subarray(0, 8).toString('utf8'), '{"data":', `${id} ${s}`);
      assert.equal(sb.subarray(8, se[4]).toString('utf8'), JSON.stringify(record.sections[s]), `${id} ${s}`);
    }
  }
});

test('a rebuild with unchanged inputs is up to date and writes nothing', async () => {
  const dist = copyTree(baseDist, 'nochange');
  const beforeState = treeState(dist);
  const again = await build(MINI_DATA, dist);
  assert.deepEqual(
    { ok: again.ok, upToDate: again.upToDate, snapshot: again.snapshot },
    { ok: true, upToDate: true, snapshot: base.snapshot },
  );
  assert.match(again.log, /is current: inputs unchanged/);
  assert.deepEqual(treeState(dist), beforeState);
  assert.equal(beforeState.current, `-> snapshots/${base.snapshot}`);
});

test('a build killed midway leaves the previous snapshot serving intact, and the next build succeeds', async () => {
  const dist = copyTree(baseDist, 'kill');
  const data = copyTree(MINI_DATA, 'kill-data');
  // A new Mondo release date changes every record, so the killed build has many objects to write.
  for (const f of readdirSync(join(data, 'mondo/mappings')))
    editData(data, `mondo/mappings/${f}`, (t) => t.replace('/releases/2026-08-04/', '/releases/2026-09-01/'));
  const previous = manifestOf(dist);
  const history = releasesOf(dist);
  // Past 50% of the records, the first batches of objects have been written (see compileBodies).
  const run = await spawnBuild(data, dist, [], (stderr) => /compile responses: \d+\/\d+ \(([5-9]\d|100)%\)/.test(stderr));
  assert.equal(run.signal, 'SIGKILL', `the build was not killed midway:\n${run.stdout}\n${run.stderr}`);
  assert.ok(
    snapshotDirs(dist).some((n) => n.startsWith('.staging-')),
    'killed after staging began',
  );
  assert.equal(tempPackFiles(dist).length, 1, 'the killed build had started its pack');

  assert.equal(currentId(dist), base.snapshot);
  assert.deepEqual(manifestOf(dist), previous);
  assert.deepEqual(releasesOf(dist), history, 'the history is untouched');
  auditObjects(dist, previous);

  const next = await build(data, dist);
  assert.deepEqual({ ok: next.ok, upToDate: next.upToDate }, { ok: true, upToDate: false }, next.log);
  assert.notEqual(next.snapshot, base.snapshot);
  assert.equal(currentId(dist), next.snapshot);
  assert.deepEqual(snapshotDirs(dist), [base.snapshot!, next.snapshot!].sort(), 'staging leftovers removed, previous kept');
  const current = manifestOf(dist);
  auditObjects(dist, current);
  assert.equal(storedRecord(dist, current, CF).metadata.sources.find((s) => s.source === 'mondo')?.release, '2026-09-01');
  // The killed build took no release number: the next one is r2, on top of the untouched r1.
  assert.deepEqual(
    releasesOf(dist).releases.map((r) => [r.id, r.counts.changed]),
    [
      ['r1', 0],
      ['r2', 61],
    ],
  );
  const live = new Set([...liveHashes(dist, next.snapshot!), ...liveHashes(dist, base.snapshot!)]);
  assert.deepEqual(
    [...tempPackFiles(dist), ...storedHashes(dist).filter((h) => !live.has(h))],
    [],
    'garbage of the killed build collected',
  );
});

test('a changed Orphanet phenotype frequency is a release that changed that disease only', async () => {
  const dist = copyTree(baseDist, 'changelog');
  const data = copyTree(MINI_DATA, 'changelog-data');
  const from = '{"HPOId":"HP:0002783","HPOTerm":"Recurrent lower respiratory tract infections","HPOFrequency":"Occasional (29-5%)"}';
  editData(data, 'orphanet/orphapackets_2025-12.jsonl.gz', (t) => t.replace(from, from.replace('Occasional (29-5%)', 'Frequent (79-30%)')));
  const previous = manifestOf(dist);
  const prevIndex = contentIndex(dist);

  const next = await build(data, dist);
  assert.deepEqual({ ok: next.ok, upToDate: next.upToDate }, { ok: true, upToDate: false }, next.log);
  const today = manifestOf(dist).builtAt.slice(0, 10);
  assert.notEqual(today, BASE_DAY);
  const index = contentIndex(dist);
  const releases = releasesOf(dist).releases;
  assert.deepEqual(
    releases.map((r) => [r.id, r.previous, r.counts]),
    [
      ['r1', null, { added: 61, changed: 0, removed: 0, unchanged: 0 }],
      ['r2', 'r1', { added: 0, changed: 1, removed: 0, unchanged: 60 }],
    ],
  );
  assert.deepEqual(
    releases[1].sources.filter((s) => s.changed).map((s) => s.id),
    ['orphanet'],
  );
  assert.deepEqual(latestChanges(dist), [
    {
      id: CF,
      name: 'cystic fibrosis',
      kind: 'changed',
      release: 'r2',
      sections: ['clinical-features'],
      fields: ['phenotypes'],
      before: { version: 1, contentVersion: prevIndex[CF].v },
      after: { version: 2, contentVersion: index[CF].v },
      replacedBy: null,
      consider: [],
    },
  ]);
  assert.notEqual(index[CF].v, prevIndex[CF].v);
  assert.deepEqual(
    [index[CF].n, index[CF].hist, index[HUNTINGTON].n, index[HUNTINGTON].hist],
    [
      2,
      [
        [1, 1],
        [2, 2],
      ],
      1,
      [[1, 1]],
    ],
  );

  const m = manifestOf(dist);
  const cf = storedRecord(dist, m, CF);
  assert.deepEqual(
    { v: cf.metadata.contentVersion, n: cf.metadata.version, changed: cf.metadata.lastChanged },
    { v: index[CF].v, n: 2, changed: today },
  );
  const phenotype = cf.phenotypes.find((p) => p.hpoId === 'HP:0002783');
  assert.equal(phenotype?.frequency?.label, 'Frequent');
  assert.deepEqual(
    phenotype.sources.map((s) => [s.source, s.frequencyRaw]),
    [['orphanet', 'Frequent (79-30%)']],
  );
  const hd = storedRecord(dist, m, HUNTINGTON);
  assert.deepEqual(
    { v: hd.metadata.contentVersion, n: hd.metadata.version, changed: hd.metadata.lastChanged },
    { v: prevIndex[HUNTINGTON].v, n: 1, changed: BASE_DAY },
  );
  // Every body of every other disease is byte-identical, so it keeps its object and ETag; CF's
  // version list is rewritten and its new version is added, while version 1 keeps the old body.
  const moved = Object.keys(m.entries).filter((k) => m.entries[k][0] !== previous.entries[k]?.[0]);
  assert.deepEqual(
    moved,
    [CF, `${CF}/phenotypes`, sectionKey(CF, 'clinical-features'), `${CF}/summary`, versionsKey(CF), versionKey(CF, 2)].sort(),
  );
  assert.deepEqual(m.entries[versionKey(CF, 1)], previous.entries[CF]);
  assert.deepEqual(m.entries[versionKey(CF, 2)], m.entries[CF]);
  const release = readCurrentJson<ReleaseDoc>(dist, SNAPSHOT_FILES.release);
  const ingested = Object.fromEntries(release.sources.map((s) => [s.id, s.ingestedAt.slice(0, 10)]));
  assert.equal(ingested.orphanet, today);
  assert.equal(ingested.mondo, BASE_DAY);
});

test('tier 1: a malformed Mondo id exits 1 naming the file and line, and the previous snapshot stays published', async () => {
  const dist = copyTree(baseDist, 'tier1');
  const data = copyTree(MINI_DATA, 'tier1-data');
  let line = 0;
  editData(data, 'mondo/class-stats.tsv.gz', (t) => {
    const lines = t.split('\n');
    line = lines.findIndex((l) => l.startsWith(`${CF}\t`)) + 1;
    lines[line - 1] = lines[line - 1].replace(CF, 'MONDO:009061');
    return lines.join('\n');
  });
  const state = treeState(dist);
  const run = await spawnBuild(data, dist);
  assert.equal(run.code, 1, run.stdout + run.stderr);
  assert.equal(
    run.stderr,
    `build failed (tier 1): ${join(data, 'mondo/class-stats.tsv.gz')} line ${line}: malformed Mondo id "MONDO:009061"\nThe previous snapshot, if any, is still the one served.\n`,
  );
  assert.deepEqual(treeState(dist), state);
});

test('tier 1: a truncated gzip input fails the build naming the file, and nothing is written', async () => {
  const dist = copyTree(baseDist, 'gzip');
  const data = copyTree(MINI_DATA, 'gzip-data');
  const file = join(data, 'mondo/mondo_subsets.tsv.gz');
  const bytes = readFileSync(file);
  writeFileSync(file, bytes.subarray(0, bytes.length >> 1));
  const state = treeState(dist);
  await assert.rejects(build(data, dist), (err: unknown) => {
    assert.ok(err instanceof IngestError);
    assert.equal(err.message, `${file}: truncated or corrupt gzip data`);
    return true;
  });
  assert.deepEqual(treeState(dist), state);
  assert.equal(currentId(dist), base.snapshot);
});
