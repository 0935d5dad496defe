import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { boundedEditDistance, maxEdits } from '../../server/search/edit-distance.ts';
import { markSpans } from '../../server/search/highlight.ts';
import { bracketedWords, normalize, normalizeWithMap, tokenize } from '../../server/contract/text/normalize.ts';
import { termsOf } from '../../server/contract/text/word-forms.ts';
import { ROWS } from '../fixtures/search/rows.ts';

describe('normalize', () => {
  it('folds case, diacritics, apostrophes and punctuation, keeping digits', () => {
    assert.equal(normalize('  Sjögren’s  Syndrome-Type/2 (İ) '), 'sjogrens syndrome type 2 i');
    assert.equal(normalize("Huntington's disease-like 1"), 'huntingtons disease like 1');
    assert.equal(normalize('ＡＢＣ１'), 'abc1');
    assert.deepEqual(tokenize('Tay-Sachs disease, juvenile'), ['tay', 'sachs', 'disease', 'juvenile']);
    assert.deepEqual(tokenize(' -- '), []);
    // The ASCII fast path and the per-character path agree.
    for (const t of ["  A--b//c's `d` e_f  ", 'x\ty\n1.5', "'", 'Ab-é']) assert.equal(normalize(t), normalizeWithMap(t).text, t);
    assert.equal(normalize("  A--b//c's `d` e_f  "), 'a b cs d e f');
  });

  it('maps every normalized unit back to the original, decomposed marks included', () => {
    const m = normalizeWithMap('Sjo\u0308gren-Gougerot');
    assert.equal(m.text, 'sjogren gougerot');
    assert.deepEqual([m.starts[2], m.ends[2]], [2, 4]);
    assert.deepEqual([m.starts[7], m.ends[7]], [9, 9]);
    assert.deepEqual([m.starts[8], m.ends[15]], [9, 17]);
    for (const row of ROWS) for (const t of [row.name, ...row.synonyms]) assert.equal(normalizeWithMap(t).text, normalize(t), t);
  });
});

describe('index terms', () => {
  const terms = (text: string): string => termsOf(tokenize(text)).join(' ');

  it('fold British spellings to American', () => {
    assert.deepEqual(['tumours', 'leukaemia', 'oesophageal', 'haemophilia', 'anaemia', 'coeliac', 'paediatric', 'generalised'].map(terms), [
      'tumor',
      'leukemia',
      'esophageal',
      'hemophilia',
      'anemia',
      'celiac',
      'pediatric',
      'generalized',
    ]);
  });

  it('fold plurals and possessives to the singular, leaving singular endings and short words alone', () => {
    assert.deepEqual(['mucopolysaccharidoses', 'metastases', 'deficiencies', 'carcinomata', "Crouzon's", 'abscess', 'ALS'].map(terms), [
      'mucopolysaccharidosis',
      'metastasis',
      'deficiency',
      'carcinoma',
      'crouzon',
      'abscess',
      'als',
    ]);
  });

  it('fold roman numerals and number words to digits; a lone i, v or x only after a numbering word', () => {
    assert.deepEqual(['type II', 'type 2', 'type IA', 'type 1A', 'factor V', 'the seventh component', 'vi', 'xx', 'vitamin a'].map(terms), [
      'type 2',
      'type 2',
      'type 1a',
      'type 1a',
      'factor 5',
      'the 7 component',
      '6',
      'xx',
      'vitamin a',
    ]);
  });

  it('spell Greek letters out and split on slashes, hyphens and brackets', () => {
    assert.deepEqual(
      ['β-thalassemia', 'IL-1α', 'breast/ovarian cancer', 'glucose-6-phosphate dehydrogenase (G6PD) deficiency'].map(terms),
      ['beta thalassemia', 'il 1 alpha', 'breast ovarian cancer', 'glucose 6 phosphate dehydrogenase g6pd deficiency'],
    );
    assert.deepEqual(bracketedWords('glucose-6-phosphate dehydrogenase (G6PD) deficiency'), [false, false, false, false, true, false]);
  });
});

describe('edit distance', () => {
  it('allows none under 4 characters, 1 for 4-7, 2 from 8', () => {
    assert.deepEqual([3, 4, 7, 8, 15].map(maxEdits), [0, 1, 1, 2, 2]);
  });
  it('counts an adjacent transposition as one edit and stops past the bound', () => {
    assert.equal(boundedEditDistance('huntingon', 'huntington', 2), 1);
    assert.equal(boundedEditDistance('marfna', 'marfan', 1), 1);
    assert.equal(boundedEditDistance('phenylketonurea', 'phenylketonuria', 2), 1);
    assert.equal(boundedEditDistance('mrafna', 'marfan', 1), 2);
    assert.equal(boundedEditDistance('abc', 'abcdef', 2), 3);
  });
});

describe('markSpans', () => {
  it('escapes the text around the marks', () => {
    assert.equal(markSpans('a<b & "c"', [[0, 1]]), '<mark>a</mark>&lt;b &amp; &quot;c&quot;');
  });
});
