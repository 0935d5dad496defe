import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OrphanDesignation } from '../../build/ingest/source-types.ts';
import { parseDesignator, splitWords, subtypeKeys } from '../../build/record/link-rules.ts';
import { NameIndex, normalizeName } from '../../build/record/name-index.ts';
import { QcReport } from '../../build/record/qc.ts';
import { linkDesignations, matchDesignation } from '../../build/record/text-links.ts';

/**
 * A small disease hierarchy with Mondo-style labels and synonyms (ids are made up, the names are
 * Mondo's spelling), and causal genes by approved symbol.
 */
const CLASSES: { id: string; name: string; parent?: string; synonyms?: string[]; genes?: string[] }[] = [
  { id: 'T:1', name: 'T-cell acute lymphoblastic leukemia', synonyms: ['acute T cell leukemia'] },
  { id: 'T:2', name: 'adult T-cell leukemia/lymphoma', synonyms: ['adult T-cell lymphoma/leukemia'] },
  { id: 'T:3', name: 'leukemia' },
  { id: 'T:4', name: 'lymphoma', synonyms: ['lymphomatous'] },
  { id: 'T:10', name: 'mucopolysaccharidosis', synonyms: ['MPS'] },
  // Mondo lists "type IIIA" as a synonym of type 3 too: the class so named wins.
  {
    id: 'T:11',
    name: 'mucopolysaccharidosis type 3',
    parent: 'T:10',
    synonyms: ['mucopolysaccharidosis type III', 'mucopolysaccharidosis type IIIA'],
  },
  { id: 'T:12', name: 'mucopolysaccharidosis type 3A', parent: 'T:11', synonyms: ['Sanfilippo syndrome A'] },
  { id: 'T:13', name: 'mucopolysaccharidosis type 1', parent: 'T:10' },
  { id: 'T:14', name: 'mucopolysaccharidosis type 6', parent: 'T:10' },
  { id: 'T:20', name: 'developmental and epileptic encephalopathy' },
  { id: 'T:21', name: 'developmental and epileptic encephalopathy 11', parent: 'T:20', genes: ['SCN2A'] },
  { id: 'T:22', name: 'developmental and epileptic encephalopathy 13', parent: 'T:20', genes: ['SCN8A'] },
  { id: 'T:23', name: 'developmental and epileptic encephalopathy 99', parent: 'T:20', genes: ['SCN8A'] },
  { id: 'T:24', name: 'benign familial infantile seizures 3', genes: ['SCN2A'] },
  { id: 'T:30', name: 'peripheral neuropathy', synonyms: ['neuropathy'] },
  { id: 'T:31', name: 'meningitis' },
  { id: 'T:32', name: 'sickle cell disease' },
  { id: 'T:33', name: 'tuberous sclerosis complex' },
  { id: 'T:34', name: 'mucoviscidosis' },
  { id: 'T:35', name: 'cystic fibrosis', synonyms: ['mucoviscidosis'] },
  { id: 'T:36', name: 'hepatoblastoma' },
  { id: 'T:37', name: 'thrombocytopenia' },
  { id: 'T:38', name: 'thrombocytopenia 2', parent: 'T:37' },
  { id: 'T:40', name: 'essential thrombocythemia' },
  { id: 'T:41', name: 'familial thrombocytosis', synonyms: ['thrombocythemia'] },
  { id: 'T:42', name: 'drug-resistant tuberculosis' },
  { id: 'T:43', name: 'chronic granulomatous disease', synonyms: ['X-linked chronic granulomatous disease'] },
  { id: 'T:44', name: 'Crohn disease' },
  { id: 'T:50', name: 'Dravet syndrome' },
  { id: 'T:51', name: 'Lennox-Gastaut syndrome' },
  { id: 'T:52', name: 'hyperphenylalaninemia' },
  { id: 'T:53', name: 'phenylketonuria' },
  { id: 'T:54', name: 'iron overload' },
  { id: 'T:55', name: 'thalassemia' },
  { id: 'T:56', name: 'mastocytosis' },
  { id: 'T:57', name: 'systemic mastocytosis' },
  { id: 'T:58', name: 'cystinuria' },
  { id: 'T:59', name: 'nephrolithiasis' },
];

function fixtureIndex(): NameIndex {
  const parent = new Map(CLASSES.filter((c) => c.parent).map((c) => [c.id, c.parent!]));
  const ancestors = (id: string): string[] => {
    const out: string[] = [];
    for (let p = parent.get(id); p; p = parent.get(p)) out.push(p);
    return out;
  };
  const byGene = new Map<string, string[]>();
  for (const c of CLASSES) for (const g of c.genes ?? []) byGene.set(g, [...(byGene.get(g) ?? []), c.id]);
  const index = new NameIndex(ancestors, (symbol) => byGene.get(symbol) ?? []);
  for (const c of CLASSES) {
    if (c.id === 'T:34') continue;
    index.add(c.id, c.name, 'name');
    for (const s of c.synonyms ?? []) index.add(c.id, s, 'synonym');
  }
  return index;
}

