import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readMondoOmimGenes } from '../../build/ingest/mondo-omim-genes.ts';
import { readNordReports } from '../../build/ingest/nord.ts';
import { readSssom } from '../../build/ingest/sssom.ts';
import { fixtureText, gzFixture, tempFile } from '../fixtures/ingest/fixture-files.ts';

test('omim genes: directive row skipped, IRIs shortened to CURIEs', () => {
  assert.deepEqual(readMondoOmimGenes(gzFixture('mondo-omim-genes.robot.tsv')), [
    { mondoId: 'MONDO:0000208', hgncId: 'HGNC:28403', omimDisease: 'OMIM:616033', omimGene: 'OMIM:616013' },
    { mondoId: 'MONDO:0000902', hgncId: 'HGNC:10914', omimDisease: 'OMIM:218000', omimGene: 'OMIM:604878' },
    { mondoId: 'MONDO:0000908', hgncId: 'HGNC:2511', omimDisease: 'OMIM:615616', omimGene: 'OMIM:607667' },
  ]);
});

test('omim genes: a template without its directive row is rejected', () => {
  const lines = fixtureText('mondo-omim-genes.robot.tsv').split('\n');
  const file = tempFile('omim-no-directives.tsv.gz', [lines[0], ...lines.slice(2)].join('\n'));
  assert.throws(() => readMondoOmimGenes(file), {
    message: `${file} line 2: expected the ROBOT template directive row (first cell "ID")`,
  });
});

test('omim genes: a malformed Mondo IRI names the line and the value', () => {
  const file = tempFile('omim-bad.tsv', fixtureText('mondo-omim-genes.robot.tsv').replace('MONDO_0000902', 'MONDO_902'));
  assert.throws(() => readMondoOmimGenes(file), {
    message: `${file} line 4: malformed Mondo id "http://purl.obolibrary.org/obo/MONDO_902"`,
  });
});

test('nord: empty cells are null, doubled MONDO: prefix collapsed, trailing blank line ignored', () => {
  assert.deepEqual(readNordReports(gzFixture('nord.robot.tsv')), [
    { mondoId: 'MONDO:0000044', reportId: null, preferredName: null, medlinePlusUrl: null, geneReviewsUrl: null },
    {
      mondoId: 'MONDO:0000104',
      reportId: null,
      preferredName: null,
      medlinePlusUrl: 'https://medlineplus.gov/genetics/condition/hypochromic-microcytic-anemia-with-iron-overload',
      geneReviewsUrl: null,
    },
    {
      mondoId: 'MONDO:0000128',
      reportId: 'NORD:1182',
      preferredName: null,
      medlinePlusUrl: 'https://medlineplus.gov/genetics/condition/giant-axonal-neuropathy',
      geneReviewsUrl: 'https://www.ncbi.nlm.nih.gov/books/NBK1136',
    },
    {
      mondoId: 'MONDO:0000225',
      reportId: 'NORD:1254',
      preferredName: 'Human Monocytic Ehrlichiosis (HME)',
      medlinePlusUrl: null,
      geneReviewsUrl: null,
    },
    { mondoId: 'MONDO:0006804', reportId: null, preferredName: null, medlinePlusUrl: null, geneReviewsUrl: null },
  ]);
});

test('nord: any other malformed Mondo id is an error', () => {
  const file = tempFile('nord-bad.tsv', fixtureText('nord.robot.tsv').replace('MONDO:0000128', 'MONDO:128'));
  assert.throws(() => readNordReports(file), { message: `${file} line 5: malformed Mondo id "MONDO:128"` });
});

test('sssom: header metadata and mappings with object labels', () => {
  assert.deepEqual(readSssom(gzFixture('mondo_exactmatch_orphanet.sssom.tsv')), {
    mappingSetVersion: 'http://purl.obolibrary.org/obo/mondo/releases/2026-08-04/mappings/mondo_exactmatch_orphanet.sssom.tsv',
    license: 'https://creativecommons.org/publicdomain/zero/1.0/',
    mappings: [
      {
        subject: 'MONDO:0000001',
        predicate: 'exactMatch',
        object: 'Orphanet:377788',
        objectLabel: 'disease',
        justification: 'semapv:ManualMappingCuration',
      },
      {
        subject: 'MONDO:0000023',
        predicate: 'exactMatch',
        object: 'Orphanet:464724',
        objectLabel: 'Fever-associated acute infantile liver failure syndrome',
        justification: 'semapv:ManualMappingCuration',
      },
      {
        subject: 'MONDO:0000030',
        predicate: 'exactMatch',
        object: 'Orphanet:98784',
        objectLabel: 'Sleep-related hypermotor epilepsy',
        justification: 'semapv:ManualMappingCuration',
      },
    ],
  });
});

test('sssom: files without object_label give null labels; hasDbXref predicate', () => {
  assert.deepEqual(readSssom(gzFixture('mondo_hasdbxref_gard.sssom.tsv')).mappings, [
    {
      subject: 'MONDO:0000009',
      predicate: 'hasDbXref',
      object: 'GARD:0022702',
      objectLabel: null,
      justification: 'semapv:ManualMappingCuration',
    },
    {
      subject: 'MONDO:0000015',
      predicate: 'hasDbXref',
      object: 'GARD:0009526',
      objectLabel: null,
      justification: 'semapv:ManualMappingCuration',
    },
  ]);
});

test('sssom: unknown predicate and missing columns are errors', () => {
  const text = fixtureText('mondo_hasdbxref_gard.sssom.tsv');
  const badPredicate = tempFile('gard-pred.sssom.tsv', text.replace('oboInOwl:hasDbXref\tGARD:0009526', 'skos:sameAs\tGARD:0009526'));
  assert.throws(() => readSssom(badPredicate), { message: `${badPredicate} line 18: unknown mapping predicate "skos:sameAs"` });
  const renamed = tempFile('gard-cols.sssom.tsv', text.replace('\tobject_id\t', '\tobject\t'));
  assert.throws(() => readSssom(renamed), {
    message: `${renamed} line 16: missing column(s) "object_id"; expected columns: subject_id, predicate_id, object_id, mapping_justification`,
  });
});
