import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { approvalCovers, shownRelation } from '../../build/record/approval-cover.ts';
import { definitionWords, punctuatedDefinitions } from '../../build/record/definition-choice.ts';
import { subtypeInheritanceSentence } from '../../build/record/inheritance.ts';
import { headlinePrevalence } from '../../build/record/prevalence.ts';
import type { RecordFacts } from '../../build/record/record-facts.ts';
import type { DesignationLink, PrevalenceEntry, Synonym, VocabValue } from '../../build/record/record-types.ts';
import { rollUp } from '../../build/record/rollup.ts';
import { prevalenceCategoryOfClass } from '../../build/record/vocab-mapping.ts';
import { bareFacts, cysticFibrosisFacts } from '../fixtures/record-facts.ts';

/** An Orphanet prevalence entry as the 2025-12 packets give it. */
const estimate = (type: string, cls: string, geography: string): PrevalenceEntry => ({
  type,
  qualification: 'Value and class',
  class: cls,
  valuePer100k: null,
  geography,
  validationStatus: null,
  references: '',
  provenance: { source: 'orphanet', release: '2025-12-09', orphaCode: '43' },
});

describe('headline prevalence (PREVALENCE_RULE), on estimates of the Orphanet 2025-12 packets', () => {
  test('adrenoleukodystrophy: a birth prevalence before a regional point prevalence', () => {
    const head = headlinePrevalence(
      [
        estimate('Prevalence at birth', '1-9 / 1 000 000', 'Israel'),
        estimate('Point prevalence', '1-9 / 1 000 000', 'Norway'),
        estimate('Prevalence at birth', '1-5 / 10 000', 'United States'),
      ],
      prevalenceCategoryOfClass,
    );
    assert.deepEqual([head?.type, head?.geography], ['Prevalence at birth', 'United States']);
  });
  test('sickle cell disease: the United States, and the class most birth figures give, before an outlying territory', () => {
    const head = headlinePrevalence(
      [
        estimate('Prevalence at birth', '1-5 / 10 000', 'France'),
        estimate('Point prevalence', '1-5 / 10 000', 'United States'),
        estimate('Prevalence at birth', '1-5 / 10 000', 'United States'),
        estimate('Prevalence at birth', '>1 / 1000', 'Guadeloupe'),
        estimate('Prevalence at birth', '>1 / 1000', 'Martinique'),
        estimate('Prevalence at birth', '1-5 / 10 000', 'United Kingdom'),
      ],
      prevalenceCategoryOfClass,
    );
    assert.deepEqual([head?.type, head?.geography], ['Prevalence at birth', 'United States']);
  });
  test('Fanconi anemia: never a specific population; a region before a country', () => {
    const head = headlinePrevalence(
      [
        estimate('Point prevalence', '1-9 / 100 000', 'Specific population'),
        estimate('Point prevalence', '1-9 / 1 000 000', 'Europe'),
        estimate('Prevalence at birth', '1-9 / 1 000 000', 'Europe'),
        estimate('Prevalence at birth', '1-9 / 100 000', 'Israel'),
      ],
      prevalenceCategoryOfClass,
    );
    assert.deepEqual([head?.type, head?.geography], ['Prevalence at birth', 'Europe']);
  });
});

/** A link as the build writes it. */
const link = (field: DesignationLink['field'], relation: DesignationLink['relation']): DesignationLink => ({
  method: 'contained-name',
  matchedText: 'x',
  field,
  relation,
  decidedBy: 'x',
  covers: 'whole-disease',
});

