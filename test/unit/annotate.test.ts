import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { buildConceptLexicon } from '../../build/compile/concept-lexicon-build.ts';
import { readHpoOntology } from '../../build/ingest/hpo-ontology.ts';
import { annotateBody } from '../../server/annotate/annotate-response.ts';
import { FEATURES } from '../../server/annotate/candidate-features.ts';
import { CandidateIndex } from '../../server/annotate/candidate-index.ts';
import { candidates, FOUND } from '../../server/annotate/candidates.ts';
import { ConceptLexicon } from '../../server/annotate/loaded-lexicon.ts';
import { candidateIndex, RERANKER, recognise } from '../../server/annotate/recognise.ts';
import { type RerankerModel, treeScore } from '../../server/annotate/reranker.ts';
import { tokenize } from '../../server/annotate/text-tokens.ts';
import { conceptWord } from '../../server/contract/text/concept-words.ts';

// A cut of HPO 2023-01-27's hp.json (the phenotype-match fixture): 68 terms under Phenotypic abnormality.
const { terms, version } = readHpoOntology(join(resolve(import.meta.dirname, '../fixtures/phenotype-match'), 'hp.json'));
const { lexicon: doc } = buildConceptLexicon(terms, version);
const lexicon = new ConceptLexicon(doc);

/** A model that keeps what issue 29's rules keep (feature ruleKept) and short forms, with confidence 0.731 (log odds 1). */
function ruleModel(): RerankerModel {
  const tree = (feature: (typeof FEATURES)[number], leaf: number[]) => ({ feature: [FEATURES.indexOf(feature)], threshold: [0.5], leaf });
  return {
    ...RERANKER,
    depth: 1,
    bias: 0,
    threshold: 0,
    trees: [tree('ruleKept', [-1, 1]), tree('definedShortForm', [0, 2]), tree('hpoShortForm', [0, 2])],
    equivalents: [],
    mentions: [],
    terms: [],
  };
}
const RULES = ruleModel();

/** [text, hpoId, flags] of each mention. */
function read(text: string): [string, string, string][] {
  return recognise(lexicon, text, RULES).map((m) => [
    text.slice(m.start, m.end),
    lexicon.ids[m.term],
    [m.negated && 'negated', m.uncertain && 'uncertain', m.family && 'family'].filter(Boolean).join(' '),
  ]);
}

test('concept words: inflection, spelling and adjective or noun form meet; different words do not', () => {
  const same = (a: string, b: string) => assert.equal(conceptWord(a), conceptWord(b), `${a} / ${b}`);
  same('hypoplastic', 'hypoplasia');
  same('microcephalic', 'microcephaly');
  same('stenotic', 'stenosis');
  same('radial', 'radius');
  same('tumour', 'tumors');
  same('malformations', 'abnormality');
  same('renal', 'kidney');
  assert.notEqual(conceptWord('many'), conceptWord('mania'));
  assert.notEqual(conceptWord('thyroiditis'), conceptWord('thyroid'));
  assert.notEqual(conceptWord('hepatitis'), conceptWord('hepatic'));
  assert.equal(conceptWord('of'), '');
});

test('with a model that keeps what the rules keep: variants, longest match, negation, uncertainty and relatives', () => {
  assert.deepEqual(
    read(
      'A microcephalic girl with a small head circumference, hypotonic since birth; no seizures or ataxia. Her brother has short stature. Possible secondary microcephaly.',
    ),
    [
      ['microcephalic', 'HP:0000252', ''],
      ['small head circumference', 'HP:0000252', ''],
      ['hypotonic', 'HP:0001252', ''],
      ['seizures', 'HP:0001250', 'negated'],
      ['ataxia', 'HP:0001251', 'negated'],
      ['short stature', 'HP:0004322', 'family'],
      // The longest match: Secondary microcephaly, not Microcephaly inside it.
      ['secondary microcephaly', 'HP:0005484', 'uncertain'],
    ],
  );
});

test('a cue after its finding reaches back, but not across a semicolon', () => {
  assert.deepEqual(read('Lumbar hyperlordosis; tonic-clonic seizures were not seen.'), [
    ['Lumbar hyperlordosis', 'HP:0002938', ''],
    ['tonic-clonic seizures', 'HP:0002069', 'negated'],
  ]);
});

test('a short form the text defines means its long form wherever it stands', () => {
  assert.deepEqual(read('Global developmental delay (GDD) was noted at 9 months; GDD persisted.'), [
    ['Global developmental delay', 'HP:0001263', ''],
    ['GDD', 'HP:0001263', ''],
    ['GDD', 'HP:0001263', ''],
  ]);
});

