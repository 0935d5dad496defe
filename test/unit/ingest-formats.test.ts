import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { readGardDiseases, readGardXrefs } from '../../build/ingest/gard.ts';
import { readHgncGenes } from '../../build/ingest/hgnc.ts';
import { readHpoGenes } from '../../build/ingest/hpo-genes.ts';
import { readOrphaPacketFiles, readOrphaPackets } from '../../build/ingest/orphanet-packets.ts';
import { checkSources, resolveInputs } from '../../build/ingest/registry.ts';
import { SOURCES } from '../../build/ingest/source-list.ts';
import type { SourceEntry } from '../../build/ingest/source-entry.ts';
import { fixture, fixtureText, gzFixture, tempFile } from '../fixtures/ingest/fixture-files.ts';

const dirs: string[] = [];
after(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function tempTree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'formats-test-'));
  dirs.push(dir);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

test('hgnc: the upstream complete set (54 columns, quoted multi-valued cells) reads as the column subset does', () => {
  const full = readHgncGenes(gzFixture('hgnc_complete_set.txt'));
  assert.deepEqual(full, readHgncGenes(gzFixture('hgnc_complete_set.tsv')));
  assert.equal(fixtureText('hgnc_complete_set.txt').split('\n')[0].split('\t').length, 54);
  assert.deepEqual(full[7].aliasSymbols, ['MRP7', 'ABC35', 'TNR-CFTR', 'dJ760C5.1', 'CFTR/MRP']);
  const text = fixtureText('hgnc_complete_set.txt');
  const noStatus = tempFile('hgnc-no-status.txt', text.replace('\tstatus\t', '\tstate\t'));
  assert.throws(() => readHgncGenes(noStatus), {
    message: `${noStatus} line 1: missing column(s) "status"; expected columns: hgnc_id, symbol, name, locus_group, locus_type, status, alias_symbol, prev_symbol, entrez_id, ensembl_gene_id, omim_id, date_modified`,
  });
  const extra = tempFile('hgnc-extra.txt', text.replace('\tENSG00000001626\t', '\tENSG00000001626\tstray\t'));
  assert.throws(() => readHgncGenes(extra), { message: `${extra} line 9: expected at most 54 fields, found 55` });
});

test('orphanet: the upstream folder of ORPHApacket_*.json files reads as the JSONL, in ORPHAcode order', () => {
  const folder = fixture('orphapacket-json');
  const files = readdirSync(folder).map((n) => join(folder, n));
  assert.deepEqual(readOrphaPacketFiles(files), readOrphaPackets(gzFixture('orphapackets.jsonl')));
  const text = fixtureText('orphapacket-json/ORPHApacket_99051.json');
  const broken = tempFile('ORPHApacket_99051.json', text.slice(0, 120));
  assert.throws(
    () => readOrphaPacketFiles([broken]),
    (err: Error) => err.message.startsWith(`${broken}: invalid JSON: `),
  );
  const unwrapped = tempFile('ORPHApacket_1.json', '{"Packet": {}}');
  assert.throws(() => readOrphaPacketFiles([unwrapped]), { message: `${unwrapped}: missing "Orphapacket" object` });
  const badCode = tempFile('ORPHApacket_2.json', text.replace('"ORPHAcode": "99051"', '"ORPHAcode": "99O51"'));
  assert.throws(() => readOrphaPacketFiles([badCode]), { message: `${badCode} /Orphapacket: malformed ORPHAcode "99O51"` });
});

test('hpo genes_to_phenotype: the 2023 9-column layout and the current named-header layout', () => {
  assert.deepEqual(readHpoGenes(gzFixture('genes_to_phenotype.txt')), [
    { entrezId: '1080', symbol: 'CFTR', diseaseId: 'OMIM:211400', gdSource: 'mim2gene' },
    { entrezId: '7337', symbol: 'UBE3A', diseaseId: 'ORPHA:411515', gdSource: 'orphadata' },
  ]);
  assert.deepEqual(readHpoGenes(gzFixture('genes_to_phenotype_current.txt')), [
    { entrezId: '1080', symbol: 'CFTR', diseaseId: 'OMIM:219700', gdSource: '' },
    { entrezId: '1080', symbol: 'CFTR', diseaseId: 'ORPHA:586', gdSource: '' },
    { entrezId: '7337', symbol: 'UBE3A', diseaseId: 'OMIM:105830', gdSource: '' },
  ]);
  const current = fixtureText('genes_to_phenotype_current.txt');
  const noDisease = tempFile('g2p-no-disease.txt', current.replace('\tdisease_id', '\tdisease'));
  assert.throws(() => readHpoGenes(noDisease), {
    message: `${noDisease} line 1: missing column(s) "disease_id"; expected columns: ncbi_gene_id, gene_symbol, disease_id`,
  });
  const badId = tempFile('g2p-bad-id.txt', current.replace('ORPHA:586', 'orpha 586'));
  assert.throws(() => readHpoGenes(badId), { message: `${badId} line 4: malformed disease id "orpha 586"` });
  const unknown = tempFile('g2p-unknown.txt', 'gene\tdisease\n');
  assert.throws(() => readHpoGenes(unknown), {
    message: `${unknown} line 1: expected the "#Format: entrez-gene-id<tab>entrez-gene-symbol..." line or a header naming ncbi_gene_id, gene_symbol, disease_id`,
  });
});

