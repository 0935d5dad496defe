import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Change, ReleaseEntry, ReleasesDoc } from '../../server/contract/snapshot/history.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { historyKeyOf, SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { copyTree, editData, spawnBuild } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { body, currentId, readCurrentJson, storedRecord } from '../fixtures/build-pipeline/snapshot-audit.ts';
import { ensureRealSnapshot, REAL_DATA, REAL_DIST, REBUILDS_REAL_DATA, ROOT } from '../helpers/real-snapshot.ts';
import { historyOnly, type ReleaseFile, releaseFiles, servedChanges, sum, webhookDeliveries } from '../helpers/release-diff.ts';

/**
 * The real data's published snapshot (dist/, built once for the suite), then rebuilds with one
 * upstream change each, which must change that disease and the records documented to derive from
 * it (build/README.md, "What a change touches") and nothing else: no record carries a figure
 * computed over the whole corpus. Each rebuild goes into a hard-linked copy of dist/ (the build
 * only ever adds files and renames them into place, so the copy never writes through to the
 * original), so the suite pays for one full build, not three. Prints the figures of
 * test/build/results (build time, a release's files and bytes, what the new release adds, the
 * webhook deliveries) and holds them to issue 21's and issue 33's bounds. The two rebuilds are child
 * processes started together, so on two cores they take about the time of one (CI: 218 s in turn).
 */

const CF = 'MONDO:0009061';
const FROM = '{"HPOId":"HP:0002783","HPOTerm":"Recurrent lower respiratory tract infections","HPOFrequency":"Occasional (29-5%)"}';
const CF_PACKET = '"ORPHAcode":"586","Label":"Cystic fibrosis"';
const HPOA = 'hpo/phenotype_2023-01-27.hpoa.gz';
/** Angelman syndrome in OMIM, as HPO annotates it (issue 33 removed exactly these rows). */
const ANGELMAN_OMIM = 'OMIM:105830';
const ANGELMAN = 'MONDO:0007113';
/** Record fields the build derives from other records (build/README.md, "What a change touches"), and what follows from them. */
const FROM_OTHER_RECORDS = ['rollup', 'inheritanceSummary', 'computed'];

/** One rebuild of the published real snapshot with one source file edited. */
interface Rebuild {
  dist: string;
  log: string;
  before: ReleaseFile[];
  after: ReleaseFile[];
  history: { objects: number; bytes: number };
  release: ReleaseEntry;
  changes: Change[];
}

async function rebuildWith(tag: string, file: string, edit: (text: string) => string): Promise<Rebuild> {
  await ensureRealSnapshot();
  // Hard links need the same file system as dist/: the copy goes beside it, in the ignored .scratch/.
  const dist = join(dirname(REAL_DIST), '.scratch', `history-real-${tag}-${process.pid}`);
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dirname(dist), { recursive: true });
  execFileSync('cp', ['-al', REAL_DIST, dist]);
  const data = copyTree(REAL_DATA, `history-real-${tag}-data`);
  const beforeFiles = releaseFiles(dist, currentId(dist));
  const history = historyOnly(dist);
  editData(data, file, edit);
  // The real snapshot joins our editorial files; the rebuild must too, or every expert record changes.
  const second = await spawnBuild(data, dist, [], undefined, { EDITORIAL_DIR: join(ROOT, 'content/editorial') });
  const log = second.stdout + second.stderr;
  assert.equal(second.code, 0, log);
  const known = readCurrentJson<ReleasesDoc>(REAL_DIST, SNAPSHOT_FILES.releases).releases;
  const release = readCurrentJson<ReleasesDoc>(dist, SNAPSHOT_FILES.releases).releases.find((r) => !known.some((b) => b.id === r.id));
  assert.ok(release, 'the rebuild published a new release');
  return {
    dist,
    log,
    before: beforeFiles,
    after: releaseFiles(dist, currentId(dist)),
    history,
    release,
    changes: JSON.parse(body(dist, release.changes).toString('utf8')) as Change[],
  };
}

let rebuilds: Promise<{ orphanet: Rebuild; hpoa: Rebuild }> | null = null;

