import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES } from '../../server/contract/api/vocab.ts';
import { buildSearchIndex } from '../../build/compile/search-index-build.ts';
import { SearchEngine } from '../../server/search/engine.ts';
import type { SearchFacets, SearchParams } from '../../server/search/search-types.ts';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import { ROWS } from '../fixtures/search/rows.ts';

const engine = new SearchEngine(JSON.parse(JSON.stringify(buildSearchIndex(ROWS))), ROWS);

function params(q: string | undefined, extra: Partial<SearchParams> = {}): SearchParams {
  return {
    q,
    filter: null,
    sort: { field: 'relevance', direction: 'desc' },
    limit: 50,
    offset: 0,
    highlight: false,
    facets: false,
    ...extra,
  };
}
function names(q: string | undefined, extra: Partial<SearchParams> = {}): string[] {
  return engine.search(params(q, extra)).items.map((h) => h.row.name);
}
function first(q: string, extra: Partial<SearchParams> = {}) {
  const hit = engine.search(params(q, { highlight: true, ...extra })).items[0];
  return { name: hit.row.name, match: hit.match, highlight: hit.highlight };
}
function facetsOf(
  counts: { inheritance?: object; onset?: object; prevalence?: object },
  rest: Pick<SearchFacets, 'rarity' | 'trialStatus'>,
): SearchFacets {
  const zero = (v: readonly string[]) => Object.fromEntries(v.map((t) => [t, 0]));
  return {
    inheritance: { ...zero(INHERITANCE_TERMS), ...counts.inheritance },
    onset: { ...zero(ONSET_CATEGORIES), ...counts.onset },
    prevalence: { ...zero(PREVALENCE_CATEGORIES), ...counts.prevalence },
    ...rest,
  } as SearchFacets;
}

/** The match without its explanation (checked on its own below). */
function matchOf(q: string, extra: Partial<SearchParams> = {}) {
  const m = first(q, extra).match;
  return m && { field: m.field, text: m.text, kind: m.kind, score: m.score };
}