test('gard: diseases with synonyms, cross-references with their relation; malformed rows name the line', () => {
  const diseases = readGardDiseases(gzFixture('GARD.csv'));
  assert.deepEqual(
    diseases.map((d) => [d.id, d.name, d.synonyms]),
    [
      [
        'GARD:0000001',
        'GRACILE syndrome',
        ['Fellman disease', 'Growth restriction-aminoaciduria-cholestasis-iron overload-lactic acidosis-early death syndrome'],
      ],
      ['GARD:0005810', 'Angelman syndrome', []],
      ['GARD:0006233', 'Cystic fibrosis', ['CF', 'Mucoviscidosis']],
      ['GARD:0006291', 'Duchenne muscular dystrophy', ['DMD', 'Severe dystrophinopathy, Duchenne type']],
    ],
  );
  assert.deepEqual(diseases[2], {
    id: 'GARD:0006233',
    name: 'Cystic fibrosis',
    synonyms: ['CF', 'Mucoviscidosis'],
    dataSource: 'Orphanet',
    sourceId: 'ORPHA:586',
    classificationLevel: 'Disorder',
    disorderType: 'Disease',
  });
  const xrefs = readGardXrefs(gzFixture('GARD_xrefs.csv'));
  assert.equal(xrefs.length, 19);
  assert.deepEqual(
    xrefs.filter((x) => x.gardId === 'GARD:0006233' && x.source === 'OMIM'),
    [{ gardId: 'GARD:0006233', source: 'OMIM', sourceId: '219700', relation: 'Exact' }],
  );

  const text = fixtureText('GARD.csv');
  const badId = tempFile('gard-bad.csv', text.replace('GARD:0006233', 'GARD:6233'));
  assert.throws(() => readGardDiseases(badId), { message: `${badId} line 4: malformed GARD id "GARD:6233" (expected GARD: and 7 digits)` });
  const dup = tempFile('gard-dup.csv', text.replace('GARD:0005810', 'GARD:0000001'));
  assert.throws(() => readGardDiseases(dup), { message: `${dup} line 3: duplicate GARD id "GARD:0000001"` });
  const noName = tempFile('gard-noname.csv', text.replace('Cystic fibrosis,CF', ',CF'));
  assert.throws(() => readGardDiseases(noName), { message: `${noName} line 4: empty Name for GARD:0006233` });
  const renamed = tempFile('gard-xrefs-renamed.csv', fixtureText('GARD_xrefs.csv').replace('MapRelationship', 'Relationship'));
  assert.throws(() => readGardXrefs(renamed), {
    message: `${renamed} line 1: missing column(s) "MapRelationship"; expected columns: GardID, XrefSource, SourceID, MapRelationship`,
  });
});