/** Both cases' rebuilds, started together on first use (rebuildWith waits for the published snapshot). */
function bothRebuilds(): Promise<{ orphanet: Rebuild; hpoa: Rebuild }> {
  rebuilds ??= (async () => {
    const [orphanet, hpoa] = await Promise.all([
      rebuildWith('orphanet', 'orphanet/orphapackets_2025-12.jsonl.gz', (t) =>
        t
          .split('\n')
          .map((line) => {
            if (!line.includes(CF_PACKET)) return line;
            assert.equal(line.split(FROM).length, 2, 'the edited row is once in the CF packet');
            return line.replace(FROM, FROM.replace('Occasional (29-5%)', 'Frequent (79-30%)'));
          })
          .join('\n'),
      ),
      rebuildWith('hpoa', HPOA, (t) => {
        const lines = t.split('\n');
        const kept = lines.filter((l) => !l.startsWith(`${ANGELMAN_OMIM}\t`));
        assert.equal(lines.length - kept.length, 42, 'the 42 rows of issue 33');
        return kept.join('\n');
      }),
    ]);
    return { orphanet, hpoa };
  })();
  return rebuilds;
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
const seconds = (log: string, phase: string) => Number(new RegExp(`${phase} ([\\d.]+) s`).exec(log)?.[1]);
const addedFiles = (r: Rebuild) => r.after.filter((f) => !r.before.some((b) => b.path === f.path));
/** What the new release adds, as a share of a full release (the one published before it). */
const addedShare = (r: Rebuild) => sum(addedFiles(r), 'bytes') / sum(r.before, 'bytes');

/** On the LTS line of CI (DCS_TEST_SNAPSHOT=given), the line that built the real data rebuilds it. */
const SKIP = REBUILDS_REAL_DATA ? false : 'DCS_TEST_SNAPSHOT=given: the real data is rebuilt on the line that built it';

/** The figures of one rebuild: what it added, the history it keeps, what it changed, the webhook deliveries it makes. */
async function releaseFigures(r: Rebuild): Promise<string[]> {
  const added = addedFiles(r);
  const history = historyOnly(r.dist);
  const packs = (files: ReleaseFile[]) => files.filter((f) => f.path.endsWith('.pack')).length;
  const named = r.changes.length <= 40 ? `: ${r.changes.map((c) => `${c.name} (${c.id}; ${c.fields.join(', ')})`).join('; ')}` : '';
  return [
    `published release: ${r.before.length} files (${packs(r.before)} packs), ${mb(sum(r.before, 'bytes'))}, ${mb(sum(r.before, 'disk'))} on disk; objects kept only for the history: ${r.history.objects}, ${mb(r.history.bytes)}`,
    `next release ${r.release.id}: build ${seconds(r.log, 'total')} s (history step ${seconds(r.log, 'history')} s); ${r.after.length} files, ${mb(sum(r.after, 'bytes'))}; it adds ${added.length} files, ${mb(sum(added, 'bytes'))} = ${(addedShare(r) * 100).toFixed(2)} % of the release: ${added.map((f) => `${f.path.split('/').at(-1)} ${mb(f.bytes)}`).join(', ')}`,
    `objects kept only for the history after it: ${history.objects}, ${mb(history.bytes)} (+${history.objects - r.history.objects} objects, +${((history.bytes - r.history.bytes) / 1e3).toFixed(1)} KB)`,
    `changed records: ${r.changes.length}${named}`,
    `webhook deliveries to an endpoint taking every event: ${(await webhookDeliveries(r.dist, [])).everything.length}`,
  ];
}

/** The changes feed, the served bytes and the webhook deliveries of the rebuild agree on which diseases changed. */
async function assertOneStory(r: Rebuild, unchanged: string[]): Promise<void> {
  const ids = r.changes.map((c) => c.id);
  const manifest = (dist: string) => readCurrentJson<Manifest>(dist, SNAPSHOT_FILES.manifest);
  assert.deepEqual(servedChanges(manifest(REAL_DIST), manifest(r.dist)), ids, 'a change listed is a served byte changed, and back');
  const sent = await webhookDeliveries(r.dist, unchanged);
  assert.deepEqual(sent.everything, ['release.published', ...ids.map((id) => `disease.updated ${id}`)]);
  assert.deepEqual(sent.watching, [], 'a subscriber watching unchanged diseases hears nothing');
}

describe('the history on the real data: one Orphanet frequency of cystic fibrosis changed', { skip: SKIP }, () => {
  let r: Rebuild;
  before(async () => {
    // The row is in several packets: edit it in the cystic fibrosis packet (ORPHA:586) only.
    r = (await bothRebuilds()).orphanet;
  });
  after(() => rmSync(r.dist, { recursive: true, force: true }));

  test('the release changed cystic fibrosis alone, and says so in the feed, the bytes and the webhooks', async () => {
    const records = readCurrentJson<Manifest>(r.dist, SNAPSHOT_FILES.manifest).counts.diseases;
    assert.deepEqual(r.release.counts, { added: 0, changed: 1, removed: 0, unchanged: records - 1 });
    assert.deepEqual(
      r.release.sources.filter((s) => s.changed).map((s) => s.id),
      ['orphanet'],
    );
    assert.deepEqual(
      r.changes.map((c) => [c.id, c.kind, c.sections, c.fields, c.before!.version + 1 === c.after!.version]),
      [[CF, 'changed', ['clinical-features'], ['phenotypes'], true]],
    );
    await assertOneStory(r, [ANGELMAN]);
  });

  test('figures: a release is at most 50,000 files and 1 GB, and one changed disease adds at most 5 % of it', async (t) => {
    const manifest = readCurrentJson<Manifest>(r.dist, SNAPSHOT_FILES.manifest);
    const entries = Object.keys(manifest.entries).filter((k) => historyKeyOf(k));
    const figures = [
      ...(await releaseFigures(r)),
      `manifest: ${entries.length} history entries of ${Object.keys(manifest.entries).length}`,
    ];
    for (const f of figures) t.diagnostic(f);
    for (const files of [r.before, r.after]) {
      assert.ok(files.length <= 50_000, `${files.length} files`);
      assert.ok(sum(files, 'disk') <= 1e9, `${mb(sum(files, 'disk'))} on disk`);
    }
    assert.ok(addedShare(r) <= 0.05, `the release added ${(addedShare(r) * 100).toFixed(2)} %`);
  });
});

describe('the history on the real data: the HPO annotation rows of Angelman syndrome removed', { skip: SKIP }, () => {
  let r: Rebuild;
  before(async () => {
    r = (await bothRebuilds()).hpoa;
  });
  after(() => rmSync(r.dist, { recursive: true, force: true }));

  test('figures: the release adds at most 5 % of a full release', async (t) => {
    for (const f of await releaseFigures(r)) t.diagnostic(f);
    assert.ok(addedShare(r) <= 0.05, `the release added ${(addedShare(r) * 100).toFixed(2)} %`);
  });

  test('the release changed Angelman syndrome and the ancestors whose roll-up lists its inheritance, nothing else', async () => {
    assert.deepEqual(
      r.release.sources.filter((s) => s.changed).map((s) => s.id),
      ['hpo'],
    );
    // Its own rows: its phenotypes, and the two modes of inheritance only HPO stated (autosomal
    // dominant, sporadic), so it has no primary mode any more.
    const angelman = r.changes.find((c) => c.id === ANGELMAN);
    assert.deepEqual(angelman?.fields, ['classification', 'computed', 'inheritance', 'inheritanceSummary', 'metadata', 'phenotypes']);
    // Its dependents: the ancestors whose roll-up of inheritance counted it among their subtypes.
    assert.deepEqual(
      r.changes.map((c) => [c.id, c.name]),
      [
        ['MONDO:0002254', 'syndromic disease'],
        ['MONDO:0003847', 'hereditary disease'],
        ['MONDO:0005071', 'nervous system disorder'],
        [ANGELMAN, 'Angelman syndrome'],
        ['MONDO:0100545', 'hereditary neurological disease'],
        ['MONDO:7770006', 'disease by body system or component'],
        ['MONDO:7770008', 'disease by etiologic mechanism'],
        ['MONDO:7770009', 'disease of genetic or genomic mechanism'],
      ],
    );
    const manifest = readCurrentJson<Manifest>(r.dist, SNAPSHOT_FILES.manifest);
    const ancestors = new Set<string>();
    const pending = [ANGELMAN];
    while (pending.length > 0)
      for (const p of storedRecord(r.dist, manifest, pending.pop()!).parents)
        if (!ancestors.has(p.id)) {
          ancestors.add(p.id);
          pending.push(p.id);
        }
    for (const c of r.changes.filter((x) => x.id !== ANGELMAN)) {
      assert.ok(ancestors.has(c.id), `${c.name} is an ancestor of Angelman syndrome`);
      assert.deepEqual(
        c.fields.filter((f) => !FROM_OTHER_RECORDS.includes(f)),
        [],
        `${c.name}: only fields derived from other records`,
      );
    }
    await assertOneStory(r, [CF]);
  });
});
