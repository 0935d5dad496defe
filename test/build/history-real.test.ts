import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Change, ReleasesDoc } from '../../server/contract/snapshot/history.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { historyKeyOf, SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { type PacksDoc, packFile, packIndexFile } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';
import { build, copyTree, editData } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { body, currentId, readCurrentJson } from '../fixtures/build-pipeline/snapshot-audit.ts';
import { ensureRealSnapshot, REAL_DATA, REAL_DIST, REBUILDS_REAL_DATA } from '../helpers/real-snapshot.ts';

/**
 * The real data's published snapshot (dist/, built once for the suite), then a rebuild with one
 * Orphanet phenotype frequency of cystic fibrosis changed, which must change that disease alone:
 * nothing in the build may differ between two runs over the same facts. The rebuild goes into a
 * hard-linked copy of dist/ (the build only ever adds files and renames them into place, so the
 * copy never writes through to the original), so the suite pays for one build, not two. Prints
 * the figures build/README.md reports (build time, a release's files and bytes, and what the new
 * release adds) and holds them to issue 21's bounds.
 */

const CF = 'MONDO:0009061';
const FROM = '{"HPOId":"HP:0002783","HPOTerm":"Recurrent lower respiratory tract infections","HPOFrequency":"Occasional (29-5%)"}';
const CF_PACKET = '"ORPHAcode":"586","Label":"Cystic fibrosis"';

/** One file of a release: its path under dist/, its bytes, and the disk it takes (allocated blocks). */
interface ReleaseFile {
  path: string;
  bytes: number;
  disk: number;
}

/** Every file a published snapshot needs: its folder (manifest, indexes, documents) and the packs it lists. */
function releaseFiles(dist: string, snapshot: string): ReleaseFile[] {
  const dir = join(dist, 'snapshots', snapshot);
  const file = (path: string): ReleaseFile => {
    const st = statSync(join(dist, path));
    return { path, bytes: st.size, disk: st.blocks * 512 };
  };
  const packs = readSnapshotJson<PacksDoc>(dir, SNAPSHOT_FILES.packs).packs;
  return [
    ...readdirSync(dir).map((f) => file(`snapshots/${snapshot}/${f}`)),
    ...packs.flatMap((p) => [file(packFile(p.name)), file(packIndexFile(p.name))]),
  ];
}

const sum = (files: ReleaseFile[], k: 'bytes' | 'disk') => files.reduce((n, f) => n + f[k], 0);