describe('relevance tiers', () => {
  it('exact name first', () => {
    assert.deepEqual(matchOf('cystic fibrosis'), { field: 'name', text: 'cystic fibrosis', kind: 'exact', score: 1 });
    assert.deepEqual(names('cystic fibrosis'), ['cystic fibrosis']);
    assert.equal(names('TAY SACHS DISEASE')[0], 'Tay-Sachs disease');
  });

  it('exact synonym, reported as published', () => {
    assert.deepEqual(names('mucoviscidosis'), ['cystic fibrosis']);
    assert.deepEqual(matchOf('mucoviscidosis'), { field: 'synonym', text: 'mucoviscidosis', kind: 'exact', score: 0.99 });
    assert.deepEqual(matchOf('pku'), { field: 'synonym', text: 'PKU', kind: 'exact', score: 0.99 });
    // Exact synonym, then a synonym the query begins.
    assert.deepEqual(names('Pompe disease'), [
      'glycogen storage disease II',
      'glycogen storage disease due to acid maltase deficiency, infantile onset',
    ]);
    assert.deepEqual(names('hd'), ['Huntington disease', 'Huntington disease-like 1']);
  });

  it('name and synonym prefixes, the text the query covers most first', () => {
    assert.deepEqual(matchOf('cystic fib'), { field: 'name', text: 'cystic fibrosis', kind: 'prefix', score: 0.5025 });
    assert.deepEqual(names('cyst'), ['cystinosis', 'cystic fibrosis', 'nephropathic cystinosis']);
    assert.deepEqual(names('huntington'), ['Huntington disease', 'Huntington disease-like 1']);
    assert.deepEqual(names('muscular dys').slice(0, 2), ['Duchenne muscular dystrophy', 'Becker muscular dystrophy']);
  });

  it('every word in any order, then texts that have only some of the words (kind partial)', () => {
    assert.deepEqual(names('dystrophy muscular'), [
      'Duchenne muscular dystrophy',
      'Becker muscular dystrophy',
      'myotonic dystrophy type 1',
      'spinal muscular atrophy',
      'spinal muscular atrophy, type 1',
    ]);
    assert.deepEqual(
      engine.search(params('dystrophy muscular')).items.map((h) => h.match?.kind),
      ['words', 'words', 'partial', 'partial', 'partial'],
    );
    const hits = engine
      .search(params('disease type 1'))
      .items.slice(0, 3)
      .map((h) => [h.row.name, h.match?.text, h.match?.kind]);
    assert.deepEqual(hits, [
      ['Gaucher disease type I', 'Gaucher disease type I', 'words'],
      ['type 1 diabetes mellitus', 'type 1 diabetes', 'partial'],
      ['neurofibromatosis type 1', 'neurofibromatosis type 1', 'partial'],
    ]);
    assert.deepEqual(names('ataxia spinal')[0], 'Friedreich ataxia');
    assert.equal(first('ataxia spinal').match?.text, 'hereditary spinal ataxia');
  });

  it('misspellings within 1 edit (4-7 letters) or 2 (8+), none under 4; a misspelt generic word stays generic', () => {
    assert.deepEqual(names('huntingon disease'), ['Huntington disease', 'Huntington disease-like 1']);
    assert.deepEqual(matchOf('huntingon disease'), { field: 'name', text: 'Huntington disease', kind: 'fuzzy', score: 0.3804 });
    assert.deepEqual(names('cystic fibrossis'), ['cystic fibrosis']);
    assert.deepEqual(names('phenylketonurea'), ['phenylketonuria']);
    assert.equal(first('phenylketonurea').match?.kind, 'fuzzy');
    // "disaese" counts as "disease": it names no disease, so the other rows with "disease" are not results.
    assert.deepEqual(names('fabri disaese'), ['Fabry disease']);
    assert.deepEqual(names('marfna'), ['Marfan syndrome']);
    assert.deepEqual(names('mrafna'), []);
    assert.deepEqual(names('mfx'), []);
  });

  it('gene symbols, case-insensitive: causal first, then established entities (advocacy groups, trials), then quality', () => {
    // Cystic fibrosis has trials and advocacy groups; the narrower entity naming the gene has neither.
    assert.deepEqual(names('CFTR'), ['cystic fibrosis', 'congenital bilateral aplasia of vas deferens from CFTR mutation']);
    assert.deepEqual(names('htt'), ['Huntington disease', 'Lopes-Maciel-Rodan syndrome']);
    assert.deepEqual(matchOf('htt'), { field: 'gene', text: 'HTT', kind: 'exact', score: 0.9595 });
    assert.deepEqual(names('hbb'), ['sickle cell disease', 'dominant beta-thalassemia']);
    assert.deepEqual(names('Gba1'), ['Gaucher disease type I', 'Gaucher disease type II']);
    // An exact synonym beats the gene tier.
    assert.deepEqual(names('DMD'), ['Duchenne muscular dystrophy', 'Becker muscular dystrophy']);
    assert.equal(first('DMD', { offset: 1 }).match?.field, 'gene');
  });

  it("a gene symbol with words: the gene's diseases that match the words first", () => {
    assert.deepEqual(names('CFTR cystic'), ['cystic fibrosis', 'congenital bilateral aplasia of vas deferens from CFTR mutation']);
    assert.deepEqual(first('CFTR cystic').match?.why.words, [
      { query: 'cftr', text: null, how: 'gene', weight: 4.74 },
      { query: 'cystic', text: 'cystic', how: 'exact', weight: 3.89 },
    ]);
  });

  it('an identifier finds its record', () => {
    assert.deepEqual(matchOf(ROWS[0].id), { field: 'id', text: ROWS[0].id, kind: 'exact', score: 1 });
  });

  it('diacritics fold both ways', () => {
    assert.deepEqual(names('Sjögren'), ['Sjogren syndrome']);
    assert.deepEqual(engine.search(params('sjogren')), engine.search(params('Sjögren')));
    assert.equal(first('sjögren syndrome').match?.kind, 'exact');
    assert.deepEqual(matchOf('behçet'), { field: 'name', text: 'Behcet disease', kind: 'prefix', score: 0.5602 });
  });
});

