import assert from 'node:assert/strict';
import { test } from 'node:test';
import { MatchContext } from '../../server/phenotypes/match-context.ts';
import { explainMatch } from '../../server/phenotypes/match-explain.ts';
import {
  MATCH_MODEL,
  type MatchModelParams,
  type MatchQuery,
  reduceQuery,
  scoreDiseases,
  topDiseases,
} from '../../server/phenotypes/match-score.ts';
import { fixtureModel } from '../helpers/phenotype-fixture.ts';

// The fixture (test/fixtures/phenotype-match): a cut of HPO 2023-01-27 and real HPOA rows of
// Dravet syndrome (OMIM:607208), Angelman syndrome (OMIM:105830) and achondroplasia (OMIM:100800).
const { index, stats, model } = fixtureModel();
// The mechanisms one at a time: no tempering of frequencies, no noise on exclusions, unmentioned features,
// the related-match discount and the annotation-count factor off (tests below turn them on). The served constants (chosen on the eval split) are checked end to end in test/e2e/match.test.ts.
const P: MatchModelParams = {
  ...MATCH_MODEL,
  EPSILON: 0.01,
  FREQUENCY_EXPONENT: 1,
  EXCLUDED_NOISE: 0,
  UNKNOWN_EXCLUDED: 0.5,
  RECORDED_PER_TERM: 0,
  SIBLING_CREDIT: 1,
  ANNOTATION_COUNT_EXPONENT: 0,
};
const DRAVET = 'OMIM:607208';
const ANGELMAN = 'OMIM:105830';
const ACHONDROPLASIA = 'OMIM:100800';

const term = (id: string): number => {
  const l = model.lookup(id);
  assert.ok('term' in l, `${id} is a term`);
  return l.term;
};
function rank(
  observed: string[],
  excluded: string[] = [],
  p = P,
): { query: MatchQuery; order: string[]; score: Float64Array; top: number[] } {
  const query = reduceQuery(model, { observed: observed.map(term), excluded: excluded.map(term) });
  const score = scoreDiseases(model, query, p);
  const { top } = topDiseases(model, score, 10, null);
  return { query, order: top.map((d) => model.diseaseIds[d]), score, top };
}

test('index: current terms, closure, IC from the annotations, id history, annotation vectors', () => {
  assert.deepEqual(stats, { terms: 69, diseases: 3, annotations: 13, unknownAnnotations: 0, remappedAnnotations: 0 });
  assert.equal(index.hpoRelease, '2023-01-27');
  const seizure = term('HP:0001250');
  assert.deepEqual(
    index.ancestors[seizure].map((t) => index.terms[t]),
    ['HP:0000001', 'HP:0000118', 'HP:0000707', 'HP:0001250', 'HP:0012638'],
  );
  // Seizure: Angelman carries it, Dravet a descendant; achondroplasia not: IC = -ln(2/3).
  assert.equal(index.ic[seizure], 0.405);
  assert.equal(index.ic[term('HP:0000001')], 0);
  // No annotated disease has hearing impairment: no IC.
  assert.equal(index.ic[term('HP:0000365')], null);
  assert.deepEqual(index.replaced['HP:0001275'], { id: 'HP:0001250', kind: 'alternative' });
  assert.deepEqual(index.replaced['HP:0003114'], { id: 'HP:0001626', kind: 'obsolete' });
  assert.deepEqual(index.obsolete, ['HP:0003295']);
  const dravet = index.diseases.find((d) => d.id === DRAVET)!;
  assert.deepEqual(
    dravet.terms.map((t, i) => [index.terms[t], dravet.percent[i], dravet.text[i] < 0 ? null : index.frequencyTexts[dravet.text[i]]]),
    [
      ['HP:0002069', 100, '7/7'],
      ['HP:0001251', 88.2, '15/17'],
      // Ties (no frequency, one source entry each) by HPO id (FREQUENCY_RULE).
      ['HP:0001263', -1, null],
      ['HP:0002123', -1, null],
    ],
  );
});

