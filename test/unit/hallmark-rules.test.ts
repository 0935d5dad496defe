import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { diagnosisByClass, diagnosisByClassText, deficientEnzyme } from '../../build/record/diagnosis-class.ts';
import { hallmarkSelector } from '../../build/record/hallmarks.ts';
import { expertHallmarkSelector } from '../../build/editorial/expert-hallmarks.ts';
import type { ExpertContent } from '../../build/editorial/expert-types.ts';
import type { HpoTerm } from '../../build/ingest/source-types.ts';
import type { Phenotype } from '../../build/record/record-types.ts';
import { termSpecificity } from '../../build/record/term-specificity.ts';

/** HPO 2023-01-27 terms (ids, labels, synonyms and is_a as hp.json gives them), cut to what the cases below need. */
function hpo(): Map<string, HpoTerm> {
  const t = (id: string, label: string, parents: string[], synonyms: string[] = []): [string, HpoTerm] => [
    id,
    { id, label, definition: null, parents, deprecated: false, replacedBy: null, altIds: [], synonyms, synonymKinds: [] },
  ];
  return new Map([
    t('HP:0000118', 'Phenotypic abnormality', []),
    t('HP:0000119', 'Abnormality of the genitourinary system', ['HP:0000118']),
    t('HP:0000790', 'Hematuria', ['HP:0000119'], ['Blood in urine']),
    t('HP:0002907', 'Microscopic hematuria', ['HP:0000790'], ['Microhematuria']),
    t('HP:0012577', 'Thin glomerular basement membrane', ['HP:0000119']),
    t('HP:0000707', 'Abnormality of the nervous system', ['HP:0000118']),
    t('HP:0000407', 'Sensorineural hearing impairment', ['HP:0000707']),
    t('HP:0001871', 'Abnormality of blood and blood-forming tissues', ['HP:0000118']),
    t('HP:0005550', 'Chronic lymphatic leukemia', ['HP:0001871'], ['Chronic lymphocytic leukemia']),
    t('HP:0005374', 'Cellular immunodeficiency', ['HP:0001871']),
    t('HP:0001574', 'Abnormality of the integument', ['HP:0000118']),
    t('HP:0010301', 'Lip telangiectasia', ['HP:0001574']),
    t('HP:0000234', 'Tongue telangiectasia', ['HP:0001574']),
    t('HP:0100585', 'Telangiectasia of the skin', ['HP:0001574']),
    t('HP:0011831', 'Nasal mucosa telangiectasia', ['HP:0001574']),
    t('HP:0002086', 'Abnormality of the respiratory system', ['HP:0000118']),
    t('HP:0000421', 'Epistaxis', ['HP:0002086']),
  ]);
}

/** A phenotype as the build merges it: Orphanet's band (the packets' wording), or HPO's without a frequency. */
function feature(hpoId: string, label: string, band: 'Very frequent (99-80%)' | 'Occasional (29-5%)' | null): Phenotype {
  const range: [number, number] | null = band === null ? null : band.startsWith('Very') ? [80, 99] : [5, 29];
  return {
    hpoId,
    label,
    frequency: range === null ? null : { hpoId: null, label: null, numerator: null, denominator: null, percent: null, range, raw: band! },
    onset: null,
    sex: null,
    negated: false,
    evidence: [],
    references: [],
    modifiers: [],
    informationContent: null,
    sources: [{ source: 'orphanet', release: '2025-12-09', diseaseId: 'ORPHA:63', frequencyRaw: band, evidence: null, references: [] }],
    frequencyBasis: band === null ? 'none' : 'band',
  };
}