describe('explanation', () => {
  it('says the tier, the coverage of query and text, the order and how each word met the text', () => {
    assert.deepEqual(first('huntingon disease').match?.why, {
      tier: 'ranked',
      queryCoverage: 0.723,
      textCoverage: 0.723,
      order: 'adjacent',
      words: [
        { query: 'huntingon', text: 'huntington', how: 'typo', weight: 3 },
        { query: 'disease', text: 'disease', how: 'exact', weight: 0.25 },
      ],
    });
    assert.deepEqual(first('dystrophy muscular').match?.why.order, 'any');
    assert.deepEqual(first('cystic fibrosis').match?.why, {
      tier: 'exact-name',
      queryCoverage: 1,
      textCoverage: 1,
      order: 'adjacent',
      words: [
        { query: 'cystic', text: 'cystic', how: 'exact', weight: 3.89 },
        { query: 'fibrosis', text: 'fibrosis', how: 'exact', weight: 3.89 },
      ],
    });
  });
});

describe('highlight', () => {
  it('marks the typed part of a prefix and whole words otherwise, on the original text', () => {
    assert.deepEqual(first('cystic fib').highlight, { field: 'name', text: '<mark>cystic fib</mark>rosis', spans: [[0, 10]] });
    assert.deepEqual(first('cystic fibrossis').highlight?.spans, [[0, 15]]);
    assert.deepEqual(first('dystrophy muscular').highlight?.text, 'Duchenne <mark>muscular dystrophy</mark>');
    assert.deepEqual(first('htt').highlight, { field: 'gene', text: '<mark>HTT</mark>', spans: [[0, 3]] });
  });

  it('marks every matched word of a partial match, and only those', () => {
    assert.deepEqual(first('disease type 1', { offset: 1 }).highlight, {
      field: 'synonym',
      text: '<mark>type 1</mark> diabetes',
      spans: [[0, 6]],
    });
    assert.deepEqual(first('disease type 1', { offset: 5 }).highlight?.text, 'Huntington <mark>disease</mark>-like <mark>type 1</mark>');
  });

  it('maps offsets across diacritics, apostrophes and hyphens', () => {
    assert.deepEqual(first('primary sjogren').highlight, {
      field: 'synonym',
      text: '<mark>primary Sjögren</mark> syndrome',
      spans: [[0, 15]],
    });
    assert.deepEqual(first('sjogren gougerot').highlight?.spans, [
      [0, 7],
      [8, 16],
    ]);
    assert.deepEqual(first('tay sachs disease').highlight, {
      field: 'name',
      text: '<mark>Tay</mark>-<mark>Sachs disease</mark>',
      spans: [
        [0, 3],
        [4, 17],
      ],
    });
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
    assert.deepEqual(
      result.facets,
      facetsOf(
        {
          inheritance: {
            'autosomal-dominant': 2,
            'autosomal-recessive': 2,
            'x-linked-dominant': 2,
            multifactorial: 2,
            'not-applicable': 2,
          },
          onset: { infancy: 5, 'all-ages': 1, adult: 2, neonatal: 1, childhood: 1 },
          prevalence: { 'very-rare': 3, rare: 3, 'ultra-rare': 2, unknown: 1, uncommon: 1 },
        },
        { rarity: { rare: 10, common: 0 }, trialStatus: { withActiveTrials: 6, withTrialsNoneActive: 1, noTrials: 3 } },
      ),
    );
    assert.deepEqual(Object.keys(result.facets!.inheritance), INHERITANCE_TERMS);
    assert.deepEqual(Object.keys(result.facets!.prevalence), PREVALENCE_CATEGORIES);
  });

  it('are all zero for an empty result', () => {
    const result = engine.search(params('xyzzy', { facets: true }));
    assert.deepEqual(result, {
      total: 0,
      items: [],
      facets: facetsOf({}, { rarity: { rare: 0, common: 0 }, trialStatus: { withActiveTrials: 0, withTrialsNoneActive: 0, noTrials: 0 } }),
    });
  });
});
