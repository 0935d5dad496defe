import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { isDue, releaseBoundary } from '../../build/fetch/cadence.ts';
import { fetchSources } from '../../build/fetch/fetch-sources.ts';
import { readLock } from '../../build/fetch/lock-file.ts';
import { createProgress } from '../../build/fetch/transfer-progress.ts';
import { describeSummary } from '../../build/fetch/report.ts';
import { buildInputs, CONTENT, FAST, recorder, sha256, tempDir } from '../helpers/fetch-harness.ts';
import { REAL_DATA as RAW } from '../helpers/real-snapshot.ts';
import { startMirror, type MirrorServer } from '../helpers/mirror-server.ts';

let mirror: MirrorServer;
before(async () => {
  mirror = await startMirror(RAW);
});
after(() => mirror.close());

const FIRST = new Date('2026-11-23T10:00:00Z'); // a Monday
const at = (iso: string) => () => new Date(iso);

describe('npm run fetch --mirror (a mirror laid out like DATA_DIR)', () => {
  const data = tempDir('full');
  let firstRun: Awaited<ReturnType<typeof fetchSources>>;

  test('fills an empty DATA_DIR with every file the build reads, and records each in the lock file', async () => {
    const progress = recorder();
    firstRun = await fetchSources({ dataDir: data, contentDir: CONTENT, mirror: mirror.url, retry: FAST, progress, now: () => FIRST });
    const expected = buildInputs(RAW);
    assert.deepEqual(firstRun.failed, []);
    assert.deepEqual([...firstRun.changed].sort(), expected);
    assert.deepEqual(buildInputs(data), expected, 'the fetched DATA_DIR resolves to the same inputs');
    const lock = readLock(data);
    assert.deepEqual(Object.keys(lock.files).sort(), expected);
    for (const path of expected) {
      const entry = lock.files[path];
      const seen = mirror.requests.find((r) => r.path === path && r.status === 200)!;
      assert.ok(seen, path);
      assert.deepEqual(
        entry,
        {
          source: entry.source,
          url: `${mirror.url}/${path}`,
          etag: entry.etag,
          lastModified: entry.lastModified,
          size: statSync(join(RAW, path)).size,
          sha256: sha256(join(RAW, path)),
          fetchedAt: FIRST.toISOString(),
          checkedAt: FIRST.toISOString(),
        },
        path,
      );
      assert.match(entry.etag!, /^"[0-9a-f]{32}"$/);
      assert.match(entry.lastModified!, /GMT$/);
      assert.equal(sha256(join(data, path)), entry.sha256, path);
    }
    assert.equal(lock.files['gard/gard_diseases_2024-05.csv.gz'].source, 'gard');
    assert.equal(lock.files['fda/oopd_all_designations_2024-06.csv.gz'].source, 'fda-oopd');
    assert.equal(lock.files['fda/oopd_orphan_designations_approved_2022-07.csv.gz'], undefined, 'only the release the build reads');
    assert.match(describeSummary(firstRun)[0], new RegExp(`^Fetched ${expected.length} new files \\(\\d+\\.\\d MB transferred\\): `));
    assert.ok(progress.lines.includes(`gard (per-release) from ${mirror.url}`));
  });

  test('a second run asks conditionally, gets 304 for everything, transfers nothing and says so', async () => {
    const before = mirror.requests.length;
    const second = new Date('2026-11-23T11:00:00Z');
    const run = await fetchSources({
      dataDir: data,
      contentDir: CONTENT,
      mirror: mirror.url,
      retry: FAST,
      progress: recorder(),
      now: () => second,
    });
    const expected = buildInputs(RAW);
    assert.deepEqual([run.changed, run.failed, [...run.unchanged].sort(), run.bytes], [[], [], expected, 0]);
    assert.deepEqual(describeSummary(run), [`Nothing new: ${expected.length} files checked, none changed; nothing transferred.`]);
    const asked = mirror.requests.slice(before).filter((r) => r.status !== 404 && r.path !== 'fetch-lock.json');
    assert.equal(asked.length, expected.length);
    for (const r of asked) {
      assert.equal(r.status, 304, r.path);
      assert.equal(r.bytes, 0, r.path);
      assert.match(String(r.headers['if-none-match']), /^"[0-9a-f]{32}"$/, r.path);
      assert.equal(r.headers['if-modified-since'], readLock(data).files[r.path].lastModified, r.path);
    }
    const lock = readLock(data);
    for (const path of expected)
      assert.deepEqual([lock.files[path].fetchedAt, lock.files[path].checkedAt], [FIRST.toISOString(), second.toISOString()], path);
  });
});

