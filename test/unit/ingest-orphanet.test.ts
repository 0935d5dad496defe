import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readOrphaPackets, sectionItems } from '../../build/ingest/orphanet-packets.ts';
import type { OrphaDisorder } from '../../build/ingest/source-types.ts';
import { fixtureText, gzFixture, tempFile, truncatedGz } from '../fixtures/ingest/fixture-files.ts';

const FIXTURE = 'orphapackets.jsonl';

function disorder(orphaCode: string, label: string, disorderType: string, rest: Partial<OrphaDisorder>): OrphaDisorder {
  return {
    orphaCode,
    label,
    disorderType,
    synonyms: [],
    definition: null,
    omim: [],
    genes: [],
    phenotypes: [],
    prevalences: [],
    onsets: [],
    inheritance: [],
    parents: [],
    version: '1.3.42 / 4.1.8 [2025-03-03]',
    creationDate: '2025-12-09 10:41:42',
    ...rest,
  };
}

test('orphapackets: every section shape variant is normalised', () => {
  assert.deepEqual(readOrphaPackets(gzFixture(FIXTURE)), [
    disorder('98553', 'Developmental defect of the eye', 'Category', {
      omim: [
        { code: '120200', relation: 'BTNT' },
        { code: '216820', relation: 'BTNT' },
      ],
      parents: [{ orphaCode: '93890', label: 'Rare developmental defect during embryogenesis' }],
    }),
    disorder('99051', 'Discrete fixed membranous subaortic stenosis', 'Clinical subtype', {
      omim: [{ code: '271950', relation: 'BTNT' }],
      parents: [{ orphaCode: '3092', label: 'Fixed subaortic stenosis' }],
    }),
    disorder('209013', 'Acquired amyloid peripheral neuropathy', 'Category', {
      parents: [{ orphaCode: '182086', label: 'Acquired peripheral neuropathy' }],
    }),
    disorder('231641', 'Rare non surgically correctable form of primary aldosteronism', 'Category', {
      inheritance: ['Autosomal dominant', 'Not applicable'],
      parents: [{ orphaCode: '181415', label: 'Rare primary hyperaldosteronism' }],
    }),
    disorder('251656', 'Oligoastrocytoma', 'Disease', {
      synonyms: ['MOA', 'Mixed oligoastrocytoma'],
      definition:
        'Oligoastrocytoma is a type of low-grade glioma with a mixed astrocytoma and oligodendroglioma histology manifesting with headaches speech and motor problems seizures and in some subarachnoid haemorrhage.',
      parents: [{ orphaCode: '251651', label: 'Oligoastrocytic tumor' }],
    }),
    disorder('268829', 'Basal encephalocele', 'Clinical subtype', {
      parents: [{ orphaCode: '199647', label: 'Isolated encephalocele' }],
      prevalences: [
        {
          type: 'Point prevalence',
          qualification: 'Class only',
          class: 'Unknown',
          valMoy: null,
          geographic: 'Worldwide',
          source: 'ORPHANET',
        },
      ],
    }),
    disorder('494421', 'Sacrococcygeal teratoma', 'Clinical subtype', {
      onsets: ['All ages'],
      parents: [{ orphaCode: '883', label: 'Extragonadal teratoma' }],
    }),
    disorder('512034', 'Large granular lymphocyte leukemia', 'Clinical group', {
      parents: [{ orphaCode: '171918', label: 'T-cell non-Hodgkin lymphoma' }],
      prevalences: [
        {
          type: 'Annual incidence',
          qualification: 'Value and class',
          class: '<1 / 1 000 000',
          valMoy: 0.02,
          geographic: 'United States',
          source: '27494824[PMID]',
        },
      ],
    }),
    disorder('624259', 'Non-specific autoimmune cerebellar ataxia with characteristic antibodies', 'Disease', {
      synonyms: ['Non-specific autoimmune CA with characteristic antibodies'],
      parents: [{ orphaCode: '623638', label: 'Immune-mediated cerebellar ataxia' }],
      phenotypes: [
        { hpoId: 'HP:6000876', term: 'Anti-Glutamate Receptor delta2 antibody positivity', frequency: 'Frequent (79-30%)' },
        { hpoId: 'HP:6000879', term: 'Anti-regulator of G protein signaling 8 antibody positivity', frequency: 'Frequent (79-30%)' },
        { hpoId: 'HP:6000880', term: 'Anti-neurochondrin antibody positivity', frequency: 'Frequent (79-30%)' },
      ],
    }),
    disorder('708684', 'Eosinophilic cystitis', 'Disease', {
      prevalences: [
        { type: 'Cases/families', qualification: 'Case(s)', class: null, valMoy: null, geographic: 'Worldwide', source: 'ORPHANET' },
        {
          type: 'Point prevalence',
          qualification: 'Class only',
          class: '<1 / 1 000 000',
          valMoy: null,
          geographic: 'Worldwide',
          source: 'ORPHANET',
        },
      ],
      onsets: ['All ages'],
    }),
    disorder('714413', '9p23p22.2 microdeletion syndrome', 'Etiological subtype', {
      synonyms: ['Del(9)(p23)(p22.2)', 'Deletion 9p23p22.2', 'Monosomy 9p23p22.2'],
      genes: [
        { symbol: 'NFIB', name: 'nuclear factor I B', hgncId: 'HGNC:7785', omimId: '600728', associationType: 'Role in the phenotype of' },
      ],
    }),
  ]);
});

