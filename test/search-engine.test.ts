import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES } from '../server/contract/vocab.ts';
import { buildSearchIndex } from '../build/compile/search-index.ts';
import { SearchEngine } from '../server/search/engine.ts';
import type { SearchFacets, SearchParams } from '../server/search/search-types.ts';
import type { ListingRow } from '../server/contract/listing-row.ts';
import { ROWS } from './fixtures/search/rows.ts';

const engine = new SearchEngine(JSON.parse(JSON.stringify(buildSearchIndex(ROWS))), ROWS);

function params(q: string | undefined, extra: Partial<SearchParams> = {}): SearchParams {
  return { q, filters: {}, sort: { field: 'relevance', direction: 'desc' }, limit: 50, offset: 0, highlight: false, facets: false, ...extra };
}
function names(q: string | undefined, extra: Partial<SearchParams> = {}): string[] {
  return engine.search(params(q, extra)).items.map((h) => h.row.name);
}
function first(q: string, extra: Partial<SearchParams> = {}) {
  const hit = engine.search(params(q, { highlight: true, ...extra })).items[0];
  return { name: hit.row.name, match: hit.match, highlight: hit.highlight };
}
function facetsOf(counts: { inheritance?: object; onset?: object; prevalence?: object }, rest: Pick<SearchFacets, 'rarity' | 'trialStatus'>): SearchFacets {
  const zero = (v: readonly string[]) => Object.fromEntries(v.map((t) => [t, 0]));
  return {
    inheritance: { ...zero(INHERITANCE_TERMS), ...counts.inheritance },
    onset: { ...zero(ONSET_CATEGORIES), ...counts.onset },
    prevalence: { ...zero(PREVALENCE_CATEGORIES), ...counts.prevalence },
    ...rest,
  } as SearchFacets;
}

describe('relevance tiers', () => {
  it('exact name first', () => {
    assert.deepEqual(first('cystic fibrosis').match, { field: 'name', text: 'cystic fibrosis', kind: 'exact', score: 8 });
    assert.deepEqual(names('cystic fibrosis'), ['cystic fibrosis']);
    assert.deepEqual(names('TAY SACHS DISEASE'), ['Tay-Sachs disease']);
  });

  it('exact synonym, reported as published', () => {
    assert.deepEqual(names('mucoviscidosis'), ['cystic fibrosis']);
    assert.deepEqual(first('mucoviscidosis').match, { field: 'synonym', text: 'mucoviscidosis', kind: 'exact', score: 7 });
    assert.deepEqual(first('pku').match, { field: 'synonym', text: 'PKU', kind: 'exact', score: 7 });
    // Exact synonym, then a synonym the query is a prefix of.
    assert.deepEqual(names('Pompe disease'), ['glycogen storage disease II', 'glycogen storage disease due to acid maltase deficiency, infantile onset']);
    assert.deepEqual(names('hd'), ['Huntington disease', 'Huntington disease-like 1']);
  });

  it('name and synonym prefixes, shorter names first', () => {
    assert.deepEqual(first('cystic fib').match, { field: 'name', text: 'cystic fibrosis', kind: 'prefix', score: 5 });
    assert.deepEqual(names('cyst'), ['cystinosis', 'cystic fibrosis', 'nephropathic cystinosis']);
    assert.deepEqual(names('huntington'), ['Huntington disease', 'Huntington disease-like 1']);
    assert.equal(first('cyst', { offset: 2 }).match?.field, 'synonym');
    // A synonym prefix outranks all words in a name.
    assert.deepEqual(names('muscular dys'), ['Duchenne muscular dystrophy', 'Becker muscular dystrophy']);
  });

  it('all words, in any order, in a name then in a synonym; in order and adjacent scores higher', () => {
    assert.deepEqual(names('dystrophy muscular'), ['Becker muscular dystrophy', 'Duchenne muscular dystrophy']);
    assert.equal(first('dystrophy muscular').match?.kind, 'words');
    const hits = engine.search(params('disease type 1')).items.map((h) => [h.row.name, h.match?.text, h.match?.score]);
    assert.deepEqual(hits, [
      ['Gaucher disease type I', 'Gaucher disease type 1', 2],
      ['Huntington disease-like 1', 'Huntington disease-like type 1', 1.9921],
    ]);
    assert.deepEqual(names('ataxia spinal'), ['Friedreich ataxia']);
    assert.equal(first('ataxia spinal').match?.text, 'hereditary spinal ataxia');
  });

  it('misspellings within 1 edit (4-7 letters) or 2 (8+), none under 4', () => {
    assert.deepEqual(names('huntingon disease'), ['Huntington disease', 'Huntington disease-like 1']);
    assert.deepEqual(first('huntingon disease').match, { field: 'name', text: 'Huntington disease', kind: 'fuzzy', score: 0.9375 });
    assert.deepEqual(names('cystic fibrossis'), ['cystic fibrosis']);
    assert.deepEqual(names('phenylketonurea'), ['phenylketonuria']);
    assert.equal(first('phenylketonurea').match?.kind, 'fuzzy');
    assert.deepEqual(names('fabri disaese'), ['Fabry disease']);
    assert.deepEqual(names('marfna'), ['Marfan syndrome']);
    assert.deepEqual(names('mrafna'), []);
    assert.deepEqual(names('mfx'), []);
  });

  it('gene symbols, case-insensitive: causal first, then established entities (advocacy groups, trials), then quality', () => {
    // Cystic fibrosis has trials and advocacy groups; the narrower entity naming the gene has neither.
    assert.deepEqual(names('CFTR'), ['cystic fibrosis', 'congenital bilateral aplasia of vas deferens from CFTR mutation']);
    assert.deepEqual(names('htt'), ['Huntington disease', 'Lopes-Maciel-Rodan syndrome']);
    // 6 - (4 - 2 signs of an established entity) / 256 - (1023 - 0 phenotypes) / 262144
    assert.deepEqual(first('htt').match, { field: 'gene', text: 'HTT', kind: 'exact', score: 5.9883 });
    assert.deepEqual(names('hbb'), ['sickle cell disease', 'dominant beta-thalassemia']);
    assert.deepEqual(names('Gba1'), ['Gaucher disease type I', 'Gaucher disease type II']);
    // An exact synonym beats the gene tier.
    assert.deepEqual(names('DMD'), ['Duchenne muscular dystrophy', 'Becker muscular dystrophy']);
    assert.equal(first('DMD', { offset: 1 }).match?.field, 'gene');
  });

  it('diacritics fold both ways', () => {
    assert.deepEqual(names('Sjögren'), ['Sjogren syndrome']);
    assert.deepEqual(engine.search(params('sjogren')), engine.search(params('Sjögren')));
    assert.equal(first('sjögren syndrome').match?.kind, 'exact');
    assert.deepEqual(first('behçet').match, { field: 'name', text: 'Behcet disease', kind: 'prefix', score: 5 });
  });
});