test('a text without terms gives no mentions; the response shape names each part', () => {
  assert.deepEqual(read('Walking was unremarkable.'), []);
  const body = annotateBody(lexicon, 'No ataxia; seizures.', RULES);
  assert.deepEqual(body, {
    data: [
      {
        start: 3,
        end: 9,
        text: 'ataxia',
        hpoId: 'HP:0001251',
        label: 'Ataxia',
        negated: true,
        uncertain: false,
        experiencer: 'patient',
        matched: { via: 'label', text: 'Ataxia' },
        confidence: 0.731,
        cues: [{ kind: 'negation', start: 0, end: 2, text: 'No' }],
        links: { self: '/api/v1/phenotypes/HP:0001251' },
      },
      {
        start: 11,
        end: 19,
        text: 'seizures',
        hpoId: 'HP:0001250',
        label: 'Seizure',
        negated: false,
        uncertain: false,
        experiencer: 'patient',
        matched: { via: 'label', text: 'Seizure' },
        confidence: 0.731,
        cues: [],
        links: { self: '/api/v1/phenotypes/HP:0001250' },
      },
    ],
    meta: {
      hpoRelease: '2023-01-27',
      characters: 20,
      terms: { present: ['HP:0001250'], excluded: ['HP:0001251'], uncertain: [], family: [] },
    },
  });
});

test('a lexicon keyed by other word rules is refused, not misread', () => {
  assert.throws(() => new ConceptLexicon({ ...doc, conceptWords: doc.conceptWords - 1 }), /build the snapshot again/);
});

test('candidates: spans, nested spans, equivalents, training mentions, coordinations and bags, each marked how it was found', () => {
  const index = new CandidateIndex(lexicon, {
    equivalents: [['reduc', 'decreas']],
    // A training mention of words the release names another term with is not used: "short stature" is not Hypotonia.
    mentions: [
      ['fits', 'HP:0001250', 2, 3],
      ['short stature', 'HP:0001252', 1, 1],
    ],
    terms: [],
  });
  const text =
    'Secondary microcephaly, reduced head circumference and fits. Lumbar and cervical hyperlordosis. The stature was short; short stature.';
  const found = candidates(index, tokenize(text), text, 1).map((c) => [
    text.slice(c.start, c.end),
    lexicon.ids[c.term],
    Object.entries(FOUND)
      .filter(([, bit]) => c.found & bit)
      .map(([name]) => name)
      .join('+'),
  ]);
  const has = (row: string[]) =>
    assert.ok(
      found.some((f) => f.join('|') === row.join('|')),
      `${row.join(' | ')} in ${JSON.stringify(found)}`,
    );
  has(['Secondary microcephaly', 'HP:0005484', 'SPAN']);
  // The finding inside the longer one stays a candidate: the re-ranker decides.
  has(['microcephaly', 'HP:0000252', 'SPAN']);
  has(['reduced head circumference', 'HP:0040195', 'EQUIVALENT']);
  has(['fits', 'HP:0001250', 'SPAN+TRAINED']);
  has(['Lumbar and cervical hyperlordosis', 'HP:0002938', 'COORDINATION']);
  has(['stature was short', 'HP:0004322', 'BAG']);
  // A bag's words stand in one phrase: not "hypotonia and seizures", not across a comma.
  assert.ok(!found.some(([, id]) => id === 'HP:0001252'), JSON.stringify(found));
});

test('the re-ranker: trees scored breadth first, the served model kept only with the features it was trained on', () => {
  const model = {
    depth: 2,
    bias: 0.5,
    trees: [
      { feature: [0, 1, -1], threshold: [1.5, 0, 0], leaf: [1, 2, 3, 4] },
      { feature: [1, -1, -1], threshold: [2, 0, 0], leaf: [10, 0, 20, 0] },
    ],
  };
  // x0 <= 1.5 and x1 > 0: leaf 2 of the first tree; x1 <= 2: the left, then left again, of the second.
  assert.equal(treeScore(model, [1, 1]), 0.5 + 2 + 10);
  // x0 > 1.5: node 2 does not split, so left: leaf 3; x1 > 2: node 2, left: leaf 20.
  assert.equal(treeScore(model, [2, 3]), 0.5 + 3 + 20);
  assert.equal(RERANKER.features.join(' '), FEATURES.join(' '));
  assert.throws(() => candidateIndex(lexicon, { ...RERANKER, features: RERANKER.features.slice(1) }), /train it again/);
});

test('the served model: a plain clinical sentence reads as its findings', () => {
  const text = 'A girl with hypotonia, seizures and short stature; no ataxia.';
  const body = annotateBody(lexicon, text);
  const read = body.data.map((m) => [m.text, m.hpoId, m.negated]);
  for (const row of [
    ['hypotonia', 'HP:0001252', false],
    ['seizures', 'HP:0001250', false],
    ['short stature', 'HP:0004322', false],
    ['ataxia', 'HP:0001251', true],
  ])
    assert.ok(
      read.some((r) => r.join() === row.join()),
      `${row.join(' ')} in ${JSON.stringify(read)}`,
    );
  for (const m of body.data) assert.ok(m.confidence > 0 && m.confidence <= 1);
});
