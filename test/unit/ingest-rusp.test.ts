import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readRusp } from '../../build/ingest/rusp.ts';
import { fixture, fixtureText, tempFile } from '../fixtures/ingest/fixture-files.ts';

test('rusp: rows with panel, year added and ;-separated subtype ids', () => {
  assert.deepEqual(readRusp(fixture('rusp.tsv')), [
    {
      acronym: 'PROP',
      condition: 'Propionic acidemia',
      panel: 'core',
      category: 'organic-acid',
      added: null,
      mondoId: 'MONDO:0011628',
      mondoLabel: 'propionic acidemia',
      subtypeMondoIds: ['MONDO:1060182', 'MONDO:1060183'],
      notes: 'Subtypes are the PCCA- and PCCB-related classes. [exactMatch: OMIM:606054, Orphanet:35]',
    },
    {
      acronym: 'IVA',
      condition: 'Isovaleric acidemia',
      panel: 'core',
      category: 'organic-acid',
      added: null,
      mondoId: 'MONDO:0009475',
      mondoLabel: 'isovaleric acidemia',
      subtypeMondoIds: [],
      notes: '[exactMatch: OMIM:243500, Orphanet:33]',
    },
    {
      acronym: 'MPS I',
      condition: 'Mucopolysaccharidosis type I',
      panel: 'core',
      category: 'other',
      added: 2016,
      mondoId: 'MONDO:0001586',
      mondoLabel: 'mucopolysaccharidosis type 1',
      subtypeMondoIds: ['MONDO:0011758', 'MONDO:0011759', 'MONDO:0011760'],
      notes: 'Subtypes: Hurler, Hurler-Scheie and Scheie. [exactMatch: Orphanet:579]',
    },
    {
      acronym: 'Cbl C,D,F',
      condition: 'Methylmalonic acidemia with homocystinuria',
      panel: 'secondary',
      category: 'organic-acid',
      added: null,
      mondoId: 'MONDO:0016826',
      mondoLabel: 'methylmalonic aciduria and homocystinuria',
      subtypeMondoIds: ['MONDO:0010184', 'MONDO:0010185', 'MONDO:0010183'],
      notes:
        'Grouping class (Orphanet:26); subtypes are cblC, cblD and cblF. The cblJ and cblX classes are not listed. [exactMatch: OMIMPS:277400, Orphanet:26]',
    },
  ]);
});

test('rusp: the shipped copy in content/curated parses (66 rows: 40 core, 26 secondary)', () => {
  const rows = readRusp(new URL('../../content/curated/rusp.tsv', import.meta.url).pathname);
  assert.equal(rows.length, 66);
  assert.equal(rows.filter((r) => r.panel === 'core').length, 40);
  assert.equal(rows.filter((r) => r.panel === 'secondary').length, 26);
});

test('rusp: a bad row names its line', () => {
  const text = fixtureText('rusp.tsv');
  const cases: [string, string, string][] = [
    ['panel', text.replace('\tsecondary\t', '\ttertiary\t'), 'line 5: panel must be "core" or "secondary", found "tertiary"'],
    ['mondo', text.replace('\tMONDO:0009475\t', '\tMONDO:9475\t'), 'line 3: malformed Mondo id "MONDO:9475"'],
    [
      'subtype',
      text.replace('MONDO:1060182;MONDO:1060183', 'MONDO:1060182,MONDO:1060183'),
      'line 2: malformed Mondo id "MONDO:1060182,MONDO:1060183" in subtype_mondo_ids',
    ],
    ['added', text.replace('\t2016\t', '\t16\t'), 'line 4: added must be a year or empty, found "16"'],
    [
      'category',
      text.replace('\tother\t2016', '\tmisc\t2016'),
      'line 4: unknown category "misc"; expected one of organic-acid, fatty-acid-oxidation, amino-acid, endocrine, hemoglobin, other',
    ],
  ];
  for (const [name, variant, detail] of cases) {
    const file = tempFile(`rusp-${name}.tsv`, variant);
    assert.throws(() => readRusp(file), { message: `${file} ${detail}` }, name);
  }
});