describe('what an approval covers (APPROVAL_COVER_RULE)', () => {
  const index = { isAncestorOfAny: (id: string, others: readonly string[]) => id === 'STS' && others.includes('ASPS') };
  test('albendazole: approved for cystic hydatid disease, listed on alveolar echinococcosis through its designation', () => {
    const covers = approvalCovers('AE', true, [link('designation', 'broader')], new Map([['CE', ['exact']]]), index);
    assert.equal(covers, 'another-condition');
    assert.equal(shownRelation({ status: 'approved', relation: 'broader', approvalCovers: covers }), null);
  });
  test('atezolizumab: designated for soft tissue sarcoma, approved for alveolar soft part sarcoma, a class below', () => {
    const covers = approvalCovers('STS', true, [link('designation', 'exact')], new Map([['ASPS', ['broader']]]), index);
    assert.equal(covers, 'part-of-disease');
    assert.equal(shownRelation({ status: 'approved', relation: 'exact', approvalCovers: covers }), 'broader');
  });
  test('an approval that names no disease covers what the designation does; a designation not approved has none', () => {
    assert.equal(approvalCovers('CF', true, [link('designation', 'exact')], new Map(), index), 'whole-disease');
    assert.equal(approvalCovers('CF', false, [link('designation', 'exact')], new Map(), index), null);
  });
});

/** A record for the roll-up: a name, its subtypes and its own inheritance modes. */
function facts(
  id: string,
  name: string,
  children: string[],
  modes: VocabValue<'autosomal-dominant' | 'autosomal-recessive' | 'x-linked-dominant'>[],
): RecordFacts {
  const f = bareFacts();
  return {
    ...f,
    id,
    name,
    children: children.map((c) => ({ id: c, name: c })),
    inheritance: modes,
    inheritanceSummary: {
      primary: modes[0]?.term ?? null,
      primaryLabel: modes[0]?.label ?? null,
      basis: '',
      conflicts: [],
    },
  };
}
const mode = (term: 'autosomal-dominant' | 'autosomal-recessive' | 'x-linked-dominant', label: string) => ({
  term,
  label,
  hpoId: null,
  sources: [{ source: 'orphanet' as const, release: '2025-12-09', raw: label }],
});

describe('inheritance of a group whose subtypes differ (INHERITANCE_RULE), and read-more links from subtypes (READ_MORE_RULE)', () => {
  test('Alport syndrome: three modes once each in Orphanet, subtypes of different modes: no primary, the counts said', () => {
    const group = facts(
      'MONDO:0018965',
      'Alport syndrome',
      ['A1', 'A2', 'A3'],
      [
        mode('autosomal-dominant', 'Autosomal dominant'),
        mode('autosomal-recessive', 'Autosomal recessive'),
        mode('x-linked-dominant', 'X-linked dominant'),
      ],
    );
    const records = new Map<string, RecordFacts>([
      [group.id, group],
      ['A1', facts('A1', 'Alport syndrome 1', [], [mode('x-linked-dominant', 'X-linked dominant')])],
      ['A2', facts('A2', 'Alport syndrome 2', [], [mode('autosomal-recessive', 'Autosomal recessive')])],
      ['A3', facts('A3', 'Alport syndrome 3', [], [mode('autosomal-dominant', 'Autosomal dominant')])],
    ]);
    rollUp(records, (id) => (id === group.id ? [] : [group.id]));
    assert.equal(group.inheritanceSummary.primary, null);
    assert.match(
      subtypeInheritanceSentence(group) ?? '',
      /^Its subtypes differ in how they are inherited: .* in 1 subtype, .* in 1, .* in 1 \(Orphanet records autosomal dominant, autosomal recessive and X-linked dominant for it\)\.$/,
    );
  });
  test('mucopolysaccharidosis type 1 takes the GeneReviews chapter its three subtypes share (nord.robot.tsv 2025-12)', () => {
    const chapter = 'https://www.ncbi.nlm.nih.gov/books/NBK1162';
    const group = facts('MONDO:0001586', 'mucopolysaccharidosis type 1', ['H', 'HS', 'S'], []);
    const child = (id: string, name: string, medlinePlus: string | null = null) => {
      const f = facts(id, name, [], []);
      return { ...f, resources: { ...f.resources, geneReviews: chapter, medlinePlus } };
    };
    const records = new Map<string, RecordFacts>([
      [group.id, group],
      ['H', child('H', 'Hurler syndrome')],
      ['HS', child('HS', 'Hurler-Scheie syndrome')],
      ['S', child('S', 'Scheie syndrome', 'https://medlineplus.gov/genetics/condition/mucopolysaccharidosis-type-i')],
    ]);
    rollUp(records, (id) => (id === group.id ? [] : [group.id]));
    assert.equal(group.resources.geneReviews, chapter);
    assert.equal(group.resources.medlinePlus, 'https://medlineplus.gov/genetics/condition/mucopolysaccharidosis-type-i');
    assert.deepEqual(
      group.resources.linksFromSubtypes.map((l: { field: string; subtypes: unknown[] }) => [l.field, l.subtypes.length]),
      [
        ['geneReviews', 3],
        ['medlinePlus', 1],
      ],
    );
  });
});

