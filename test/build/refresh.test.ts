import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gunzipSync, gzipSync } from 'node:zlib';
import { create } from 'tar';
import { fetchSources } from '../../build/fetch/fetch-sources.ts';
import { readLock } from '../../build/fetch/lock-file.ts';
import { refresh } from '../../build/fetch/refresh.ts';
import { resolveInputs } from '../../build/ingest/registry.ts';
import { ORPHANET } from '../../build/ingest/sources/orphanet-source.ts';
import { CONTENT, FAST, ROOT, recorder, tempDir } from '../helpers/fetch-harness.ts';
import { startMirror, type MirrorServer } from '../helpers/mirror-server.ts';
import { latestChanges } from '../fixtures/build-pipeline/snapshot-audit.ts';

const MINI = resolve(ROOT, 'test/fixtures/mini-data');
const GARD = 'gard/gard_diseases_2024-05.csv.gz';
let mirror: MirrorServer;
before(async () => {
  mirror = await startMirror(MINI);
});
after(() => mirror.close());

describe('npm run refresh: fetch, then build and publish only when an input changed', () => {
  const data = tempDir('refresh-data');
  const dist = tempDir('refresh-dist');
  const log: string[] = [];
  const run = () =>
    refresh({
      root: ROOT,
      dataDir: data,
      contentDir: CONTENT,
      dist,
      mirror: mirror.url,
      retry: FAST,
      progress: recorder(),
      log: (l) => log.push(l),
    });

  test('the first refresh fetches everything and publishes a snapshot', async () => {
    const r = await run();
    assert.deepEqual([r.ok, r.built], [true, true]);
    assert.equal(readlinkSync(join(dist, 'current')), `snapshots/${r.snapshot}`);
  });

  test('a refresh with nothing new upstream builds nothing', async () => {
    log.length = 0;
    const published = readlinkSync(join(dist, 'current'));
    const r = await run();
    assert.deepEqual([r.ok, r.built, `snapshots/${r.snapshot}`], [true, false, published]);
    assert.equal(log[0].startsWith('Nothing new: '), true, log[0]);
    assert.equal(log.at(-1), `No input changed: snapshot ${r.snapshot} stays published; no build.`);
    assert.equal(readlinkSync(join(dist, 'current')), published);
  });

  test('a new upstream release of one file is fetched, built and published', async () => {
    const text = gunzipSync(readFileSync(join(MINI, GARD))).toString('utf8');
    mirror.replace(
      GARD,
      gzipSync(
        text.replace(
          'GARD:0006233,Orphanet,ORPHA:586,Disorder,Disease,Cystic fibrosis,',
          'GARD:0006233,Orphanet,ORPHA:586,Disorder,Disease,Cystic fibrosis (CF),',
        ),
      ),
    );
    const before = readlinkSync(join(dist, 'current'));
    const r = await run();
    assert.deepEqual([r.ok, r.built], [true, true]);
    assert.notEqual(`snapshots/${r.snapshot}`, before);
    // The new release lists cystic fibrosis as changed (a GARD synonym came with the new file).
    assert.ok(
      latestChanges(dist).some((c) => c.id === 'MONDO:0009061' && c.kind === 'changed'),
      'cystic fibrosis changed',
    );
  });

  test('a failed download stops the refresh before the build', async () => {
    const text = gunzipSync(readFileSync(join(MINI, GARD))).toString('utf8');
    mirror.replace(GARD, gzipSync(text).subarray(0, 100));
    const before = readlinkSync(join(dist, 'current'));
    log.length = 0;
    const r = await run();
    assert.deepEqual([r.ok, r.built], [false, false]);
    assert.equal(log.at(-1), 'refresh stopped: a download failed, so no build; the published snapshot stays.');
    assert.equal(readlinkSync(join(dist, 'current')), before);
    mirror.replace(GARD, readFileSync(join(MINI, GARD)));
  });
});

