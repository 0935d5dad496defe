import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type CurrentReleases, type RecordStatements, checkEditorial } from '../../build/editorial/editorial-checks.ts';
import type { EditorialFile } from '../../build/editorial/editorial-file.ts';
import { applyErrata, expertContent } from '../../build/editorial/expert-join.ts';
import type { EditorialHpo, EditorialHpoTerm } from '../../build/editorial/hpo-terms.ts';
import { checkLead } from '../../build/editorial/lead-check.ts';
import type { RecordFacts } from '../../build/record/record-facts.ts';

// Facts of the Friedreich ataxia file (content/editorial/MONDO_0100339.json), cut to what each check reads.
const NOW: CurrentReleases = { mondo: '2026-08-04', hpo: '2023-01-27', hgnc: '2024-10-18' };
const term = (id: string, label: string, extra: Partial<EditorialHpoTerm> = {}): [string, EditorialHpoTerm] => [
  id,
  { id, label, names: [label.toLowerCase()], obsolete: false, replacedBy: null, ...extra },
];
const HPO: EditorialHpo = {
  release: '2023-01-27',
  terms: new Map([
    term('HP:0007240', 'Progressive gait ataxia'),
    term('HP:0001260', 'Dysarthria'),
    term('HP:0001251', 'Ataxia', { obsolete: true, replacedBy: 'HP:0007240' }),
  ]),
};

function file(): EditorialFile {
  return {
    mondoId: 'MONDO:0100339',
    name: 'Friedreich ataxia',
    curated: { by: 'test', on: '2026-12-06', against: { ...NOW } },
    sources: [
      {
        id: 'genereviews',
        kind: 'genereviews',
        title: 'Friedreich Ataxia',
        url: 'https://www.ncbi.nlm.nih.gov/books/NBK1281/',
        identifier: 'NBK1281',
        section: 'Summary',
        read: '2026-12-06',
      },
    ],
    definingFeatures: [
      { hpoId: 'HP:0007240', label: 'Progressive gait ataxia', source: 'genereviews' },
      { hpoId: 'HP:0001260', label: 'Dysarthria', source: 'genereviews' },
    ],
    genes: [{ symbol: 'FXN', source: 'genereviews' }],
    inheritance: { modes: ['autosomal-recessive'], note: null, source: 'genereviews' },
    onset: { text: 'on average at 10 to 15 years', categories: ['childhood', 'adolescent'], source: 'genereviews' },
    mechanism: { text: 'About 96% carry a GAA repeat expansion in intron 1 of FXN on both alleles.', source: 'genereviews' },
    diagnosis: [],
    management: { firstLine: [], surveillance: [], avoid: [] },
    prevalenceNote: null,
    errata: [],
    lead: [
      {
        text: 'Friedreich ataxia is caused by biallelic FXN variants, in about 96% a GAA repeat expansion.',
        basedOn: ['/genes', '/mechanism'],
      },
      { text: 'Progressive gait ataxia starts on average at 10 to 15 years.', basedOn: ['/definingFeatures', '/onset'] },
    ],
    reviews: [],
  };
}

const RECORD: RecordStatements = {
  name: 'Friedreich ataxia',
  synonyms: [
    { text: 'FRDA', origin: 'mondo' },
    { text: "Friedreich's tabes", origin: 'mondo' },
  ],
  parents: ['MONDO:0020046'],
  children: ['MONDO:0100340'],
  inheritance: [{ term: 'autosomal-recessive', sources: ['orphanet'] }],
  genes: ['FXN'],
  phenotypes: [{ hpoId: 'HP:0001260', sources: ['hpo', 'orphanet'] }],
};

describe('the lead check (LEAD_CHECK_RULE)', () => {
  test('a sentence whose numbers, names and symbols its facts hold passes; its first word is grammar', () => {
    assert.deepEqual(checkLead(file()), []);
  });

  test('a number, a symbol or a name its facts lack is named with the sentence and its basis', () => {
    const f = file();
    f.lead[0].text = 'Friedreich ataxia is caused by biallelic FXN variants, in about 97% a GAA repeat expansion; see Delatycki.';
    assert.deepEqual(checkLead(f), [
      '/lead/0: "97" is in none of its facts (/genes, /mechanism)',
      '/lead/0: "Delatycki" is in none of its facts (/genes, /mechanism)',
    ]);
  });

  test('a classing word (a mode of inheritance, core, secondary) must be in the facts, a mode by its label', () => {
    const f = file();
    f.lead[0].text = 'Friedreich ataxia is autosomal recessive; its core features begin in youth.';
    f.lead[0].basedOn = ['/inheritance', '/genes'];
    assert.deepEqual(checkLead(f), [
      '/lead/0: "core" classes the disease or its features, and is in none of its facts (/inheritance, /genes)',
    ]);
    f.lead[0].basedOn = ['/genes'];
    assert.deepEqual(checkLead(f), [
      '/lead/0: "autosomal recessive" classes the disease or its features, and is in none of its facts (/genes)',
      '/lead/0: "core" classes the disease or its features, and is in none of its facts (/genes)',
    ]);
  });

  test('letters and digits are one token: a subtype number, an ordinal or a decimal is checked whole', () => {
    const f = file();
    f.mechanism = {
      text: 'Type 1A starts before the 16th year in 2.5% of patients with GAA repeat expansions of FXN.',
      source: 'genereviews',
    };
    f.lead[0].text = 'Friedreich ataxia type 1A starts before the 16th year in 2.5% of patients, caused by FXN variants.';
    assert.deepEqual(checkLead(f), []);
    f.lead[0].text = 'Friedreich ataxia type 1B starts before the 16th year in 2.6% of patients, caused by FXN variants.';
    assert.deepEqual(checkLead(f), [
      '/lead/0: "1B" is in none of its facts (/genes, /mechanism)',
      '/lead/0: "2.6" is in none of its facts (/genes, /mechanism)',
    ]);
  });

  test('a pointer that names no fact is a problem', () => {
    const f = file();
    f.lead[1].basedOn = ['/diagnosis/0', '/onset'];
    assert.deepEqual(checkLead(f), ['/lead/1: basedOn /diagnosis/0 names no fact']);
  });
});