test('lookup: current, alternative, obsolete with and without replacement, unknown', () => {
  assert.deepEqual(model.lookup('HP:0001250'), { kind: 'current', term: term('HP:0001250') });
  assert.deepEqual(model.lookup('HP:0001275'), { kind: 'alternative', term: term('HP:0001250'), replacedBy: 'HP:0001250' });
  assert.deepEqual(model.lookup('HP:0003114'), { kind: 'obsolete', term: term('HP:0001626'), replacedBy: 'HP:0001626' });
  assert.deepEqual(model.lookup('HP:0003295'), { kind: 'obsolete-unreplaced' });
  assert.deepEqual(model.lookup('HP:9999999'), { kind: 'unknown' });
});

test('ranking: the disease that has the specific features first; an ancestor in the query adds nothing', () => {
  assert.deepEqual(rank(['HP:0002069', 'HP:0001251']).order, [DRAVET, ANGELMAN, ACHONDROPLASIA]);
  assert.deepEqual(rank(['HP:0001250', 'HP:0001252']).order[0], ANGELMAN);
  assert.deepEqual(rank(['HP:0000256']).order[0], ACHONDROPLASIA);
  const r = rank(['HP:0001250', 'HP:0000707']);
  assert.deepEqual(r.query.observed, [term('HP:0001250')]);
  // Dravet's seizures are counted 7/7; Angelman's annotation has no frequency (counted 0.5).
  assert.deepEqual(r.order, [DRAVET, ANGELMAN, ACHONDROPLASIA]);
});

test('frequency-aware: an exact match counts ln(EPSILON + (1 - EPSILON) * frequency * e^IC)', () => {
  // Ataxia: Dravet's annotation, 15/17 patients.
  const { score, top } = rank(['HP:0001251']);
  assert.equal(model.diseaseIds[top[0]], DRAVET);
  const ic = Math.exp(index.ic[term('HP:0001251')]!);
  assert.equal(score[top[0]], Math.log(0.01 + 0.99 * 0.882 * ic));
  // The same annotation at 1/17 would count far less: the frequency is a factor of the LR.
  assert.ok(Math.log(0.01 + 0.99 * (1 / 17) * ic) < score[top[0]] - 2);
});

test('excluded terms count against diseases that usually have them', () => {
  const without = rank(['HP:0001250']);
  const withExcluded = rank(['HP:0001250'], ['HP:0002069']);
  assert.deepEqual(without.order, [DRAVET, ANGELMAN, ACHONDROPLASIA]);
  assert.deepEqual(withExcluded.order, [ANGELMAN, DRAVET, ACHONDROPLASIA]);
  const d = model.diseaseNumber(DRAVET)!;
  const e = explainMatch(model, d, withExcluded.query, P);
  assert.deepEqual(e.excluded, [
    {
      query: { hpoId: 'HP:0002069', label: 'Bilateral tonic-clonic seizure' },
      usuallyPresent: true,
      annotated: { hpoId: 'HP:0002069', label: 'Bilateral tonic-clonic seizure', frequency: { value: 1, text: '7/7' } },
      contribution: -4.423,
    },
  ]);
  // An excluded term that is also observed (or implied by an observed one) is dropped.
  assert.deepEqual(reduceQuery(model, { observed: [term('HP:0002069')], excluded: [term('HP:0001250'), term('HP:0002069')] }).excluded, []);
});

