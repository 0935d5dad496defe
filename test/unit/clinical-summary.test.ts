import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { namedClasses, numberedSibling } from '../../build/record/class-naming.ts';
import { containedRelation } from '../../build/record/designation-relation.ts';
import { hallmarkSelector } from '../../build/record/hallmarks.ts';
import { splitWords } from '../../build/record/link-rules.ts';
import { onsetPhrase, prevalenceWords } from '../../build/record/prose/overview-words.ts';
import { termSpecificity } from '../../build/record/term-specificity.ts';
import { repairText } from '../../build/record/text-repair.ts';
import type { HpoTerm } from '../../build/ingest/source-types.ts';
import type { Phenotype, PrevalenceEntry } from '../../build/record/record-types.ts';

describe('repairText (TEXT_REPAIR_RULE), on texts of the FDA OOPD 2024-06 export', () => {
  const cases: [string, string][] = [
    ['Treatment of chorea associated with Huntington¿s disease', "Treatment of chorea associated with Huntington's disease"],
    ['autologous patients¿ CD4+ T cells that have been', "autologous patients' CD4+ T cells that have been"],
    ['oligomer (5¿- CTATATATAGTTATTCAACA -3¿)', 'oligomer (5′- CTATATATAGTTATTCAACA -3′)'],
    ['2¿-O-(2-methoxyethyl) modified', '2′-O-(2-methoxyethyl) modified'],
    ['TECARTUS¿ is indicated for the treatment', 'TECARTUS is indicated for the treatment'],
    ['PEGASEMP¿(doxorubicin', 'PEGASEMP(doxorubicin'],
    ['[Îµâ¿¿N-(2â¿¿succinimido', '[ε\u2010N-(2\u2010succinimido'],
  ];
  for (const [raw, repaired] of cases)
    test(raw, () => {
      const r = repairText(raw);
      assert.equal(r.text, repaired);
      assert.equal(r.raw, raw);
      assert.ok(r.rules.length > 0);
    });
  test('leaves a mark no rule explains, and text without one untouched', () => {
    assert.equal(repairText('pentafluoro-¿{6}-sulfanyl').text, 'pentafluoro-¿{6}-sulfanyl');
    assert.deepEqual(repairText('Treatment of cystic fibrosis'), {
      text: 'Treatment of cystic fibrosis',
      raw: 'Treatment of cystic fibrosis',
      rules: [],
    });
  });
});

/** The relation of the name `name` inside a real designation text, with `others` the other disease names found there. */
function relationIn(text: string, name: string, others: string[] = []): [string, string] {
  const tw = splitWords(text);
  const at = (n: string): [number, number] => {
    const w = splitWords(n).words;
    for (let i = 0; i + w.length <= tw.words.length; i++) if (w.every((x, k) => tw.words[i + k] === x)) return [i, i + w.length];
    throw new Error(`${n} not in ${text}`);
  };
  const [start, end] = at(name);
  const d = containedRelation(tw, start, end, others.map(at));
  return [d.relation, d.decidedBy];
}

