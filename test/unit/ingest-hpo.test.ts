import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readHpoLabels } from '../../build/ingest/hpo-babelon.ts';
import { readHpoOntology } from '../../build/ingest/hpo-ontology.ts';
import { readHpoa } from '../../build/ingest/hpoa.ts';
import { fixtureText, gzFixture, tempFile, truncatedGz } from '../fixtures/ingest/fixture-files.ts';

test('hp.json: HP classes as CURIEs with parents, deprecation and replacement', () => {
  const { version, terms } = readHpoOntology(gzFixture('hp.json'));
  assert.equal(version, '2023-01-27');
  // HP_0034334 is a PROPERTY node (a synonym type), not a class.
  assert.deepEqual([...terms.keys()], ['HP:0000001', 'HP:0000005', 'HP:0000007', 'HP:0000057', 'HP:0034345', 'HP:0000535']);
  assert.deepEqual(terms.get('HP:0000001'), {
    id: 'HP:0000001',
    label: 'All',
    definition: null,
    parents: [],
    deprecated: false,
    replacedBy: null,
    altIds: [],
    synonyms: [],
    synonymKinds: [],
  });
  assert.deepEqual(terms.get('HP:0000007'), {
    id: 'HP:0000007',
    label: 'Autosomal recessive inheritance',
    definition:
      'A mode of inheritance that is observed for traits related to a gene encoded on one of the autosomes (i.e., the human chromosomes 1-22) in which a trait manifests in individuals with two pathogenic alleles, either homozygotes (two copies of the same mutant allele) or compound heterozygotes (whereby each copy of a gene has a distinct mutant allele).',
    parents: ['HP:0034345'],
    deprecated: false,
    replacedBy: null,
    altIds: ['HP:0001416', 'HP:0001526', 'HP:0031362'],
    synonyms: ['biallelic_autosomal', 'Autosomal recessive', 'Autosomal recessive predisposition', 'Autosomal recessive form'],
    // The type is the last part of its IRI (here a numbered HPO property).
    synonymKinds: [
      { text: 'biallelic_autosomal', scope: 'exact', type: 'HP_0034334' },
      { text: 'Autosomal recessive', scope: 'exact', type: null },
      { text: 'Autosomal recessive predisposition', scope: 'related', type: null },
      { text: 'Autosomal recessive form', scope: 'related', type: null },
    ],
  });
  assert.deepEqual(terms.get('HP:0000057'), {
    id: 'HP:0000057',
    label: 'obsolete Clitoromegaly',
    definition: null,
    parents: [],
    deprecated: true,
    replacedBy: 'HP:0008665',
    altIds: [],
    synonyms: [],
    synonymKinds: [],
  });
  // Two replacement IRIs: no single successor.
  assert.equal(terms.get('HP:0000535')?.replacedBy, null);
  assert.deepEqual(terms.get('HP:0000005')?.parents, ['HP:0000001']);
});

test('hp.json: invalid JSON and a missing node list are errors', () => {
  const broken = tempFile('broken.json.gz', fixtureText('hp.json').slice(0, 500));
  assert.throws(
    () => readHpoOntology(broken),
    (err: unknown) => {
      assert.ok(err instanceof Error);
      assert.equal(err.message.startsWith(`${broken}: invalid JSON: `), true, err.message);
      return true;
    },
  );
  const empty = tempFile('empty-graphs.json', '{"graphs":[]}');
  assert.throws(() => readHpoOntology(empty), { message: `${empty} /graphs/0/nodes: missing OBO Graphs node list` });
});

test('babelon: rdfs:label rows of HP ids only', () => {
  const labels = readHpoLabels(gzFixture('hp_labels.babelon.tsv'));
  assert.deepEqual(
    [...labels],
    [
      ['HP:0000001', 'All'],
      ['HP:0000002', 'Abnormality of body height'],
      ['HP:5000000', 'Anti-AK5 antibody positivity'],
    ],
  );
  const withDefinition = tempFile(
    'babelon-def.tsv',
    `${fixtureText('hp_labels.babelon.tsv')}en\tA definition.\tHP:0000002\tIAO:0000115\texample\t\tNOT_TRANSLATED\n`,
  );
  assert.equal(readHpoLabels(withDefinition).get('HP:0000002'), 'Abnormality of body height');
});