describe('--source and --due', () => {
  test('--source fetches only the named sources; an unknown name is an error listing the sources', async () => {
    const data = tempDir('source');
    const before = mirror.requests.length;
    const run = await fetchSources({
      dataDir: data,
      contentDir: CONTENT,
      mirror: mirror.url,
      sources: ['gard'],
      retry: FAST,
      progress: recorder(),
      now: () => FIRST,
    });
    assert.deepEqual(run.changed, ['gard/gard_diseases_2024-05.csv.gz', 'gard/gard_xrefs_2024-05.csv.gz']);
    assert.deepEqual(
      mirror.requests.slice(before).map((r) => [r.path, r.status]),
      [
        ['fetch-lock.json', 404],
        ['gard/GARD.csv', 404],
        ['gard/gard_diseases_2024-05.csv.gz', 200],
        ['gard/GARD_xrefs.csv', 404],
        ['gard/gard_xrefs_2024-05.csv.gz', 200],
      ],
    );
    await assert.rejects(
      fetchSources({ dataDir: data, contentDir: CONTENT, mirror: mirror.url, sources: ['gardd'], progress: recorder() }),
      {
        message:
          'unknown source "gardd"; sources: mondo, mondo-ingest, nord, hpo, hgnc, orphanet, doid, fda-oopd, gard, ctgov-sample, ctgov-angelman, rusp',
      },
    );
  });

  test('--due skips sources whose cadence says nothing new can exist since they were last checked', async () => {
    const data = tempDir('due');
    const sources = ['hpo', 'fda-oopd', 'gard'];
    await fetchSources({
      dataDir: data,
      contentDir: CONTENT,
      mirror: mirror.url,
      sources,
      retry: FAST,
      progress: recorder(),
      now: () => FIRST,
    });
    const due = async (iso: string) => {
      const run = await fetchSources({
        dataDir: data,
        contentDir: CONTENT,
        mirror: mirror.url,
        sources,
        due: true,
        retry: FAST,
        progress: recorder(),
        now: at(iso),
      });
      return { checked: [...new Set(run.unchanged.map((p) => p.split('/')[0]))].sort(), skipped: run.skipped.map((s) => s.source) };
    };
    // Two hours later: only the per-release source (GARD) may have something new.
    assert.deepEqual(await due('2026-11-23T12:00:00Z'), { checked: ['gard'], skipped: ['hpo', 'fda-oopd'] });
    // Sunday: the weekly FDA export is due again; HPO (monthly, the 1st) is not.
    assert.deepEqual(await due('2026-11-29T01:00:00Z'), { checked: ['fda', 'gard'], skipped: ['hpo'] });
    // The 1st of the month: HPO is due; the FDA export was checked after Sunday's boundary.
    assert.deepEqual(await due('2026-12-01T00:30:00Z'), { checked: ['gard', 'hpo'], skipped: ['fda-oopd'] });
    const run = await fetchSources({
      dataDir: data,
      contentDir: CONTENT,
      mirror: mirror.url,
      sources: ['hpo'],
      due: true,
      retry: FAST,
      progress: recorder(),
      now: at('2026-12-01T02:00:00Z'),
    });
    assert.deepEqual(run.skipped, [{ source: 'hpo', reason: 'not due (monthly-1st; last checked 2026-12-01T00:30:00.000Z)' }]);
  });

  test('release boundaries in UTC per cadence', () => {
    const now = new Date('2026-11-25T15:00:00Z'); // a Wednesday
    assert.equal(releaseBoundary('daily', now).toISOString(), '2026-11-25T00:00:00.000Z');
    assert.equal(releaseBoundary('weekly-sunday', now).toISOString(), '2026-11-22T00:00:00.000Z');
    assert.equal(releaseBoundary('monthly-1st', now).toISOString(), '2026-11-01T00:00:00.000Z');
    assert.deepEqual(
      [
        isDue('daily', '2026-11-24T23:59:59Z', now),
        isDue('daily', '2026-11-25T00:00:00Z', now),
        isDue('per-release', '2026-11-25T14:59:00Z', now),
        isDue('weekly-sunday', null, now),
      ],
      [true, false, true, true],
    );
  });
});

describe('progress', () => {
  test('draws a bar on a terminal and plain lines elsewhere', () => {
    const tty = {
      text: '',
      isTTY: true,
      columns: 80,
      write(s: string) {
        this.text += s;
      },
    };
    const p = createProgress(tty);
    p.update('mondo/mondo.obo', 25_000_000, 50_000_000);
    p.line('  mondo/mondo.obo: 50000000 bytes in 2.0 s');
    assert.equal(
      tty.text,
      `\r${'[###############               ]  50% 25.0 MB / 50.0 MB mondo/mondo.obo'.padEnd(79)}\r\x1b[K  mondo/mondo.obo: 50000000 bytes in 2.0 s\n`,
    );
    const pipe = {
      text: '',
      isTTY: false,
      write(s: string) {
        this.text += s;
      },
    };
    const q = createProgress(pipe);
    q.update('mondo/mondo.obo', 25_000_000, 50_000_000);
    q.line('done');
    assert.equal(pipe.text, 'done\n');
    assert.equal(readFileSync(join(RAW, 'SOURCES.md'), 'utf8').length > 0, true);
  });
});