describe('containedRelation (LINK_RELATION_RULE), on designations of the FDA OOPD 2024-06 export', () => {
  const cases: [string, string, string[], string, string][] = [
    ['Treatment of stage IIB through IV melanoma', 'melanoma', [], 'broader', 'stage IIB through IV'],
    [
      'Treatment of seizures in patients with mitochondrial disease',
      'mitochondrial disease',
      [],
      'complication',
      'seizures in patients with',
    ],
    [
      'Treatment of thrombocytosis in chronic myelogenous leukemia.',
      'chronic myelogenous leukemia',
      ['thrombocytosis'],
      'complication',
      'thrombocytosis in',
    ],
    [
      'Treatment of thrombocytosis in chronic myelogenous leukemia.',
      'thrombocytosis',
      ['chronic myelogenous leukemia'],
      'broader',
      'in chronic myelogenous leukemia',
    ],
    [
      'Treatment of Noonan syndrome-associated hypertrophic cardiomyopathy',
      'Noonan syndrome',
      [],
      'complication',
      'associated hypertrophic cardiomyopathy',
    ],
    ['Treatment of pediatric hyperphosphatemia', 'hyperphosphatemia', [], 'broader', 'pediatric hyperphosphatemia'],
    ['Treatment of parenteral nutrition-associated liver disease', 'liver disease', [], 'broader', 'nutrition-associated'],
    ['Treatment of transthyretin-mediated amyloidosis (ATTR amyloidosis)', 'amyloidosis', [], 'broader', 'transthyretin-mediated'],
    ['Treatment of complex regional pain syndrome (CRPS)', 'complex regional pain syndrome', [], 'exact', 'complex regional pain syndrome'],
    [
      'Treatment of globoid cell leukodystrophy (Krabbe Disease)',
      'Krabbe Disease',
      ['globoid cell leukodystrophy'],
      'exact',
      'Krabbe Disease',
    ],
    ['Treatment of cystic fibrosis (CF)', 'cystic fibrosis', [], 'exact', 'cystic fibrosis'],
    ['Treatment of cystic fibrosis liver disease', 'cystic fibrosis', ['liver disease'], 'complication', 'cystic fibrosis liver disease'],
    ['Treatment of cystic fibrosis liver disease', 'liver disease', ['cystic fibrosis'], 'broader', 'cystic fibrosis liver disease'],
    ['Treatment of invasive carcinoma of the uterine cervix', 'invasive carcinoma', [], 'broader', 'of the uterine cervix'],
    [
      'Treatment of neurogenic symptomatic orthostatic hypotension in patients with primary autonomic failure, dopamine-beta-hydroxylase deficiency, and nondiabetic autonomic neuropathy.',
      'nondiabetic autonomic neuropathy',
      ['orthostatic hypotension', 'primary autonomic failure', 'dopamine-beta-hydroxylase deficiency'],
      'complication',
      'neurogenic symptomatic orthostatic hypotension in patients with',
    ],
  ];
  for (const [text, name, others, relation, words] of cases)
    test(`${name} in "${text}"`, () => assert.deepEqual(relationIn(text, name, others), [relation, words]));
});

/** A small HPO: root > system > [finding > specific finding, other finding], lab branch. */
function hpo(): Map<string, HpoTerm> {
  const t = (id: string, label: string, parents: string[], synonyms: string[] = []): [string, HpoTerm] => [
    id,
    { id, label, definition: null, parents, deprecated: false, replacedBy: null, altIds: [], synonyms, synonymKinds: [] },
  ];
  return new Map([
    t('HP:0000118', 'Phenotypic abnormality', []),
    t('HP:0000478', 'Abnormality of the eye', ['HP:0000118']),
    t('HP:0000517', 'Abnormal lens morphology', ['HP:0000478']),
    t('HP:0001083', 'Ectopia lentis', ['HP:0000517'], ['Lens dislocation']),
    t('HP:0012019', 'Lens luxation', ['HP:0001083']),
    t('HP:0012432', 'Chronic fatigue', ['HP:0000118']),
    t('HP:0001939', 'Abnormality of metabolism/homeostasis', ['HP:0000118']),
    t('HP:0004923', 'Hyperphenylalaninemia', ['HP:0001939']),
  ]);
}

function phenotype(hpoId: string, label: string, percent: number | null, sources: string[]): Phenotype {
  return {
    hpoId,
    label,
    frequency:
      percent === null ? null : { hpoId: null, label: null, numerator: null, denominator: null, percent, range: null, raw: `${percent}%` },
    onset: null,
    sex: null,
    negated: false,
    evidence: [],
    references: [],
    modifiers: [],
    informationContent: null,
    sources: sources.map((diseaseId) => ({
      source: 'hpo' as const,
      release: '2023-01-27',
      diseaseId,
      frequencyRaw: null,
      evidence: null,
      references: [],
    })),
    frequencyBasis: percent === null ? 'none' : 'percent',
  };
}

