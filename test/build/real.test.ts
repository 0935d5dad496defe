import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { body as stored, readCurrentJson } from '../fixtures/build-pipeline/snapshot-audit.ts';
import { ensureRealSnapshot, REAL_DIST } from '../helpers/real-snapshot.ts';

let manifest: Manifest;
const readJson = (name: string) => readCurrentJson<any>(REAL_DIST, name);
function record(id: string) {
  const e = manifest.entries[id];
  assert.ok(e, `no manifest entry for ${id}`);
  return JSON.parse(stored(REAL_DIST, e).toString('utf8')).data;
}

before(async () => {
  await ensureRealSnapshot();
  manifest = readJson(SNAPSHOT_FILES.manifest);
});

describe('real-data build', () => {
  test('publishes well over 15,000 validated human disease records and the obsolete redirects', () => {
    assert.ok(manifest.counts.diseases >= 15000, `only ${manifest.counts.diseases} records`);
    assert.ok(Object.keys(manifest.obsolete).length > 3000);
    const rows = readJson(SNAPSHOT_FILES.listing) as { id: string; isRare: boolean }[];
    assert.equal(rows.length, manifest.counts.diseases);
    assert.ok(rows.filter((r) => r.isRare).length > 15000);
    // The non-human animal branch is left out.
    assert.equal(
      rows.some((r) => r.id === 'MONDO:1015379'),
      false,
    ); // "healed fracture, non-human animal"
  });

  test('Huntington disease has HTT and autosomal dominant inheritance', () => {
    const hd = record('MONDO:0007739');
    assert.equal(hd.name, 'Huntington disease');
    const htt = hd.genes.find((g: { symbol: string }) => g.symbol === 'HTT');
    assert.equal(htt.hgncId, 'HGNC:4851');
    assert.ok(htt.sources.some((s: { source: string }) => s.source === 'mondo-ingest'));
    assert.ok(hd.inheritance.some((i: { term: string }) => i.term === 'autosomal-dominant'));
  });

  test('cystic fibrosis has CFTR and is on the RUSP core panel', () => {
    const cf = record('MONDO:0009061');
    assert.ok(cf.genes.some((g: { symbol: string; association: string }) => g.symbol === 'CFTR' && g.association.startsWith('causal')));
    assert.deepEqual([cf.screening.status, cf.screening.via, cf.screening.screened], ['core', 'direct', true]);
    assert.ok(cf.synonyms.some((s: { text: string }) => s.text.toLowerCase() === 'mucoviscidosis'));
    assert.deepEqual(
      cf.xrefs.OMIM.find((x: { id: string }) => x.id === 'OMIM:219700'),
      { id: 'OMIM:219700', predicate: 'exactMatch', label: 'cystic fibrosis' },
    );
  });

  test('phenylketonuria is screened; a disease under a screened grouping says so', () => {
    const pku = record('MONDO:0009861');
    assert.equal(pku.screening.screened, true);
    assert.equal(pku.screening.status, 'core');
    const rows = readJson(SNAPSHOT_FILES.listing) as { id: string; screened: boolean }[];
    const viaGrouping = rows
      .filter((r) => r.screened)
      .map((r) => record(r.id))
      .filter((r) => r.screening.via === 'grouping');
    assert.ok(viaGrouping.length > 0);
    assert.notEqual(viaGrouping[0].screening.ruspMondoId, viaGrouping[0].id);
  });

  test('every value carries provenance with a source and release', () => {
    const cf = record('MONDO:0009061');
    assert.deepEqual(cf.definition.source, 'mondo');
    for (const p of cf.phenotypes) for (const s of p.sources) assert.match(s.release, /^\d{4}-\d{2}-\d{2}$/);
    for (const g of cf.genes) for (const s of g.sources) assert.ok(s.source && s.release);
    for (const d of cf.orphanDrugs) assert.deepEqual(d.provenance, { source: 'fda-oopd', release: '2024-06-05' });
    assert.equal(cf.trials.fromSample, true);
    assert.match(cf.trials.notice, /sample/);
  });

  test('the QC report counts warnings per kind and the release names every source', () => {
    const qc = readJson(SNAPSHOT_FILES.qcReport);
    assert.ok(qc.tier3.counts['missing-definition'] > 0);
    assert.ok(qc.tier3.counts['unmatched-designation'] > 0);
    assert.equal(qc.tier3.total, qc.tier3.warnings.length);
    const release = readJson(SNAPSHOT_FILES.release);
    assert.deepEqual(
      release.sources.map((s: { id: string }) => s.id),
      ['mondo', 'mondo-ingest', 'nord', 'hpo', 'hgnc', 'orphanet', 'doid', 'fda-oopd', 'gard', 'ctgov-sample', 'ctgov-angelman', 'rusp'],
    );
    assert.equal(release.sources.find((s: { id: string }) => s.id === 'hpo').release, '2023-01-27');
  });
});
