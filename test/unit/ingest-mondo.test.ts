import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isObsoleteLabel, readMondoClasses } from '../../build/ingest/mondo-classes.ts';
import { readMondoDefinitions } from '../../build/ingest/mondo-definitions.ts';
import { readOntologyEdges, readRareEdges } from '../../build/ingest/mondo-edges.ts';
import { readMondoObsoletes } from '../../build/ingest/mondo-obsoletes.ts';
import { readMondoRareList } from '../../build/ingest/mondo-rare-list.ts';
import { readMondoSubsets } from '../../build/ingest/mondo-subsets.ts';
import { IngestError } from '../../build/ingest/source-types.ts';
import { fixtureText, gzFixture, tempFile, truncatedGz } from '../fixtures/ingest/fixture-files.ts';

test('class-stats: MONDO rows only, wrapping quotes stripped, obsolete classes kept', () => {
  assert.deepEqual(readMondoClasses(gzFixture('class-stats.tsv')), [
    { id: 'MONDO:1015379', label: 'healed fracture, non-human animal', hasTextDef: false },
    { id: 'MONDO:0000120', label: 'obsolete ectopia lentis, isolated', hasTextDef: false },
    { id: 'MONDO:0011628', label: 'propionic acidemia', hasTextDef: true },
    { id: 'MONDO:0007739', label: 'Huntington disease', hasTextDef: true },
  ]);
  assert.equal(isObsoleteLabel('obsolete ectopia lentis, isolated'), true);
  assert.equal(isObsoleteLabel('propionic acidemia'), false);
});

test('class-stats: a malformed Mondo id names the line and the value', () => {
  const text = fixtureText('class-stats.tsv').replace('MONDO:0011628', 'MONDO:12x');
  const file = tempFile('class-stats-bad-id.tsv.gz', text);
  assert.throws(
    () => readMondoClasses(file),
    (err: unknown) => {
      assert.ok(err instanceof IngestError);
      assert.equal(err.message, `${file} line 6: malformed Mondo id "MONDO:12x"`);
      assert.equal(err.where, 'line 6');
      return true;
    },
  );
});

test('class-stats: truncated gzip data is reported as such', () => {
  const file = truncatedGz('class-stats-truncated.tsv.gz', fixtureText('class-stats.tsv'));
  assert.throws(() => readMondoClasses(file), { name: 'IngestError', message: `${file}: truncated or corrupt gzip data` });
});

test('obsoletes: rows of one class merge, labels come from the map, non-MONDO rows skipped', () => {
  const labels = new Map([['MONDO:0000002', 'obsolete cancer']]);
  assert.deepEqual(readMondoObsoletes(gzFixture('obsoletes.tsv'), labels), [
    { id: 'MONDO:0000002', label: 'obsolete cancer', replacedBy: 'MONDO:0009299', consider: [] },
    { id: 'MONDO:0000003', label: '', replacedBy: null, consider: [] },
    { id: 'MONDO:0000038', label: '', replacedBy: null, consider: ['MONDO:0018037'] },
    { id: 'MONDO:0003571', label: '', replacedBy: null, consider: ['HP:0000359', 'MONDO:0002467'] },
  ]);
});

test('subsets: every membership row', () => {
  assert.deepEqual(readMondoSubsets(gzFixture('mondo_subsets.tsv')), [
    { id: 'MONDO:0011628', subset: 'nord_rare', group: 'diseases' },
    { id: 'MONDO:0011628', subset: 'ordo_disorder', group: 'diseases' },
    { id: 'MONDO:0011628', subset: 'rare', group: 'diseases' },
    { id: 'MONDO:0000065', subset: 'omim', group: 'susceptibilities' },
  ]);
});

test('subsets: a renamed header column names the expected columns', () => {
  const file = tempFile('subsets-renamed.tsv.gz', fixtureText('mondo_subsets.tsv').replace('id\tsubset', 'mondo_id\tsubset'));
  assert.throws(() => readMondoSubsets(file), {
    name: 'IngestError',
    message: `${file} line 1: missing column(s) "id"; expected columns: id, subset, group`,
  });
});

test('rare edges: subclass_of MONDO->MONDO only', () => {
  assert.deepEqual(readRareEdges(gzFixture('mondo-rare_edges.tsv')), [
    { child: 'MONDO:0011628', parent: 'MONDO:0019215' },
    { child: 'MONDO:1060182', parent: 'MONDO:0011628' },
    { child: 'MONDO:1060183', parent: 'MONDO:0011628' },
  ]);
});

test('ontology edges: rdfs:subClassOf MONDO->MONDO only', () => {
  assert.deepEqual(readOntologyEdges(gzFixture('edges.tsv')), [
    { child: 'MONDO:0007739', parent: 'MONDO:0000167' },
    { child: 'MONDO:0007739', parent: 'MONDO:0005395' },
  ]);
});

