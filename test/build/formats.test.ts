import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import type { ReleaseDoc } from '../../server/contract/snapshot/release.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import type { DiseaseRecord } from '../../build/record/record-types.ts';
import { MINI_DATA, build, copyTree, tempDir } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { readCurrentJson, storedRecord } from '../fixtures/build-pipeline/snapshot-audit.ts';
import { toUpstreamFormats } from '../fixtures/build-pipeline/upstream-formats.ts';
import { MINI_DISEASES } from '../fixtures/mini-data/make-mini-data.ts';

// The same facts in two layouts: our DATA_DIR cut (Mondo reports, HGNC column subset, Orphanet
// JSONL, FDA CSV) and the formats upstream publishes (mondo.obo, the full HGNC set, the packet
// folder, the OOPD workbook). Both builds must publish the same diseases with the same facts.
let cutDist = '';
let upstreamDist = '';
let upstreamData = '';
before(async () => {
  cutDist = tempDir('formats-cut');
  upstreamDist = tempDir('formats-upstream');
  upstreamData = copyTree(MINI_DATA, 'formats-data');
  toUpstreamFormats(upstreamData);
  const [a, b] = [await build(MINI_DATA, cutDist), await build(upstreamData, upstreamDist)];
  assert.equal(a.ok, true, a.log);
  assert.equal(b.ok, true, b.log);
});

const records = (dist: string) => {
  const m = readCurrentJson<Manifest>(dist, SNAPSHOT_FILES.manifest);
  return { manifest: m, get: (id: string): DiseaseRecord => storedRecord(dist, m, id) };
};

test('the upstream-format build reads mondo.obo, the full HGNC set, the packet folder and the OOPD workbook', () => {
  for (const gone of [
    'mondo/class-stats.tsv.gz',
    'hgnc/hgnc_complete_set_2024-10_subset.tsv.gz',
    'orphanet/orphapackets_2025-12.jsonl.gz',
    'fda/oopd_all_designations_2024-06.csv.gz',
  ]) {
    assert.equal(existsSync(join(upstreamData, gone)), false, gone);
  }
  const release = readCurrentJson<ReleaseDoc>(upstreamDist, SNAPSHOT_FILES.release);
  const files = Object.fromEntries(release.sources.map((s) => [s.id, s.files]));
  assert.deepEqual(
    files.mondo.filter((f) => !f.includes('/mappings/')),
    ['mondo/mondo.obo'],
  );
  assert.deepEqual(files.hgnc, ['hgnc/hgnc_complete_set.txt']);
  assert.equal(
    files.orphanet.every((f) => /^orphanet\/json\/ORPHApacket_\d+\.json$/.test(f)),
    true,
  );
  assert.deepEqual(files['fda-oopd'], ['fda/oopd_all_designations.xlsx']);
  assert.deepEqual(release.sources.find((s) => s.id === 'mondo')!.release, '2026-08-04');
});

test('both layouts publish the same diseases, obsolete redirects and facts', () => {
  const cut = records(cutDist);
  const up = records(upstreamDist);
  assert.deepEqual(Object.keys(up.manifest.entries).sort(), Object.keys(cut.manifest.entries).sort());
  assert.deepEqual(up.manifest.obsolete, cut.manifest.obsolete);
  for (const id of MINI_DISEASES) {
    const [a, b] = [cut.get(id), up.get(id)];
    for (const k of [
      'name',
      'isRare',
      'subsets',
      'parents',
      'children',
      'xrefs',
      'phenotypes',
      'genes',
      'orphanDrugs',
      'prevalence',
      'inheritance',
      'resources',
    ] as const) {
      assert.deepEqual(b[k], a[k], `${id} ${k}`);
    }
    assert.deepEqual(new Set(b.synonyms.map((s) => s.text)), new Set(a.synonyms.map((s) => s.text)), `${id} synonyms`);
    assert.equal(b.definition?.text, a.definition?.text, `${id} definition`);
  }
});

test('from the full release, Mondo definitions carry their references and the release; synonyms their scope', () => {
  const up = records(upstreamDist);
  const withDef = MINI_DISEASES.map((id) => up.get(id)).find((r) => r.definition?.source === 'mondo')!;
  assert.ok(withDef, 'a mini disease with a Mondo definition');
  assert.deepEqual([withDef.definition!.release, withDef.definition!.references], ['2026-08-04', [`PMID:${withDef.id.slice(6)}`]]);
  const cf = up.get('MONDO:0009061');
  assert.deepEqual(
    cf.synonyms
      .filter((s) => s.origin === 'mondo')
      .map((s) => [s.scope, s.type])
      .filter((x, i, all) => all.findIndex((y) => y.join() === x.join()) === i),
    [['related', null]],
  );
});