describe('checkEditorial: tier 1 against the releases curated against, tier 2 against newer ones', () => {
  test('a clean file has no finding', () => {
    assert.deepEqual(checkEditorial(file(), RECORD, HPO, NOW), { tier1: [], tier2: [], warnings: [] });
  });

  test('a fact citing no listed source, an unknown HPO id and a wrong label are tier 1', () => {
    const f = file();
    f.genes[0].source = 'medlineplus';
    f.definingFeatures[0].hpoId = 'HP:9999999';
    f.definingFeatures[1].label = 'Slurred speech';
    assert.deepEqual(checkEditorial(f, RECORD, HPO, NOW).tier1, [
      '/genes/0/source: "medlineplus" is not a listed source (genereviews)',
      '/definingFeatures/0/hpoId: HP:9999999 is not an HPO term',
      '/definingFeatures/1/label: "Slurred speech" is not a name of HP:0001260 ("Dysarthria")',
    ]);
  });

  test('an obsolete HPO id or a gene the record lacks: tier 1 on the same release, tier 2 on a newer one', () => {
    const f = file();
    f.definingFeatures[0] = { hpoId: 'HP:0001251', label: 'Ataxia', source: 'genereviews' };
    const record = { ...RECORD, genes: ['FXN1'] };
    assert.deepEqual(checkEditorial(f, record, HPO, NOW).tier1, [
      '/definingFeatures/0/hpoId: HP:0001251 is obsolete (replaced by HP:0007240)',
      "/genes/0: FXN is not among the record's genes (FXN1)",
    ]);
    const newer = checkEditorial(f, record, HPO, { mondo: '2027-01-01', hpo: '2027-01-01', hgnc: '2027-01-01' });
    assert.deepEqual(newer.tier1, []);
    assert.deepEqual(newer.tier2, [
      { pointer: '/definingFeatures/0/hpoId', reason: 'HP:0001251 is obsolete (replaced by HP:0007240)' },
      { pointer: '/genes/0', reason: "FXN is not among the record's genes (FXN1)" },
    ]);
  });

  test('an erratum for a statement no named source makes is tier 1; one that is made passes', () => {
    const f = file();
    f.errata = [
      { kind: 'synonym', value: "Friedreich's tabes", statedBy: ['mondo'], reason: 'an old name of tabes dorsalis', source: 'genereviews' },
      { kind: 'synonym', value: 'FRDA2', statedBy: ['mondo'], reason: 'another disease', source: 'genereviews' },
      { kind: 'inheritance', value: 'autosomal-recessive', statedBy: ['hpo'], reason: 'x', source: 'genereviews' },
    ];
    f.inheritance = null;
    assert.deepEqual(checkEditorial(f, RECORD, HPO, NOW).tier1, [
      '/errata/1: no source among mondo states the synonym "FRDA2" on this record',
      '/errata/2: no source among hpo states the inheritance "autosomal-recessive" on this record',
    ]);
  });

  test('a disease that is no longer a record: tier 1 on the same Mondo release, tier 2 after a new one', () => {
    assert.deepEqual(checkEditorial(file(), null, HPO, NOW).tier1, ['/mondoId: MONDO:0100339 is not a current disease']);
    assert.deepEqual(checkEditorial(file(), null, HPO, { ...NOW, mondo: '2027-01-01' }).tier2, [
      { pointer: '/mondoId', reason: 'MONDO:0100339 is not a current disease' },
    ]);
  });
});

describe('joining a file to its record', () => {
  test('errata suppress what they name, on both sides of a wrong link, and the lead gets record paths', () => {
    const f = file();
    f.errata = [
      { kind: 'synonym', value: "friedreich's tabes", statedBy: ['mondo'], reason: 'tabes dorsalis', source: 'genereviews' },
      { kind: 'child', value: 'MONDO:0100340', statedBy: ['mondo'], reason: 'test', source: 'genereviews' },
    ];
    const facts = {
      id: 'MONDO:0100339',
      synonyms: [
        { text: 'FRDA', origin: 'mondo' },
        { text: "Friedreich's tabes", origin: 'mondo' },
      ],
      children: [{ id: 'MONDO:0100340', name: 'Friedreich ataxia 1' }],
      parents: [],
    } as unknown as RecordFacts;
    const child = {
      id: 'MONDO:0100340',
      parents: [{ id: 'MONDO:0100339', name: 'Friedreich ataxia' }],
      children: [],
    } as unknown as RecordFacts;
    const changed = applyErrata(facts, f.errata, new Map([[child.id, child]]));
    assert.deepEqual(changed, ['synonyms', 'children']);
    assert.deepEqual(
      facts.synonyms.map((s) => s.text),
      ['FRDA'],
    );
    assert.deepEqual(facts.children, []);
    assert.deepEqual(child.parents, []);
    const expert = expertContent(f, { tier1: [], tier2: [{ pointer: '/genes/0', reason: 'renamed' }], warnings: [] });
    assert.deepEqual(expert.lead[0].basedOn, ['name', 'expert.genes', 'expert.mechanism']);
    assert.deepEqual(expert.regenerated, [{ pointer: 'genes.0', reason: 'renamed', sections: ['overview', 'genetics'] }]);
  });
});