test('orphapackets: section helper flattens all wrapper shapes', () => {
  assert.deepEqual(sectionItems([{ X: { a: 1 } }, { X: { a: 2 } }], 'X'), [{ a: 1 }, { a: 2 }]);
  assert.deepEqual(sectionItems([{ X: [{ a: 1 }, { a: 2 }] }], 'X'), [{ a: 1 }, { a: 2 }]);
  assert.deepEqual(sectionItems({ X: [{ a: 1 }] }, 'X'), [{ a: 1 }]);
  assert.deepEqual(sectionItems({ X: { a: 1 } }, 'X'), [{ a: 1 }]);
  assert.deepEqual(sectionItems([{ a: 1 }], 'X'), [{ a: 1 }]);
  assert.deepEqual(sectionItems(undefined, 'X'), []);
});

test('orphapackets: null prevalence Source and E/NTBT/ND relations', () => {
  const text = fixtureText(FIXTURE)
    .replace('{"Source":"ORPHANET","PrevalenceType":"Cases/families"', '{"Source":null,"PrevalenceType":"Cases/families"')
    .replace(
      '"Reference":"120200","DisorderMappingRelation":"BTNT (ORPHAcode is broader than the targeted code used to represent it)"',
      '"Reference":"120200","DisorderMappingRelation":"E (Exact mapping: the two concepts are equivalent)"',
    )
    .replace(
      '"Reference":"216820","DisorderMappingRelation":"BTNT (ORPHAcode is broader than the targeted code used to represent it)"',
      '"Reference":"216820","DisorderMappingRelation":"NTBT (ORPHAcode is narrower than the targeted code used to represent it)"',
    );
  const packets = readOrphaPackets(tempFile('variants.jsonl', text));
  assert.deepEqual(packets[0].omim, [
    { code: '120200', relation: 'E' },
    { code: '216820', relation: 'NTBT' },
  ]);
  assert.equal(packets[9].prevalences[0].source, null);
});

test('orphapackets: an invalid JSON line is an error naming the line', () => {
  const lines = fixtureText(FIXTURE).split('\n');
  lines[2] = lines[2].slice(0, 120);
  const file = tempFile('broken.jsonl.gz', lines.join('\n'));
  assert.throws(
    () => readOrphaPackets(file),
    (err: unknown) => {
      assert.ok(err instanceof Error);
      assert.equal(err.message.startsWith(`${file} line 3: invalid JSON: `), true, err.message);
      return true;
    },
  );
});

test('orphapackets: unknown mapping relation, non-numeric ValMoy, missing wrapper, truncated gzip', () => {
  const text = fixtureText(FIXTURE);
  const relation = tempFile(
    'relation.jsonl',
    text.replace(
      '"DisorderMappingRelation":"BTNT (ORPHAcode is broader than the targeted code used to represent it)"}],"Parents":[{"Parent":[{"ORPHAcode":"3092"',
      '"DisorderMappingRelation":"XX (?)"}],"Parents":[{"Parent":[{"ORPHAcode":"3092"',
    ),
  );
  assert.throws(() => readOrphaPackets(relation), { message: `${relation} line 2: unknown mapping relation "XX (?)"` });
  const valMoy = tempFile('valmoy.jsonl', text.replace('"ValMoy":"0.02"', '"ValMoy":"about 2"'));
  assert.throws(() => readOrphaPackets(valMoy), { message: `${valMoy} line 8: ValMoy is not a number: "about 2"` });
  const unwrapped = tempFile('unwrapped.jsonl', '{"ORPHAcode":"5"}\n');
  assert.throws(() => readOrphaPackets(unwrapped), { message: `${unwrapped} line 1: missing "Orphapacket" object` });
  const truncated = truncatedGz('packets-truncated.jsonl.gz', text);
  assert.throws(() => readOrphaPackets(truncated), { message: `${truncated}: truncated or corrupt gzip data` });
});