function row(designation: string): OrphanDesignation {
  return {
    genericName: 'drug',
    tradeName: null,
    dateDesignated: '2020-01-01',
    designation,
    designationStatus: 'Designated',
    dateWithdrawn: null,
    approvalStatus: null,
    approvedIndication: null,
    marketingApprovalDate: null,
    exclusivityEndDate: null,
    sponsor: null,
    country: null,
    designationKey: '1',
    row: 1,
  };
}

/** The (id, matched text) pairs one designation text links. */
function links(designation: string): [string, string][] {
  return matchDesignation(row(designation), fixtureIndex()).hits.flatMap(({ hit }) =>
    hit.ids.map((id): [string, string] => [id, hit.text]),
  );
}

describe('splitWords', () => {
  it('splits as normalizeName does, keeping spelling and separators', () => {
    const text = "Treatment of Crohn's acute T-cell leukemia-lymphoma (MAG), type IIIa";
    const tw = splitWords(text);
    assert.equal(tw.words.join(' '), normalizeName(text));
    assert.deepEqual(tw.original, ['Treatment', 'of', 'Crohn', 'acute', 'T', 'cell', 'leukemia', 'lymphoma', 'MAG', 'type', 'IIIa']);
    assert.deepEqual(tw.before, ['', ' ', ' ', ' ', ' ', '-', ' ', '-', ' (', '), ', ' ']);
  });
});

describe('subtype designators', () => {
  it('reads Roman numerals in capitals, Arabic numbers and "type N", each with an optional letter', () => {
    const at = (text: string, i: number) => parseDesignator(splitWords(text), i);
    assert.deepEqual(at('MPS IIIA', 1), { number: 3, letter: 'a', length: 1 });
    assert.deepEqual(at('MPS 3b', 1), { number: 3, letter: 'b', length: 1 });
    assert.deepEqual(at('MPS type iv', 1), { number: 4, letter: '', length: 2 });
    assert.equal(at('anemia i.e. low', 1), null);
    assert.equal(at('anemia if low', 1), null);
    assert.equal(at('anemia 2024', 1), null);
    assert.deepEqual(subtypeKeys('mps', { number: 3, letter: 'a', length: 1 }), [
      'mps type 3a',
      'mps 3a',
      'mps type 3 a',
      'mps 3 a',
      'mps type iiia',
      'mps iiia',
      'mps type iii a',
      'mps iii a',
    ]);
  });

  it('links the subtype class a name with a Roman numeral and letter names', () => {
    assert.deepEqual(links('Treatment of mucopolysaccharidosis IIIA'), [['T:12', 'mucopolysaccharidosis IIIA']]);
    assert.deepEqual(links('Treatment of mucopolysaccharidosis-I'), [['T:13', 'mucopolysaccharidosis I']]);
    assert.deepEqual(links('Treatment of Mucopolysaccharidosis-IIIA'), [['T:12', 'Mucopolysaccharidosis IIIA']]);
  });

  it('links each subtype of a list of designators', () => {
    assert.deepEqual(links('Treatment of mucopolysaccharidosis I, III and VI in children'), [
      ['T:11', 'mucopolysaccharidosis I III and VI'],
      ['T:13', 'mucopolysaccharidosis I III and VI'],
      ['T:14', 'mucopolysaccharidosis I III and VI'],
    ]);
  });

  it('links nothing through a name whose designated subtype has no class', () => {
    assert.deepEqual(links('Treatment of mucopolysaccharidosis IIIE'), []);
    assert.deepEqual(links('Treatment of mucopolysaccharidosis'), [['T:10', 'mucopolysaccharidosis']]);
  });

  it('reads no designator in a numbered list, in brackets, in "X-linked", or after a hyphenated phrase', () => {
    assert.deepEqual(links('1. Treatment of hepatoblastoma 2. Treatment of germ cell tumors'), [['T:36', 'hepatoblastoma']]);
    assert.deepEqual(links('Treatment of pediatric Crohn disease (0 through 16 years of age)'), [['T:44', 'Crohn disease']]);
    assert.deepEqual(links('Treatment of seizures in patients with Crohn disease 6 years of age and older'), [['T:44', 'Crohn disease']]);
    assert.deepEqual(links('Treatment of X-linked chronic granulomatous disease (X-CGD)'), [
      ['T:43', 'X-linked chronic granulomatous disease'],
    ]);
    assert.deepEqual(links('Treatment of thrombocytopenia type II'), [['T:38', 'thrombocytopenia type II']]);
    assert.deepEqual(links('Treatment of heparin-associated thrombocytopenia type II'), []);
  });
});

