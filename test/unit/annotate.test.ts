import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { buildConceptLexicon } from '../../build/compile/concept-lexicon-build.ts';
import { readHpoOntology } from '../../build/ingest/hpo-ontology.ts';
import { annotateBody } from '../../server/annotate/annotate-response.ts';
import { ConceptLexicon } from '../../server/annotate/loaded-lexicon.ts';
import { recognise } from '../../server/annotate/recognise.ts';
import { conceptWord } from '../../server/contract/text/concept-words.ts';

// A cut of HPO 2023-01-27's hp.json (the phenotype-match fixture): 68 terms under Phenotypic abnormality.
const { terms, version } = readHpoOntology(join(resolve(import.meta.dirname, '../fixtures/phenotype-match'), 'hp.json'));
const { lexicon: doc } = buildConceptLexicon(terms, version);
const lexicon = new ConceptLexicon(doc);

/** [text, hpoId, flags] of each mention. */
function read(text: string): [string, string, string][] {
  return recognise(lexicon, text).map((m) => [
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

test('terms in a clinical sentence: variants, longest match, negation, uncertainty and relatives', () => {
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
  const body = annotateBody(lexicon, 'No ataxia; seizures.');
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
