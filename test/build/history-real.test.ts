import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Change, ReleasesDoc } from '../../server/contract/snapshot/history.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { historyKeyOf, objectFile, SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { build, copyTree, editData } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { readCurrentJson } from '../fixtures/build-pipeline/snapshot-audit.ts';
import { ensureRealSnapshot, REAL_DATA, REAL_DIST } from '../helpers/real-snapshot.ts';

/**
 * The real data's published snapshot (dist/, built once for the suite), then a rebuild with one
 * Orphanet phenotype frequency of cystic fibrosis changed, which must change that disease alone:
 * nothing in the build may differ between two runs over the same facts. The rebuild goes into a
 * hard-linked copy of dist/ (the build only ever adds files and renames them into place, so the
 * copy never writes through to the original), so the suite pays for one build, not two. Prints
 * the figures build/README.md reports: build time, and what the new release adds on disk.
 */

const CF = 'MONDO:0009061';
const FROM = '{"HPOId":"HP:0002783","HPOTerm":"Recurrent lower respiratory tract infections","HPOFrequency":"Occasional (29-5%)"}';
const CF_PACKET = '"ORPHAcode":"586","Label":"Cystic fibrosis"';

interface Store {
  files: number;
  bytes: number;
  byHash: Map<string, number>;
}

/** Every object file under dist/objects: count, bytes, and bytes per hash (all encodings). */
function objectStore(dist: string): Store {
  const byHash = new Map<string, number>();
  let files = 0;
  let bytes = 0;
  for (const fan of readdirSync(join(dist, 'objects'))) {
    for (const name of readdirSync(join(dist, 'objects', fan))) {
      const size = statSync(join(dist, 'objects', fan, name)).size;
      const hash = name.slice(0, name.indexOf('.'));
      byHash.set(hash, (byHash.get(hash) ?? 0) + size);
      files++;
      bytes += size;
    }
  }
  return { files, bytes, byHash };
}

/** Bytes of the snapshot folders (manifest, listing, indexes, OpenAPI, history documents). */
function snapshotBytes(dist: string): number {
  let total = 0;
  for (const s of readdirSync(join(dist, 'snapshots')))
    for (const f of readdirSync(join(dist, 'snapshots', s))) total += statSync(join(dist, 'snapshots', s, f)).size;
  return total;
}

/** Objects only the history keeps: old version bodies, version lists, change lists (not served as current responses). */
function historyOnly(dist: string, store: Store): { objects: number; bytes: number } {
  const m = readCurrentJson<Manifest>(dist, SNAPSHOT_FILES.manifest);
  const releases = readCurrentJson<ReleasesDoc>(dist, SNAPSHOT_FILES.releases);
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
      bytes += store.byHash.get(h) ?? 0;
    }
  return { objects, bytes };
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const seconds = (log: string, phase: string) => Number(new RegExp(`${phase} ([\\d.]+) s`).exec(log)?.[1]);

describe('the history on the real data', () => {
  let dist = '';
  let data = '';
  const figures: string[] = [];
  let second: Awaited<ReturnType<typeof build>>;
  let store1: Store;
  let store2: Store;
  let history1: { objects: number; bytes: number };
  let snapshots1 = 0;
  before(async () => {
    await ensureRealSnapshot();
    // Hard links need the same file system as dist/: the copy goes beside it, in the ignored .scratch/.
    dist = join(dirname(REAL_DIST), '.scratch', `history-real-${process.pid}`);
    rmSync(dist, { recursive: true, force: true });
    mkdirSync(dirname(dist), { recursive: true });
    execFileSync('cp', ['-al', REAL_DIST, dist]);
    data = copyTree(REAL_DATA, 'history-real-data');
    store1 = objectStore(dist);
    history1 = historyOnly(dist, store1);
    snapshots1 = snapshotBytes(dist);
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
    store2 = objectStore(dist);
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
    const changes = JSON.parse(readFileSync(join(dist, objectFile(latest.changes[0], 'identity')), 'utf8')) as Change[];
    assert.deepEqual(
      changes.map((c) => [c.id, c.kind, c.sections, c.fields, c.before?.version, c.after?.version]),
      [[CF, 'changed', ['clinical-features'], ['phenotypes'], 1, 2]],
    );
  });

  test('figures', (t) => {
    const history2 = historyOnly(dist, store2);
    const added = [...store2.byHash].filter(([h]) => !store1.byHash.has(h));
    const manifest = readFileSync(join(dist, 'current', SNAPSHOT_FILES.manifest), 'utf8');
    const entries = Object.entries((JSON.parse(manifest) as Manifest).entries).filter(([k]) => historyKeyOf(k));
    figures.push(
      `published snapshot: ${store1.files} object files, ${mb(store1.bytes)}; snapshot folder ${mb(snapshots1)}; objects kept only for the history: ${history1.objects}, ${mb(history1.bytes)}`,
      `next release (one disease changed): build ${seconds(second.log, 'total')} s (history step ${seconds(second.log, 'history')} s); ${added.length} new object files' hashes, ${mb(added.reduce((n, [, b]) => n + b, 0))}; ${store2.files} object files, ${mb(store2.bytes)} in all; snapshot folders ${mb(snapshotBytes(dist))} `,
      `objects kept only for the history after the new release: ${history2.objects}, ${mb(history2.bytes)} (+${history2.objects - history1.objects} objects, +${((history2.bytes - history1.bytes) / 1e3).toFixed(1)} KB for the new release)`,
      `manifest: ${mb(manifest.length)}, of which ${entries.length} history entries, ${mb(JSON.stringify(Object.fromEntries(entries)).length)}`,
    );
    for (const f of figures) t.diagnostic(f);
    assert.ok(added.length > 0);
  });
});