describe('hyphenated compounds', () => {
  it('does not end or start a match inside a hyphenated word', () => {
    assert.deepEqual(links('Treatment of acute T-cell leukemia-lymphoma'), []);
    assert.deepEqual(links('Treatment of acute T-cell leukemia'), [['T:1', 'acute T cell leukemia']]);
    assert.deepEqual(links('Treatment of adult T-cell leukemia/lymphoma'), [['T:2', 'adult T-cell leukemia/lymphoma']]);
  });

  it('starts a match inside a compound only after a first part that qualifies it', () => {
    assert.deepEqual(links('Treatment of post-essential thrombocythemia myelofibrosis'), []);
    assert.deepEqual(links('Treatment of essential thrombocythemia'), [['T:40', 'essential thrombocythemia']]);
    assert.deepEqual(links('Treatment of multi-drug-resistant tuberculosis'), [['T:42', 'drug-resistant tuberculosis']]);
  });

  it('keeps a disease name before "-associated" or "-related"', () => {
    assert.deepEqual(links('Treatment of sickle cell disease-associated vaso-occlusive crises'), [['T:32', 'sickle cell disease']]);
    assert.deepEqual(links('Treatment of tuberous sclerosis complex-related seizures'), [['T:33', 'tuberous sclerosis complex']]);
    assert.deepEqual(links('Treatment of meningitis-like illness'), []);
  });
});

describe('gene symbol before a grouping name', () => {
  it('links the one class below with that causal gene', () => {
    assert.deepEqual(links('Treatment of SCN2A Developmental and Epileptic Encephalopathy'), [
      ['T:21', 'SCN2A Developmental and Epileptic Encephalopathy'],
    ]);
  });

  it('keeps the grouping when several classes below have the gene, or the symbol stands in brackets or lower case', () => {
    assert.deepEqual(links('Treatment of SCN8A developmental and epileptic encephalopathy'), [
      ['T:20', 'developmental and epileptic encephalopathy'],
    ]);
    assert.deepEqual(links('Treatment of (SCN2A) developmental and epileptic encephalopathy'), [
      ['T:20', 'developmental and epileptic encephalopathy'],
    ]);
    assert.deepEqual(links('Treatment of scn2a developmental and epileptic encephalopathy'), [
      ['T:20', 'developmental and epileptic encephalopathy'],
    ]);
  });
});

describe('one-word synonyms inside a text', () => {
  it('does not link an adjective synonym', () => {
    assert.deepEqual(links('Intrathecal treatment of lymphomatous meningitis'), [['T:31', 'meningitis']]);
  });

  it('still links a one-word synonym that is a noun, even the head word of its class name', () => {
    assert.deepEqual(links('Treatment of pulmonary exacerbations of mucoviscidosis'), [['T:35', 'mucoviscidosis']]);
    assert.deepEqual(links('Treatment of anti-myelin-associated glycoprotein (MAG) neuropathy'), [['T:30', 'neuropathy']]);
  });
});

/** The diseases one approved designation is listed on, with the relation of each entry. */
function listedOn(designation: string, approvedIndication: string): [string, string][] {
  const approved = {
    ...row(designation),
    designationStatus: 'Designated/Approved',
    approvedIndication,
    marketingApprovalDate: '2021-01-01',
  };
  const out = linkDesignations([approved], fixtureIndex(), '2024-06-05', new QcReport());
  return [...out].map(([id, [entry]]): [string, string] => [id, entry.relation]).sort();
}

describe('an approval that covers more than its designation', () => {
  it('does not list the designation on the other diseases the approval names beside its own', () => {
    assert.deepEqual(
      listedOn(
        'Treatment of Dravet syndrome',
        'treatment of seizures associated with Lennox-Gastaut syndrome (LGS), Dravet syndrome (DS), or tuberous sclerosis complex (TSC)',
      ),
      [['T:50', 'exact']],
    );
  });

  it('lists it on a disease its approval names instead of its own, on a form of its own, and on the patients of its own', () => {
    assert.deepEqual(
      listedOn('Treatment of hyperphenylalaninemia', 'to reduce blood phenylalanine in adult patients with phenylketonuria'),
      [
        ['T:52', 'exact'],
        ['T:53', 'complication'],
      ],
    );
    assert.deepEqual(
      listedOn('Treatment of mastocytosis', 'Treatment of adult patients with mastocytosis, including systemic mastocytosis'),
      [
        ['T:56', 'exact'],
        ['T:57', 'broader'],
      ],
    );
    assert.deepEqual(listedOn('Treatment of iron overload', 'treatment of transfusional iron overload due to thalassemia syndromes'), [
      ['T:54', 'exact'],
      ['T:55', 'complication'],
    ]);
  });

  it('keeps the disease a qualified cause phrase names', () => {
    assert.deepEqual(
      listedOn(
        'Treatment of hyperphenylalaninemia',
        'to reduce blood phenylalanine in patients with hyperphenylalaninemia (HPA) due to tetrahydrobiopterin- (BH4-) responsive phenylketonuria (PKU)',
      ),
      [
        ['T:52', 'exact'],
        ['T:53', 'complication'],
      ],
    );
  });

  it('lists a designation on the patient group it names, as a complication', () => {
    assert.deepEqual(
      listedOn('Prevention of cystine nephrolithiasis in patients with homozygous cystinuria.', 'Prevention of cystine stone formation'),
      [
        ['T:58', 'complication'],
        ['T:59', 'broader'],
      ],
    );
  });
});