describe('designations a parent rolls down (ROLLUP_RULE), on rows of the OOPD 2024-06 export', () => {
  test('blinatumomab, designated for indolent B-cell lymphoma "excluding CLL", does not roll down to B-cell CLL; it does to marginal zone lymphoma', () => {
    const [kalydeco] = cysticFibrosisFacts().orphanDrugs;
    const designation = (genericName: string, text: string, key: string) => ({
      ...kalydeco,
      genericName,
      tradeName: null,
      status: 'designated' as const,
      designation: text,
      approvedIndication: null,
      marketingApprovalDate: null,
      fdaUrl: `https://www.accessdata.fda.gov/scripts/opdlisting/oopd/detailedIndex.cfm?cfgridkey=${key}`,
      approvals: [],
    });
    const parent = {
      ...facts('MONDO:0017594', 'indolent B-cell non-Hodgkin lymphoma', ['MONDO:0004948', 'MONDO:0017604'], []),
      orphanDrugs: [
        designation('blinatumomab', 'Treatment of indolent B-cell lymphoma, excluding CLL and NHL with CNS involvement', '1'),
        designation('bendamustine hydrochloride', 'Treatment of indolent B-cell non-Hodgkin lymphoma', '2'),
      ],
    };
    const synonym = (text: string, kind: Synonym['kind'], relation: Synonym['relation']): Synonym => ({
      text,
      scope: 'unspecified',
      type: null,
      origin: 'mondo',
      sourceId: 'MONDO:0004948',
      kind,
      relation,
    });
    const parents = [{ id: parent.id, name: parent.name }];
    const cll = {
      ...facts('MONDO:0004948', 'B-cell chronic lymphocytic leukemia', [], []),
      parents,
      synonyms: [synonym('B-CLL', 'name', null), synonym('CLL', 'related', 'broader')],
    };
    const mzl = { ...facts('MONDO:0017604', 'marginal zone lymphoma', [], []), parents };
    const records = new Map<string, RecordFacts>([parent, cll, mzl].map((f) => [f.id, f]));
    rollUp(records, (id) => (id === parent.id ? [] : [parent.id]));
    assert.deepEqual(
      cll.rollup.parentOrphanDrugs.map((d) => d.genericName),
      ['bendamustine hydrochloride'],
    );
    assert.deepEqual(mzl.rollup.parentOrphanDrugs.map((d) => d.genericName).sort(), ['bendamustine hydrochloride', 'blinatumomab']);
  });
});

describe('a definition without commas, quoted as Mondo punctuates the same words (DEFINITION_RULE)', () => {
  test('an Orphanet text of the 2025-12 packets and the Mondo release-diff text of the same words', () => {
    const orphanet =
      'Rippling muscle disease is a rare genetic neuromuscular disorder characterized by muscle hyperirritability triggered by stretch percussion or movement. Patients present wave-like electrically-silent muscle contractions (rippling) muscle mounding painful muscle stiffness and muscle hypertrophy usually with elevated serum creatine kinase.';
    const mondo = {
      id: 'MONDO:0020704',
      text: 'Rippling muscle disease is a rare, genetic, neuromuscular disorder characterized by muscle hyperirritability triggered by stretch, percussion or movement. Patients present wave-like, electrically-silent muscle contractions (rippling), muscle mounding, painful muscle stiffness and muscle hypertrophy, usually with elevated serum creatine kinase.',
      date: '2022-10-03',
      commit: '7b2096c964756f9e5eedcc3da983f3a6c9d7e9f2',
      references: [],
    };
    assert.equal(punctuatedDefinitions([mondo]).get(definitionWords(orphanet))?.text, mondo.text);
  });
});