test('explanation: per observed term the annotation that matched, how, and its frequency', () => {
  const r = rank(['HP:0001250', 'HP:0001252']);
  const angelman = model.diseaseNumber(ANGELMAN)!;
  const e = explainMatch(model, angelman, r.query, P);
  assert.deepEqual(e.phenotypes, [
    {
      query: { hpoId: 'HP:0001250', label: 'Seizure' },
      match: 'exact',
      annotated: { hpoId: 'HP:0001250', label: 'Seizure', frequency: { value: null, text: null } },
      via: { hpoId: 'HP:0001250', label: 'Seizure', informationContent: 0.405 },
      relative: null,
      annotatedAbsent: false,
      contribution: -0.285,
    },
    {
      query: { hpoId: 'HP:0001252', label: 'Hypotonia' },
      match: 'exact',
      annotated: { hpoId: 'HP:0001252', label: 'Hypotonia', frequency: { value: null, text: null } },
      via: { hpoId: 'HP:0001252', label: 'Hypotonia', informationContent: 1.099 },
      relative: null,
      annotatedAbsent: false,
      contribution: 0.403,
    },
  ]);
  assert.equal(Math.round(r.score[angelman] * 1000) / 1000, 0.118);
  const dravet = explainMatch(model, model.diseaseNumber(DRAVET)!, r.query, P).phenotypes;
  assert.equal(dravet[0].match, 'specific');
  assert.deepEqual(dravet[0].annotated, {
    hpoId: 'HP:0002069',
    label: 'Bilateral tonic-clonic seizure',
    frequency: { value: 1, text: '7/7' },
  });
  assert.equal(dravet[1].match, 'none');
  assert.equal(dravet[1].annotated, null);
  assert.equal(dravet[1].contribution, Math.round(Math.log(0.01) * 1000) / 1000);
});

test('unmentioned features count against a disease by their frequency; the explanation adds up to the score', () => {
  const on = { ...P, RECORDED_PER_TERM: 0.5 };
  const r = rank(['HP:0001251'], [], on);
  const d = model.diseaseNumber(DRAVET)!;
  const e = explainMatch(model, d, r.query, on);
  // Dravet: ataxia mentioned; seizures 7/7, myoclonic seizures (no frequency) and developmental delay (none) not.
  assert.equal(e.unmentioned.count, 3);
  assert.deepEqual(
    e.unmentioned.mostFrequent.map((a) => [a.hpoId, a.frequency.text]),
    [
      ['HP:0002069', '7/7'],
      ['HP:0001263', null],
      ['HP:0002123', null],
    ],
  );
  assert.equal(e.unmentioned.contribution, Math.round((Math.log(1 - 0.5) + 2 * Math.log(1 - 0.5 * 0.5)) * 1000) / 1000);
  const parts = e.phenotypes[0].contribution + e.unmentioned.contribution;
  assert.ok(Math.abs(r.score[d] - parts) < 0.001, `${r.score[d]} = ${parts}`);
  // Seizure in the query mentions Dravet's seizure annotations (descendants) as well.
  assert.equal(explainMatch(model, d, rank(['HP:0001251', 'HP:0001250'], [], on).query, on).unmentioned.count, 1);
});

test('a related match (through a common ancestor the disease does not annotate) counts SIBLING_CREDIT of it', () => {
  // Microcephaly against achondroplasia's macrocephaly (1/1 in the fixture): they share only
  // Abnormality of head or neck (HP:0000152, IC -ln(2/3)).
  const half = { ...P, SIBLING_CREDIT: 0.5 };
  const r = rank(['HP:0000252'], [], half);
  const achondroplasia = model.diseaseNumber(ACHONDROPLASIA)!;
  const [e] = explainMatch(model, achondroplasia, r.query, half).phenotypes;
  assert.equal(e.match, 'related');
  assert.deepEqual([e.annotated?.hpoId, e.via?.hpoId], ['HP:0000256', 'HP:0000152']);
  assert.equal(r.score[achondroplasia], Math.log(0.01 + 0.99 * 0.5 * Math.exp(index.ic[term('HP:0000152')]!)));
  assert.equal(e.contribution, Math.round(r.score[achondroplasia] * 1000) / 1000);
  // Angelman annotates a descendant of microcephaly: not discounted.
  assert.equal(
    rank(['HP:0000252'], [], half).score[model.diseaseNumber(ANGELMAN)!],
    rank(['HP:0000252']).score[model.diseaseNumber(ANGELMAN)!],
  );
  // Angelman annotates seizure, an ancestor of myoclonic seizure: a general match, not discounted either.
  const g = rank(['HP:0002123'], [], half);
  assert.equal(explainMatch(model, model.diseaseNumber(ANGELMAN)!, g.query, half).phenotypes[0].match, 'general');
  assert.equal(g.score[model.diseaseNumber(ANGELMAN)!], rank(['HP:0002123']).score[model.diseaseNumber(ANGELMAN)!]);
});

