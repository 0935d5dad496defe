import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { fetchSources, PARTIAL_DIR } from '../../build/fetch/fetch-sources.ts';
import { readLock } from '../../build/fetch/lock-file.ts';
import { describeSummary } from '../../build/fetch/report.ts';
import { CONTENT, FAST, recorder, sha256, tempDir } from '../helpers/fetch-harness.ts';
import { REAL_DATA as RAW } from '../helpers/real-snapshot.ts';
import { startMirror, type MirrorServer } from '../helpers/mirror-server.ts';

let mirror: MirrorServer;
before(async () => {
  mirror = await startMirror(RAW);
});
after(() => mirror.close());

const HP = 'hpo/hp_2023-01-27.json.gz';
const GARD = 'gard/gard_diseases_2024-05.csv.gz';
const requestsFor = (path: string, since: number) => mirror.requests.slice(since).filter((r) => r.path === path);

test('an interrupted transfer is resumed with a range request and completes', async () => {
  const data = tempDir('resume');
  const since = mirror.requests.length;
  mirror.interrupt(HP, 500_000);
  const progress = recorder();
  const run = await fetchSources({ dataDir: data, contentDir: CONTENT, mirror: mirror.url, sources: ['hpo'], retry: FAST, progress });
  assert.deepEqual(run.failed, []);
  const seen = requestsFor(HP, since);
  assert.deepEqual(
    seen.map((r) => [r.status, r.bytes, r.headers.range ?? null]),
    [
      [200, 500_000, null],
      [206, statSync(join(RAW, HP)).size - 500_000, 'bytes=500000-'],
    ],
  );
  assert.equal(seen[1].headers['if-range'], readLock(data).files[HP].etag);
  assert.equal(sha256(join(data, HP)), sha256(join(RAW, HP)));
  assert.ok(
    progress.lines.includes(
      `  ${HP}: ${statSync(join(RAW, HP)).size} bytes in ${/ in (\d+\.\d) s/.exec(progress.lines.find((l) => l.startsWith(`  ${HP}:`))!)![1]} s, resumed at 500000 bytes (2 attempts)`,
    ),
  );
  assert.equal(existsSync(join(data, PARTIAL_DIR, HP)), false, 'no partial left behind');
});

test('a transfer that fails every attempt leaves no file but a partial body, which the next run resumes', async () => {
  const data = tempDir('resume-runs');
  mirror.interrupt(HP, 300_000);
  const first = await fetchSources({
    dataDir: data,
    contentDir: CONTENT,
    mirror: mirror.url,
    sources: ['hpo'],
    retry: { ...FAST, retries: 0 },
    progress: recorder(),
  });
  assert.equal(first.failed.length, 1);
  assert.equal(first.failed[0].path, HP);
  assert.match(
    first.failed[0].reason,
    new RegExp(`^${mirror.url}/${HP}: failed after 1 attempts \\(last: transfer interrupted at 300000 bytes \\(.+\\)\\)$`),
  );
  assert.equal(existsSync(join(data, HP)), false, 'nothing placed');
  assert.equal(statSync(join(data, PARTIAL_DIR, HP)).size, 300_000);
  assert.equal(readLock(data).files[HP], undefined);
  assert.deepEqual(describeSummary(first).slice(1), [
    `FAILED ${HP}: ${first.failed[0].reason}`,
    '1 file failed; the files already in DATA_DIR were kept.',
  ]);

  const since = mirror.requests.length;
  const second = await fetchSources({
    dataDir: data,
    contentDir: CONTENT,
    mirror: mirror.url,
    sources: ['hpo'],
    retry: FAST,
    progress: recorder(),
  });
  assert.deepEqual(second.failed, []);
  assert.deepEqual(
    requestsFor(HP, since).map((r) => [r.status, r.headers.range]),
    [[206, 'bytes=300000-']],
  );
  assert.equal(sha256(join(data, HP)), sha256(join(RAW, HP)));
});

test('a corrupt or wrong download is rejected and the good file and its lock entry are kept', async () => {
  const data = tempDir('corrupt');
  await fetchSources({ dataDir: data, contentDir: CONTENT, mirror: mirror.url, sources: ['gard'], retry: FAST, progress: recorder() });
  const good = sha256(join(data, GARD));
  const entry = readLock(data).files[GARD];
  const original = readFileSync(join(RAW, GARD));

  mirror.replace(GARD, original.subarray(0, Math.floor(original.length / 2)));
  const truncated = await fetchSources({
    dataDir: data,
    contentDir: CONTENT,
    mirror: mirror.url,
    sources: ['gard'],
    retry: FAST,
    progress: recorder(),
  });
  assert.deepEqual(truncated.failed, [{ path: GARD, reason: 'truncated or corrupt gzip data' }]);
  assert.equal(sha256(join(data, GARD)), good);
  assert.deepEqual(readLock(data).files[GARD], entry);
  assert.equal(existsSync(join(data, PARTIAL_DIR, GARD)), false);

  mirror.replace(GARD, gzipSync('<!DOCTYPE html><html><body>Service temporarily unavailable</body></html>'));
  const html = await fetchSources({
    dataDir: data,
    contentDir: CONTENT,
    mirror: mirror.url,
    sources: ['gard'],
    retry: FAST,
    progress: recorder(),
  });
  assert.deepEqual(html.failed, [{ path: GARD, reason: 'an HTML page, not the data file (an error or login page?)' }]);
  assert.equal(sha256(join(data, GARD)), good);
});

test('server errors are retried with backoff; a new release then replaces the file', async () => {
  const data = tempDir('retry');
  await fetchSources({ dataDir: data, contentDir: CONTENT, mirror: mirror.url, sources: ['gard'], retry: FAST, progress: recorder() });
  // A new (one-row) release of the file on the mirror.
  const next = gzipSync(
    'GardID,DataSource,SourceID,ClassificationLevel,DisorderType,Name,Synonym\nGARD:0006233,Orphanet,ORPHA:586,Disorder,Disease,Cystic fibrosis,CF\n',
  );
  mirror.replace(GARD, next);
  mirror.failWith(GARD, 503, 2);
  const since = mirror.requests.length;
  const run = await fetchSources({
    dataDir: data,
    contentDir: CONTENT,
    mirror: mirror.url,
    sources: ['gard'],
    retry: FAST,
    progress: recorder(),
  });
  assert.deepEqual([run.failed, run.changed], [[], [GARD]]);
  assert.deepEqual(
    requestsFor(GARD, since).map((r) => r.status),
    [503, 503, 200],
  );
  assert.deepEqual(readFileSync(join(data, GARD)), next);
  assert.equal(readLock(data).files[GARD].sha256, sha256(join(data, GARD)));

  mirror.failWith(GARD, 503, 10);
  const down = await fetchSources({
    dataDir: data,
    contentDir: CONTENT,
    mirror: mirror.url,
    sources: ['gard'],
    retry: FAST,
    progress: recorder(),
  });
  assert.deepEqual(down.failed, [{ path: GARD, reason: `${mirror.url}/${GARD}: failed after 4 attempts (last: HTTP 503)` }]);
  assert.deepEqual(readFileSync(join(data, GARD)), next);
});