describe('upstream mode', () => {
  test("downloads the registry's upstream URLs, unpacks an archive atomically, and the build reads the unpacked folder", async () => {
    // A GitHub-style archive of the packet folder, and a registry whose upstream points at this server.
    const staging = tempDir('archive');
    mkdirSync(join(staging, 'orphapacket-HEAD/json'), { recursive: true });
    const packets = resolve(ROOT, 'test/fixtures/ingest/orphapacket-json');
    for (const name of readdirSync(packets)) writeFileSync(join(staging, 'orphapacket-HEAD/json', name), readFileSync(join(packets, name)));
    writeFileSync(join(staging, 'orphapacket-HEAD/README.md'), 'not unpacked\n');
    const archive = join(staging, 'orphapacket.tar.gz');
    await create({ gzip: true, file: archive, cwd: staging }, ['orphapacket-HEAD']);
    mirror.replace('upstream/orphapacket/archive/HEAD.tar.gz', readFileSync(archive));
    const content = tempDir('content');
    const orphanet = {
      ...ORPHANET,
      upstream: [{ ...ORPHANET.upstream[0], url: `${mirror.url}/upstream/orphapacket/archive/HEAD.tar.gz` }],
    };
    const registry = [orphanet];

    const data = tempDir('upstream');
    const first = await fetchSources({ dataDir: data, contentDir: content, registry, retry: FAST, progress: recorder() });
    assert.deepEqual([first.failed, first.changed], [[], ['orphanet/orphapacket.tar.gz']]);
    assert.deepEqual(readdirSync(join(data, 'orphanet/json')).sort(), readdirSync(packets).sort());
    assert.deepEqual(readLock(data).files['orphanet/orphapacket.tar.gz'].url, `${mirror.url}/upstream/orphapacket/archive/HEAD.tar.gz`);
    assert.equal(resolveInputs(orphanet, data, content).get('packets')!.alternative, 'orphanet/json/');
    const second = await fetchSources({ dataDir: data, contentDir: content, registry, retry: FAST, progress: recorder() });
    assert.deepEqual([second.changed, second.unchanged], [[], ['orphanet/orphapacket.tar.gz']]);

    // An archive without the packet folder is rejected; the unpacked folder stays.
    const empty = join(staging, 'empty.tar.gz');
    await create({ gzip: true, file: empty, cwd: staging }, ['orphapacket-HEAD/README.md']);
    mirror.replace('upstream/orphapacket/archive/HEAD.tar.gz', readFileSync(empty));
    const third = await fetchSources({ dataDir: data, contentDir: content, registry, retry: FAST, progress: recorder() });
    assert.deepEqual(third.failed, [{ path: 'orphanet/orphapacket.tar.gz', reason: 'no ORPHApacket_*.json under json/ in the archive' }]);
    assert.equal(readdirSync(join(data, 'orphanet/json')).length, readdirSync(packets).length);
  });

  test('a source without an upstream download says why it is skipped', async () => {
    const run = await fetchSources({
      dataDir: tempDir('skip'),
      contentDir: CONTENT,
      sources: ['ctgov-sample', 'rusp'],
      retry: FAST,
      progress: recorder(),
    });
    assert.deepEqual(
      run.skipped.map((s) => s.source),
      ['ctgov-sample', 'rusp'],
    );
    assert.match(run.skipped[1].reason, /^Our transcription in content\/curated\/rusp\.tsv/);
  });
});

test('the npm run fetch command: plain progress lines, a summary, exit 0; exit 1 when a file fails', async () => {
  const data = tempDir('cli');
  const cli = (args: string[]) =>
    new Promise<{ code: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'build/fetch/fetch-cli.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: data },
      });
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
      });
      child.stderr.on('data', (d) => {
        out += d;
      });
      child.on('close', (code) => done({ code, out }));
    });
  const ok = await cli(['--mirror', mirror.url, '--source', 'gard,nord']);
  assert.equal(ok.code, 0, ok.out);
  assert.match(
    ok.out,
    /^nord \(per-release\) from http:\/\/127\.0\.0\.1:\d+\n {2}mondo-ingest\/nord\.robot\.tsv\.gz: \d+ bytes in \d+\.\d s\n/,
  );
  assert.match(
    ok.out,
    /\nFetched 3 new files \(\d+\.\d MB transferred\): mondo-ingest\/nord\.robot\.tsv\.gz, gard\/gard_diseases_2024-05\.csv\.gz, gard\/gard_xrefs_2024-05\.csv\.gz; 0 unchanged\.\n$/,
  );
  const again = await cli(['--mirror', mirror.url, '--source', 'gard', '--source', 'nord']);
  assert.equal(again.code, 0);
  assert.match(again.out, /\nNothing new: 3 files checked, none changed; nothing transferred\.\n$/);
  mirror.replace('mondo-ingest/nord.robot.tsv.gz', Buffer.from('not gzip'));
  const corrupt = await cli(['--mirror', mirror.url, '--source', 'nord']);
  assert.equal(corrupt.code, 1);
  assert.match(
    corrupt.out,
    /\nFAILED mondo-ingest\/nord\.robot\.tsv\.gz: truncated or corrupt gzip data\n1 file failed; the files already in DATA_DIR were kept\.\n$/,
  );
  mirror.replace('mondo-ingest/nord.robot.tsv.gz', readFileSync(join(MINI, 'mondo-ingest/nord.robot.tsv.gz')));
  const unknown = await cli(['--mirror', mirror.url, '--source', 'nothing']);
  assert.equal(unknown.code, 1);
  assert.match(unknown.out, /^fetch failed: unknown source "nothing"; sources: mondo, /);
});