test('ontology edges: a bad Mondo id on a subclass row is an error', () => {
  const file = tempFile('edges-bad.tsv', 'x\tp\ty\nMONDO:0007739\trdfs:subClassOf\tMONDO:000167\n');
  assert.throws(() => readOntologyEdges(file), { message: `${file} line 2: malformed Mondo id "MONDO:000167"` });
});

test('rare list: synonyms split on |, CSV-quoted cells unquoted', () => {
  assert.deepEqual(readMondoRareList(gzFixture('new-rare-diseases.tsv')), [
    { id: 'MONDO:0000005', label: 'alopecia, isolated', synonyms: [] },
    {
      id: 'MONDO:0000009',
      label: 'inherited bleeding disorder, platelet-type',
      synonyms: ['bleeding disorder, platelet-type', 'blood platelet disease', 'platelet disorder', 'thrombocytopathy'],
    },
    {
      id: 'MONDO:0017836',
      label: 'erythrokeratoderma en cocardes',
      synonyms: [
        "Degos 'en cocarde' erythrokeratoderma",
        'Degos genodermatosis',
        'Degos genodermatosis "en cocardes"',
        "Degos genodermatosis 'en cocardes'",
        'erythrokeratoderma "en cocardes"',
        "erythrokeratoderma ''en cocardes''",
        "erythrokeratoderma 'en cocardes'",
      ],
    },
  ]);
});

test('rare list: empty synonyms between separators and padding are dropped', () => {
  const file = tempFile('rare-list-pad.tsv', 'ID\tLABEL\tSYNONYMS\nMONDO:0000009\tx\t a || b |\n');
  assert.deepEqual(readMondoRareList(file), [{ id: 'MONDO:0000009', label: 'x', synonyms: ['a', 'b'] }]);
});

const NEW_TERMS = 'mondo_release_diff_new_terms.tsv';
const CHANGED_TERMS = 'mondo_release_diff_changed_terms.tsv';

test('definitions: newest per id across both reports; a newer empty change removes it', () => {
  const defs = readMondoDefinitions(gzFixture(NEW_TERMS), gzFixture(CHANGED_TERMS));
  assert.deepEqual([...defs.keys()].sort(), ['MONDO:0017712', 'MONDO:0970958', 'MONDO:1010154']);
  assert.deepEqual(defs.get('MONDO:1010154'), {
    id: 'MONDO:1010154',
    text: 'A moderate form of hypophosphatasia characterized by adult onset osteomalacia, chondrocalcinosis, osteoarthropathy, stress fractures , and dental anomalies.',
    date: '2026-08-18',
    commit: '0056dc115d6d1e33a39075a6c699f661f7866478',
    references: [],
  });
  assert.deepEqual(defs.get('MONDO:0970958'), {
    id: 'MONDO:0970958',
    text: 'A rare form of extramedullary conus region spinal cord lipoma characterized by a location at the posterior surface of the conus and its tip. i.e-\\transitional\\" between posterior and terminal conus region spinal cord lipoma."',
    date: '2024-08-05',
    commit: '9ca354c454104b89142e8d79ed36899f0e6024f0',
    references: [],
  });
  assert.equal(defs.get('MONDO:0017712')?.text.startsWith('A disorder of lipid absorption and transport'), true);
  assert.equal(defs.get('MONDO:0017712')?.date, '2022-03-28');
});

test('definitions: on the same date the changed-terms row wins', () => {
  const commit = 'a'.repeat(40);
  const newTerms = tempFile(
    'tie-new.tsv',
    `report_commit\treport_commit_date\tmondo_id\tlabel\tdefinition\tobsolete\tobsoletion_candidate\n${commit}\t2025-01-06\tMONDO:0000001\tdisease\tOld text.\t\t\n`,
  );
  const changed = tempFile(
    'tie-changed.tsv',
    `report_commit\treport_commit_date\tmondo_id\tproperty\tvalue_old\tvalue_new\n${commit}\t2025-01-06\tMONDO:0000001\tdefinition\tOld text.\tNew text.\n`,
  );
  assert.deepEqual(
    [...readMondoDefinitions(newTerms, changed).values()],
    [{ id: 'MONDO:0000001', text: 'New text.', date: '2025-01-06', commit, references: [] }],
  );
});

test('definitions: a malformed date names the line', () => {
  const file = tempFile('bad-date.tsv', fixtureText(CHANGED_TERMS).replace('2022-03-28', '2022-3-28'));
  assert.throws(() => readMondoDefinitions(gzFixture(NEW_TERMS), file), {
    message: `${file} line 8: malformed report_commit_date "2022-3-28"`,
  });
});