describe('hallmarks (HALLMARK_RULE)', () => {
  const terms = hpo();
  const spec = termSpecificity(terms);
  const select = hallmarkSelector(terms, spec);
  test('specificity is 1 for a leaf and lower for a term with terms below it, from the ontology alone', () => {
    assert.equal(spec.of('HP:0012019'), 1);
    assert.ok((spec.of('HP:0001083') ?? 1) < 1);
    assert.equal(spec.of('HP:9999999'), null);
  });
  test('a feature named in the definition and agreed by both curations outranks a more frequent one', () => {
    const chosen = select(
      [
        phenotype('HP:0012432', 'Chronic fatigue', 90, ['ORPHA:558']),
        phenotype('HP:0001083', 'Ectopia lentis', 50, ['OMIM:154700', 'ORPHA:558']),
      ],
      'A disorder with dislocation of the lens (ectopia lentis).',
    );
    assert.deepEqual(
      chosen.map((h) => [h.label, h.parts.namedInDefinition, h.parts.sourcesAgree]),
      [
        ['Ectopia lentis', true, true],
        ['Chronic fatigue', false, false],
      ],
    );
  });
  test("where the curations disagree, the frequency counted is the mean of each curation's own (a count of fewer than 5 left out)", () => {
    const disputed = phenotype('HP:0012432', 'Chronic fatigue', 67.9, ['OMIM:154700', 'ORPHA:558']);
    // As in Marfan syndrome's dolichocephaly: OMIM's 36/53 patients, Orphanet's "Occasional (29-5%)".
    disputed.sources[0].frequencyRaw = '36/53';
    disputed.sources[1].frequencyRaw = 'HP:0040283';
    const agreed = phenotype('HP:0001083', 'Ectopia lentis', 50, ['OMIM:154700', 'ORPHA:558']);
    agreed.sources[0].frequencyRaw = '1/2';
    agreed.sources[1].frequencyRaw = 'HP:0040282';
    const counted = Object.fromEntries(select([disputed, agreed], null).map((h) => [h.label, h.parts.frequency]));
    // (0.679 + 0.17) / 2; 1 of 2 patients is no frequency, so only one curation gives one: the consolidated 50 % counts.
    assert.deepEqual(counted, { 'Chronic fatigue': 0.425, 'Ectopia lentis': 0.5 });
  });
  test('a term below a chosen one takes its place; a laboratory finding is added and marked', () => {
    const chosen = select(
      [
        phenotype('HP:0001083', 'Ectopia lentis', 50, ['OMIM:1']),
        phenotype('HP:0012019', 'Lens luxation', 40, ['OMIM:1']),
        phenotype('HP:0004923', 'Hyperphenylalaninemia', 20, ['OMIM:1']),
      ],
      null,
    );
    assert.deepEqual(
      chosen.map((h) => [h.hpoId, h.laboratory]),
      [
        ['HP:0012019', false],
        ['HP:0004923', true],
      ],
    );
  });
});

describe('class naming (CLASS_NAMING_RULE)', () => {
  const counts: Record<string, number> = { a: 1613, b: 56, c: 3, d: 3, e: 945, f: 797 };
  test("a numbered sibling subtype is never named; the disease's own type is", () => {
    assert.equal(numberedSibling('dilated cardiomyopathy 3B', 'Duchenne muscular dystrophy'), true);
    assert.equal(numberedSibling('mucopolysaccharidosis type 3', 'mucopolysaccharidosis type 3A'), false);
  });
  test('groups before umbrellas, at most two; an umbrella alone only when no group is a parent and there is no definition', () => {
    const n = (id: string) => counts[id];
    const name = (ps: [string, string][], defined = true) =>
      namedClasses(
        'x',
        ps.map(([id, name]) => ({ id, name })),
        n,
        defined,
      ).map((c) => c.name);
    assert.deepEqual(
      name([
        ['a', 'eye disorder'],
        ['b', 'sphingolipidosis'],
      ]),
      ['sphingolipidosis'],
    );
    assert.deepEqual(
      name([
        ['c', 'dilated cardiomyopathy 3B'],
        ['d', 'DMD-related muscular dystrophy'],
      ]),
      ['DMD-related muscular dystrophy'],
    );
    const umbrellaOnly: [string, string][] = [
      ['f', 'respiratory system disorder'],
      ['e', 'autosomal recessive disease'],
    ];
    assert.deepEqual(name(umbrellaOnly), []);
    assert.deepEqual(name(umbrellaOnly, false), ['respiratory system disorder']);
  });
});

describe('overview words', () => {
  test('onset as a clinician says it', () => {
    assert.equal(onsetPhrase(['infancy']), 'It usually presents in infancy');
    assert.equal(onsetPhrase(['childhood', 'infancy']), 'It usually presents in infancy or in childhood');
    assert.equal(onsetPhrase(['infancy', 'childhood', 'adult', 'all-ages']), 'Onset ranges from infancy to adulthood');
    assert.equal(onsetPhrase(['all-ages']), 'It can present at any age');
    assert.equal(onsetPhrase([]), null);
  });
  test('an Orphanet class in words, with its own numbers', () => {
    const e = (type: string, cls: string) => ({ type, class: cls }) as PrevalenceEntry;
    assert.equal(prevalenceWords(e('Point prevalence', '1-5 / 10 000')), 'about 1 to 5 in 10 000 people');
    assert.equal(prevalenceWords(e('Prevalence at birth', '<1 / 1 000 000')), 'fewer than 1 in 1 000 000 births');
    assert.equal(prevalenceWords(e('Point prevalence', 'Unknown')), null);
  });
});