const OMIM_203400 = {
  diseaseId: 'OMIM:203400',
  diseaseName: 'Corticosterone methyloxidase type I deficiency',
  negated: false,
  hpoId: 'HP:0002013',
  references: ['OMIM:203400'],
  evidence: 'IEA',
  onset: null,
  frequency: null,
  sex: null,
  modifiers: [],
  aspect: 'P',
  biocuration: 'HPO:iea[2009-02-17]',
};

test('hpoa (2023 layout): metadata, NOT, references, modifiers, sex, frequency forms', () => {
  const hpoa = readHpoa(gzFixture('phenotype.hpoa'));
  assert.equal(hpoa.date, '2023-01-27');
  assert.equal(hpoa.hpoVersion, '2023-01-27');
  assert.equal(hpoa.annotations.length, 10);
  assert.deepEqual(hpoa.annotations[0], OMIM_203400);
  assert.deepEqual(hpoa.annotations[2], {
    diseaseId: 'OMIM:617816',
    diseaseName: 'Glycosylphosphatidylinositol biosynthesis defect 16',
    negated: true,
    hpoId: 'HP:0003155',
    references: ['PMID:27694521'],
    evidence: 'TAS',
    onset: null,
    frequency: null,
    sex: null,
    modifiers: [],
    aspect: 'P',
    biocuration: 'HPO:nvasilevsky[2019-03-27]',
  });
  assert.deepEqual(hpoa.annotations[3], {
    diseaseId: 'OMIM:619075',
    diseaseName: 'Neurodevelopmental disorder with alopecia and brain abnormalities',
    negated: false,
    hpoId: 'HP:0001561',
    references: ['PMID:30239107', 'PMID:30475435'],
    evidence: 'PCS',
    onset: 'HP:0011461',
    frequency: '4/5',
    sex: null,
    modifiers: [],
    aspect: 'P',
    biocuration: 'HPO:probinson[2020-12-05]',
  });
  assert.deepEqual(
    hpoa.annotations.map((a) => [a.diseaseId, a.frequency, a.sex, a.modifiers, a.aspect]),
    [
      ['OMIM:203400', null, null, [], 'P'],
      ['OMIM:203400', null, null, [], 'P'],
      ['OMIM:617816', null, null, [], 'P'],
      ['OMIM:619075', '4/5', null, [], 'P'],
      ['DECIPHER:45', null, null, [], 'I'],
      ['OMIM:614569', '30%', null, [], 'P'],
      ['OMIM:194200', '14/26', null, ['HP:0031796', 'HP:0031796'], 'P'],
      ['OMIM:603116', '4/4', 'male', [], 'P'],
      ['ORPHA:79414', 'HP:0040281', null, [], 'P'],
      ['OMIM:300712', null, 'female', [], 'P'],
    ],
  );
  assert.deepEqual(hpoa.annotations[7].biocuration, 'HPO:iea[2009-02-17];HPO:probinson[2022-05-07]');
});

test('hpoa (current layout): header without #, #version and #hpo-version', () => {
  const hpoa = readHpoa(gzFixture('phenotype-new-layout.hpoa'));
  assert.equal(hpoa.date, '2024-04-26');
  assert.equal(hpoa.hpoVersion, '2024-04-26');
  assert.deepEqual(hpoa.annotations[0], OMIM_203400);
  assert.equal(hpoa.annotations.length, 2);
});

test('hpoa: malformed HPO id, malformed disease id, missing column, truncated gzip', () => {
  const text = fixtureText('phenotype.hpoa');
  const badHpo = tempFile('bad-hpo.hpoa', text.replace('HP:0002153', 'HP:215'));
  assert.throws(() => readHpoa(badHpo), { message: `${badHpo} line 7: malformed HPO id "HP:215"` });
  const badDisease = tempFile('bad-disease.hpoa', text.replace('DECIPHER:45', '45'));
  assert.throws(() => readHpoa(badDisease), { message: `${badDisease} line 10: malformed disease id "45"` });
  const noAspect = tempFile('no-aspect.hpoa.gz', text.replace('\tAspect\t', '\tAspekt\t'));
  assert.throws(() => readHpoa(noAspect), {
    message: `${noAspect} line 5: missing column(s) "aspect"; expected columns: databaseid, diseasename, qualifier, hpoid, reference, evidence, onset, frequency, sex, modifier, aspect, biocuration`,
  });
  const truncated = truncatedGz('phenotype-truncated.hpoa.gz', text);
  assert.throws(() => readHpoa(truncated), { message: `${truncated}: truncated or corrupt gzip data` });
});