describe('highlight', () => {
  it('marks the typed part of a prefix and whole words otherwise, on the original text', () => {
    assert.deepEqual(first('cystic fib').highlight, { field: 'name', text: '<mark>cystic fib</mark>rosis', spans: [[0, 10]] });
    assert.deepEqual(first('fibro', { offset: 1 }).highlight, { field: 'name', text: 'cystic <mark>fibro</mark>sis', spans: [[7, 12]] });
    assert.deepEqual(first('cystic fibrossis').highlight?.spans, [[0, 15]]);
    assert.deepEqual(first('dystrophy muscular').highlight?.text, 'Becker <mark>muscular dystrophy</mark>');
    assert.deepEqual(first('htt').highlight, { field: 'gene', text: '<mark>HTT</mark>', spans: [[0, 3]] });
  });

  it('maps offsets across diacritics, apostrophes and hyphens', () => {
    assert.deepEqual(first('primary sjogren').highlight, { field: 'synonym', text: '<mark>primary Sjögren</mark> syndrome', spans: [[0, 15]] });
    assert.deepEqual(first('sjogren gougerot').highlight?.spans, [[0, 7], [8, 16]]);
    assert.deepEqual(first('huntingtons ch').highlight, { field: 'synonym', text: "<mark>Huntington's ch</mark>orea", spans: [[0, 15]] });
    const rows: ListingRow[] = [{ ...ROWS[0], id: 'X:1', name: 'Sjo\u0308gren syndrome', synonyms: [] }];
    const nfd = new SearchEngine(buildSearchIndex(rows), rows).search(params('sjog', { highlight: true }));
    assert.deepEqual(nfd.items[0].highlight?.spans, [[0, 5]]);
  });

});

describe('facets', () => {
  it('count the whole filtered set, not the page, with every vocabulary value', () => {
    const result = engine.search(params('syndrome', { limit: 1, facets: true }));
    assert.equal(result.total, 10);
    assert.equal(result.items.length, 1);
    assert.deepEqual(result.facets, facetsOf({
      inheritance: { 'autosomal-dominant': 2, 'autosomal-recessive': 2, 'x-linked-dominant': 2, multifactorial: 2, 'not-applicable': 2 },
      onset: { infancy: 5, 'all-ages': 1, adult: 2, neonatal: 1, childhood: 1 },
      prevalence: { 'very-rare': 3, rare: 3, 'ultra-rare': 2, unknown: 1, uncommon: 1 },
    }, { rarity: { rare: 10, common: 0 }, trialStatus: { withActiveTrials: 6, withTrialsNoneActive: 1, noTrials: 3 } }));
    assert.deepEqual(Object.keys(result.facets!.inheritance), INHERITANCE_TERMS);
    assert.deepEqual(Object.keys(result.facets!.prevalence), PREVALENCE_CATEGORIES);
  });

  it('are all zero for an empty result', () => {
    const result = engine.search(params('xyzzy', { facets: true }));
    assert.deepEqual(result, { total: 0, items: [], facets: facetsOf({}, { rarity: { rare: 0, common: 0 }, trialStatus: { withActiveTrials: 0, withTrialsNoneActive: 0, noTrials: 0 } }) });
  });
});