test('a match is tempered by the disease annotation count n: n^-ANNOTATION_COUNT_EXPONENT', () => {
  const tempered = { ...P, ANNOTATION_COUNT_EXPONENT: 0.5 };
  const { score } = rank(['HP:0001251'], [], tempered);
  // Dravet: 4 annotations; ataxia 15/17.
  const dravet = model.diseaseNumber(DRAVET)!;
  assert.equal(score[dravet], Math.log(0.01 + 0.99 * 4 ** -0.5 * 0.882 * Math.exp(index.ic[term('HP:0001251')]!)));
  // A disease that explains nothing keeps the noise alone, whatever its size.
  assert.equal(score[model.diseaseNumber(ACHONDROPLASIA)!], Math.log(0.01));
});

test('a group explains a term at GROUP_CREDIT per level, a sibling at DISEASE_SIBLING_CREDIT (a hierarchy stated by the test: the mechanism only)', () => {
  // Achondroplasia under Dravet syndrome (level 1); Angelman under a class without phenotypes
  // (X:MIDDLE), itself under Dravet (level 2); achondroplasia and Angelman both under X:FAMILY
  // (siblings).
  const h = fixtureModel({
    [ACHONDROPLASIA]: [DRAVET, 'X:FAMILY'],
    [ANGELMAN]: ['X:MIDDLE', 'X:FAMILY'],
    'X:MIDDLE': [DRAVET],
    'X:FAMILY': [],
  });
  const n = (id: string) => h.model.diseaseNumber(id)!;
  assert.equal(h.model.diseaseNumber('X:MIDDLE'), undefined, 'a class without phenotypes is not ranked');
  const groupsOf = (id: string) => {
    const d = h.index.diseases[n(id)];
    return [d.groups?.map((g) => h.index.diseases[g].id), d.groupLevels];
  };
  assert.deepEqual(groupsOf(ACHONDROPLASIA), [[DRAVET], [1]]);
  assert.deepEqual(groupsOf(ANGELMAN), [[DRAVET], [2]]);
  assert.deepEqual(groupsOf(DRAVET), [undefined, undefined]);
  assert.deepEqual(h.index.families, [[n(ACHONDROPLASIA), n(ANGELMAN)]]);
  // Ataxia: only Dravet has it (15/17), nothing else explains it.
  const ataxia = h.model.lookup('HP:0001251');
  assert.ok('term' in ataxia);
  const query = { observed: [ataxia.term], excluded: [] };
  const on = { ...P, GROUP_CREDIT: 0.2, GROUP_LEVEL_CREDIT: 0.6 };
  const score = scoreDiseases(h.model, query, on);
  const own = 0.882 * Math.exp(h.index.ic[ataxia.term]!);
  assert.equal(score[n(DRAVET)], Math.log(0.01 + 0.99 * own));
  assert.equal(score[n(ACHONDROPLASIA)], Math.log(0.01 + 0.99 * (own * 0.2)));
  assert.equal(score[n(ANGELMAN)], Math.log(0.01 + 0.99 * (own * (0.2 * 0.6))));
  assert.equal(scoreDiseases(h.model, query, { ...on, GROUP_CREDIT: 0 })[n(ACHONDROPLASIA)], Math.log(0.01));
  const [e] = explainMatch(h.model, n(ANGELMAN), query, on, new MatchContext(h.model, query, on, (id) => `name of ${id}`)).phenotypes;
  assert.deepEqual(
    [e.match, e.annotated, e.relative, e.contribution],
    [
      'exact',
      { hpoId: 'HP:0001251', label: 'Ataxia', frequency: { value: 0.882, text: '15/17' } },
      { id: DRAVET, name: `name of ${DRAVET}`, relation: 'grandparent' },
      Math.round(score[n(ANGELMAN)] * 1000) / 1000,
    ],
  );
  // Dravet's own annotation: no relative.
  assert.equal(explainMatch(h.model, n(DRAVET), query, on).phenotypes[0].relative, null);
  // Broad-based gait: only Angelman has it (17/19). Its sibling achondroplasia gets
  // DISEASE_SIBLING_CREDIT of it; Dravet, a group of both, gets nothing from below.
  const gait = h.model.lookup('HP:0002136');
  assert.ok('term' in gait);
  const q2 = { observed: [gait.term], excluded: [] };
  const s2 = scoreDiseases(h.model, q2, on);
  const angelman = 0.895 * Math.exp(h.index.ic[gait.term]!);
  assert.equal(s2[n(ACHONDROPLASIA)], Math.log(0.01 + 0.99 * (angelman * MATCH_MODEL.DISEASE_SIBLING_CREDIT)));
  assert.equal(s2[n(DRAVET)], Math.log(0.01));
  assert.deepEqual(explainMatch(h.model, n(ACHONDROPLASIA), q2, on).phenotypes[0].relative, {
    id: ANGELMAN,
    name: ANGELMAN,
    relation: 'sibling',
  });
});