test('registry: each input reads its first alternative present; reports are skipped when the full release is there', () => {
  const entry: SourceEntry = {
    id: 'mondo',
    name: 'Mondo',
    license: 'CC BY 4.0',
    release: '2026-08-04',
    cadence: 'per-release',
    format: 'OBO',
    homepage: 'https://example.org/',
    inputs: [
      { name: 'ontology', optional: true, oneOf: ['mondo/mondo.obo', 'mondo/mondo.json.gz'] },
      { name: 'class-stats', unlessFound: 'ontology', oneOf: ['mondo/class-stats.tsv.gz'] },
      {
        name: 'mappings',
        folderFiles: 'mondo_*.sssom.tsv.gz',
        oneOf: ['mondo/mappings/mondo.sssom.tsv', 'mondo/mappings/', [['mondo/mappings/a.tsv']].flat()],
      },
    ],
    upstream: [],
    read: () => ({ release: null, facts: {} }),
  };
  const reports = tempTree({
    'mondo/class-stats.tsv.gz': '',
    'mondo/mappings/mondo_b.sssom.tsv.gz': '',
    'mondo/mappings/mondo_a.sssom.tsv.gz': '',
    'mondo/mappings/other.txt': '',
  });
  assert.deepEqual(
    [...resolveInputs(entry, reports, '/content')],
    [
      ['class-stats', { files: [join(reports, 'mondo/class-stats.tsv.gz')], alternative: 'mondo/class-stats.tsv.gz' }],
      [
        'mappings',
        {
          files: [join(reports, 'mondo/mappings/mondo_a.sssom.tsv.gz'), join(reports, 'mondo/mappings/mondo_b.sssom.tsv.gz')],
          alternative: 'mondo/mappings/',
        },
      ],
    ],
  );
  const full = tempTree({ 'mondo/mondo.json.gz': '', 'mondo/mappings/mondo.sssom.tsv': '', 'mondo/mappings/mondo_a.sssom.tsv.gz': '' });
  assert.deepEqual(
    [...resolveInputs(entry, full, '/content').entries()].map(([k, v]) => [k, v.alternative]),
    [
      ['ontology', 'mondo/mondo.json.gz'],
      ['mappings', 'mondo/mappings/mondo.sssom.tsv'],
    ],
  );
  const empty = tempTree({ 'mondo/mappings/mondo_a.sssom.tsv.gz': '' });
  assert.throws(() => resolveInputs(entry, empty, '/content'), {
    message: `${join(empty, 'mondo/class-stats.tsv.gz')}: no file for input "class-stats" of source "mondo" (DATA_DIR=${empty}); looked for: mondo/class-stats.tsv.gz`,
  });
});

test('registry: the source list names every source with cadence, format, inputs and upstream URLs; a malformed entry is named with its field', () => {
  const sources = SOURCES;
  assert.deepEqual(
    sources.map((s) => [s.id, s.cadence]),
    [
      ['mondo', 'per-release'],
      ['mondo-ingest', 'per-release'],
      ['nord', 'per-release'],
      ['hpo', 'monthly-1st'],
      ['hgnc', 'per-release'],
      ['orphanet', 'per-release'],
      ['doid', 'per-release'],
      ['fda-oopd', 'weekly-sunday'],
      ['gard', 'per-release'],
      ['ctgov-sample', 'weekly-sunday'],
      ['ctgov-angelman', 'weekly-sunday'],
      ['rusp', 'monthly-1st'],
    ],
  );
  for (const s of sources) {
    for (const u of s.upstream) assert.match(u.url, /^https?:\/\/[^ ]+$/, `${s.id} ${u.path}`);
    if (s.upstream.length === 0) assert.ok(s.upstreamNote, `${s.id} says why nothing is downloaded`);
  }
  checkSources(sources);
  const gard = sources.find((s) => s.id === 'gard')!;
  assert.throws(() => checkSources([{ ...gard, cadence: 'hourly' as 'daily' }]), {
    message: 'source "gard" cadence: expected one of per-release, monthly-1st, weekly-sunday, daily',
  });
  assert.throws(() => checkSources([{ ...gard, release: '2024-05' }]), { message: 'source "gard" release: expected a date, YYYY-MM-DD' });
  assert.throws(() => checkSources([gard, { ...gard }]), { message: 'source "gard" id: expected an id no other source has' });
  assert.throws(() => checkSources([{ ...gard, inputs: [gard.inputs[0], { ...gard.inputs[1], oneOf: [] }] }]), {
    message: 'source "gard" inputs[1].oneOf: expected a non-empty list of alternatives',
  });
  assert.throws(() => checkSources([{ ...gard, inputs: [{ ...gard.inputs[0], unlessFound: 'xrefs' }, gard.inputs[1]] }]), {
    message: 'source "gard" inputs[0].unlessFound: expected the name of an earlier input',
  });
});

test('registry: a current hp.json replaces the 2023 ontology and the 2026 label update it needed', () => {
  const hpo = SOURCES.find((s) => s.id === 'hpo')!;
  const files = {
    'hpo/hp_2023-01-27.json.gz': '',
    'hpo/phenotype_2023-01-27.hpoa.gz': '',
    'hpo/genes_to_phenotype_2023-01.txt.gz': '',
    'hpo/hp_labels_2026-06.babelon.tsv.gz': '',
  };
  const cut = tempTree(files);
  assert.deepEqual([...resolveInputs(hpo, cut, '/content').keys()], ['ontology', 'annotations', 'genes', 'labels']);
  const fetched = tempTree({ ...files, 'hpo/hp.json': '', 'hpo/phenotype.hpoa': '' });
  assert.deepEqual(
    [...resolveInputs(hpo, fetched, '/content')].map(([k, v]) => [k, v.alternative]),
    [
      ['current-ontology', 'hpo/hp.json'],
      ['annotations', 'hpo/phenotype.hpoa'],
      ['genes', 'hpo/genes_to_phenotype_2023-01.txt.gz'],
    ],
  );
});