describe('hallmarks (HALLMARK_RULE), on annotations of the HPO 2023-01 and Orphanet 2025-12 releases', () => {
  const terms = hpo();
  const select = hallmarkSelector(terms, termSpecificity(terms));
  test("a more specific term much less frequent does not take a very frequent one's place (Alport syndrome)", () => {
    const chosen = select(
      [
        feature('HP:0000790', 'Hematuria', 'Very frequent (99-80%)'),
        feature('HP:0002907', 'Microscopic hematuria', 'Occasional (29-5%)'),
        feature('HP:0012577', 'Thin glomerular basement membrane', 'Very frequent (99-80%)'),
      ],
      'A rare renal disease characterized by glomerular nephropathy with hematuria progressing to end-stage renal disease.',
      ['Alport syndrome'],
    );
    assert.deepEqual(
      chosen.map((h) => h.label),
      ['Hematuria', 'Thin glomerular basement membrane'],
    );
  });
  test('the disease itself is never its hallmark (B-cell chronic lymphocytic leukemia)', () => {
    const chosen = select(
      [feature('HP:0005550', 'Chronic lymphatic leukemia', null), feature('HP:0005374', 'Cellular immunodeficiency', null)],
      null,
      ['B-cell chronic lymphocytic leukemia'],
    );
    assert.deepEqual(
      chosen.map((h) => h.label),
      ['Cellular immunodeficiency'],
    );
  });
  test('at most three from one organ system while another system has features (hereditary hemorrhagic telangiectasia)', () => {
    const chosen = select(
      [
        feature('HP:0010301', 'Lip telangiectasia', 'Very frequent (99-80%)'),
        feature('HP:0000234', 'Tongue telangiectasia', 'Very frequent (99-80%)'),
        feature('HP:0100585', 'Telangiectasia of the skin', 'Very frequent (99-80%)'),
        feature('HP:0011831', 'Nasal mucosa telangiectasia', 'Very frequent (99-80%)'),
        feature('HP:0000421', 'Epistaxis', 'Occasional (29-5%)'),
      ],
      null,
      ['hereditary hemorrhagic telangiectasia'],
    );
    assert.equal(chosen.filter((h) => /telangiectasia/i.test(h.label)).length, 3);
    assert.ok(chosen.some((h) => h.label === 'Epistaxis'));
  });
});

describe('diagnosis by the kind of disease (DIAGNOSIS_CLASS_RULE)', () => {
  const none = { otherNames: [], definition: null, ancestors: [] };
  test('a chromosomal deletion or duplication syndrome: microarray or FISH', () => {
    const d = diagnosisByClass({ ...none, name: '22q11.2 deletion syndrome', ancestors: ['MONDO:0000761', 'MONDO:0019040'] });
    assert.equal(d?.kind, 'chromosomal-deletion-or-duplication');
    assert.equal(
      diagnosisByClassText(d!),
      'Diagnosis: as a chromosomal deletion or duplication syndrome, it is typically confirmed by chromosomal microarray or FISH',
    );
  });
  test('a repeat expansion its own facts name: sizing of the repeat (Orphanet definition of FRAXF syndrome)', () => {
    const d = diagnosisByClass({
      ...none,
      name: 'FRAXF syndrome',
      definition:
        'FRAXF syndrome was originally identified in a family with developmental delay and an expanded CCG repeat at the folate-sensitive FRAXF fragile site.',
    });
    assert.deepEqual([d?.kind, d?.basis], ['repeat-expansion', 'expanded CCG repeat']);
  });
  test('an enzyme deficiency named as such: the enzyme, from its label or another name', () => {
    assert.equal(deficientEnzyme('glycogen storage disease due to acid maltase deficiency, infantile onset'), 'acid maltase');
    assert.equal(deficientEnzyme('17-alpha-hydroxylase/17,20-lyase deficiency, combined complete'), '17-alpha-hydroxylase/17,20-lyase');
    assert.equal(deficientEnzyme('ornithine translocase deficiency'), null);
    assert.equal(deficientEnzyme('hereditary antithrombin deficiency'), null);
    const d = diagnosisByClass({ ...none, name: 'phenylketonuria', otherNames: ['phenylalanine hydroxylase deficiency'] });
    assert.equal(d?.method, 'an assay of phenylalanine hydroxylase activity, or genetic testing');
  });
  test('a neoplasm: histology, unless it is a hereditary predisposition', () => {
    assert.equal(diagnosisByClass({ ...none, name: 'Ewing sarcoma', ancestors: ['MONDO:0005070'] })?.kind, 'neoplasm');
    assert.equal(diagnosisByClass({ ...none, name: 'Li-Fraumeni syndrome', ancestors: ['MONDO:0005070', 'MONDO:0015356'] }), null);
  });
});

describe("expert hallmarks (EXPERT_HALLMARK_RULE) with HALLMARK_RULE's own-disease check", () => {
  test('a defining feature whose HPO name is the disease itself is left out (B-cell CLL: "Chronic lymphatic leukemia")', () => {
    const terms = hpo();
    const merge = expertHallmarkSelector(terms, termSpecificity(terms));
    const expert = {
      definingFeatures: [
        { hpoId: 'HP:0005550', label: 'Chronic lymphatic leukemia' },
        { hpoId: 'HP:0005374', label: 'Cellular immunodeficiency' },
      ],
      regenerated: [],
    } as unknown as ExpertContent;
    const chosen = merge(
      expert,
      [],
      [feature('HP:0005550', 'Chronic lymphatic leukemia', null), feature('HP:0005374', 'Cellular immunodeficiency', null)],
      null,
      ['B-cell chronic lymphocytic leukemia', 'B-CLL'],
    );
    assert.deepEqual(
      chosen.map((h) => [h.label, h.basis]),
      [['Cellular immunodeficiency', 'expert']],
    );
  });
});