/** Objects only the history keeps: old version bodies, version lists, change lists (not served as current responses). */
function historyOnly(dist: string): { objects: number; bytes: number } {
  const m = readCurrentJson<Manifest>(dist, SNAPSHOT_FILES.manifest);
  const releases = readCurrentJson<ReleasesDoc>(dist, SNAPSHOT_FILES.releases);
  const packs = snapshotPacks(dist, join(dist, 'current'));
  const current = new Set(
    Object.entries(m.entries)
      .filter(([k]) => !historyKeyOf(k))
      .map(([, e]) => e[0]),
  );
  const history = new Set([
    ...Object.entries(m.entries)
      .filter(([k]) => historyKeyOf(k))
      .map(([, e]) => e[0]),
    ...releases.releases.map((r) => r.changes[0]),
  ]);
  let bytes = 0;
  let objects = 0;
  for (const h of history)
    if (!current.has(h)) {
      objects++;
      const at = packs.locate(h);
      bytes += at ? at.size + at.br + at.gzip : 0;
    }
  return { objects, bytes };
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const seconds = (log: string, phase: string) => Number(new RegExp(`${phase} ([\\d.]+) s`).exec(log)?.[1]);

describe('the history on the real data', {
  skip: REBUILDS_REAL_DATA ? false : 'DCS_TEST_SNAPSHOT=given: the real data is rebuilt on the line that built it',
}, () => {
  let dist = '';
  let data = '';
  const figures: string[] = [];
  let second: Awaited<ReturnType<typeof build>>;
  let release1: ReleaseFile[];
  let release2: ReleaseFile[];
  let history1: { objects: number; bytes: number };
  before(async () => {
    await ensureRealSnapshot();
    // Hard links need the same file system as dist/: the copy goes beside it, in the ignored .scratch/.
    dist = join(dirname(REAL_DIST), '.scratch', `history-real-${process.pid}`);
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(dirname(dist), { recursive: true });
    execFileSync('cp', ['-al', REAL_DIST, dist]);
    data = copyTree(REAL_DATA, 'history-real-data');
    release1 = releaseFiles(dist, currentId(dist));
    history1 = historyOnly(dist);
    // The row is in several packets: edit it in the cystic fibrosis packet (ORPHA:586) only.
    editData(data, 'orphanet/orphapackets_2025-12.jsonl.gz', (t) =>
      t
        .split('\n')
        .map((line) => {
          if (!line.includes(CF_PACKET)) return line;
          assert.equal(line.split(FROM).length, 2, 'the edited row is once in the CF packet');
          return line.replace(FROM, FROM.replace('Occasional (29-5%)', 'Frequent (79-30%)'));
        })
        .join('\n'),
    );
    second = await build(data, dist);
    assert.equal(second.ok, true, second.log);
    release2 = releaseFiles(dist, currentId(dist));
  });
  after(() => rmSync(dist, { recursive: true, force: true }));

  test('a rebuild with one Orphanet frequency changed is a release that changed cystic fibrosis alone', () => {
    const releases = readCurrentJson<ReleasesDoc>(dist, SNAPSHOT_FILES.releases).releases;
    const records = readCurrentJson<Manifest>(dist, SNAPSHOT_FILES.manifest).counts.diseases;
    const before = readCurrentJson<ReleasesDoc>(REAL_DIST, SNAPSHOT_FILES.releases).releases;
    const latest = releases.find((r) => !before.some((b) => b.id === r.id));
    assert.ok(latest, 'the rebuild published a new release');
    assert.deepEqual(latest.counts, { added: 0, changed: 1, removed: 0, unchanged: records - 1 });
    assert.deepEqual(
      latest.sources.filter((s) => s.changed).map((s) => s.id),
      ['orphanet'],
    );
    const changes = JSON.parse(body(dist, latest.changes).toString('utf8')) as Change[];
    assert.deepEqual(
      changes.map((c) => [c.id, c.kind, c.sections, c.fields, c.before?.version, c.after?.version]),
      [[CF, 'changed', ['clinical-features'], ['phenotypes'], 1, 2]],
    );
  });

  test('figures: a release is at most 50,000 files and 1 GB, and one changed disease adds at most 5 % of it', (t) => {
    const history2 = historyOnly(dist);
    const before = new Set(release1.map((f) => f.path));
    const added = release2.filter((f) => !before.has(f.path));
    const manifest = readCurrentJson<Manifest>(dist, SNAPSHOT_FILES.manifest);
    const entries = Object.entries(manifest.entries).filter(([k]) => historyKeyOf(k));
    const packs = (files: ReleaseFile[]) => files.filter((f) => f.path.endsWith('.pack')).length;
    const share = sum(added, 'bytes') / sum(release2, 'bytes');
    figures.push(
      `published release: ${release1.length} files (${packs(release1)} packs), ${mb(sum(release1, 'bytes'))}, ${mb(sum(release1, 'disk'))} on disk; objects kept only for the history: ${history1.objects}, ${mb(history1.bytes)}`,
      `next release (one disease changed): build ${seconds(second.log, 'total')} s (history step ${seconds(second.log, 'history')} s); ${release2.length} files, ${mb(sum(release2, 'bytes'))}; it adds ${added.length} files, ${mb(sum(added, 'bytes'))} = ${(share * 100).toFixed(2)} % of the release: ${added.map((f) => `${f.path.split('/').at(-1)} ${mb(f.bytes)}`).join(', ')}`,
      `objects kept only for the history after the new release: ${history2.objects}, ${mb(history2.bytes)} (+${history2.objects - history1.objects} objects, +${((history2.bytes - history1.bytes) / 1e3).toFixed(1)} KB for the new release)`,
      `manifest: ${entries.length} history entries of ${Object.keys(manifest.entries).length}`,
    );
    for (const f of figures) t.diagnostic(f);
    for (const r of [release1, release2]) {
      assert.ok(r.length <= 50_000, `${r.length} files`);
      assert.ok(sum(r, 'disk') <= 1e9, `${mb(sum(r, 'disk'))} on disk`);
    }
    assert.ok(share <= 0.05, `the release added ${(share * 100).toFixed(2)} %`);
  });
});