test('topDiseases: bounded selection equals the full sort, ties by id, filter counts', () => {
  const score = new Float64Array([1, 3, 3, 2]);
  const fake = { diseaseIds: ['D:4', 'D:3', 'D:2', 'D:1'] } as unknown as typeof model;
  assert.deepEqual(topDiseases(fake, score, 10, null), { top: [2, 1, 3, 0], total: 4 });
  assert.deepEqual(topDiseases(fake, score, 2, null), { top: [2, 1], total: 4 });
  assert.deepEqual(
    topDiseases(fake, score, 1, (d) => d !== 2),
    { top: [1], total: 3 },
  );
});

test('term search: labels and synonyms, plurals, typos (nearest spelling first), stop words optional', () => {
  const top = (q: string, n = 2) =>
    model.search
      .search(q)
      .slice(0, n)
      .map((h) => [index.terms[h.term], h.field, h.text]);
  assert.deepEqual(top('seizures'), [
    ['HP:0001250', 'label', 'Seizure'],
    ['HP:0020219', 'label', 'Motor seizure'],
  ]);
  assert.deepEqual(top('siezure', 1), [['HP:0001250', 'label', 'Seizure']]);
  assert.deepEqual(top('epilepsy', 1), [['HP:0001250', 'synonym', 'Epilepsy']]);
  // One edit from macrocephaly, two from microcephaly.
  assert.deepEqual(top('macrocephally'), [
    ['HP:0000256', 'label', 'Macrocephaly'],
    ['HP:0000252', 'label', 'Microcephaly'],
  ]);
  assert.deepEqual(top('abnormality of the nervous system', 1), [['HP:0000707', 'label', 'Abnormality of the nervous system']]);
  assert.deepEqual(model.search.search('zzzz qqqq'), []);
});

test('children: the inverse of the parents', () => {
  const seizure = term('HP:0001250');
  // In the fixture's cut: bilateral tonic-clonic, generalized-onset and motor seizures.
  assert.deepEqual(
    model.children[seizure].map((t) => index.terms[t]),
    ['HP:0002069', 'HP:0002197', 'HP:0020219'],
  );
  for (const c of model.children[seizure]) assert.ok(index.parents[c].includes(seizure));
});
