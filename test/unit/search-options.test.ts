import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildSearchIndex } from '../../build/compile/search-index-build.ts';
import { SearchEngine } from '../../server/search/engine.ts';
import { diseaseFilter, type FilterValues } from '../../server/routes/disease-filters.ts';
import type { SearchParams, SearchSort } from '../../server/search/search-types.ts';
import { ROWS } from '../fixtures/search/rows.ts';

const index = buildSearchIndex(ROWS);
const engine = new SearchEngine(JSON.parse(JSON.stringify(index)), ROWS);

// The filters as the routes compile them (server/routes/disease-filters.ts), over this engine's genes.
const FILTERS = {
  isCurrent: () => true,
  descendants: () => new Set<string>(),
  diseasesWithGene: (s: string) => engine.diseasesWithGene(s),
};
type SearchFilters = Partial<FilterValues>;
const filtering = (filters: SearchFilters) => ({ filter: diseaseFilter(filters, FILTERS) });

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
const filtered = (filters: SearchFilters): string[] => names(undefined, filtering(filters));

const AR_ACTIVE: SearchFilters = { inheritancePattern: ['autosomal-recessive'], hasActiveTrials: true };
const WILSON = 'Wilson disease';
const GAUCHER = 'Gaucher disease';
const SICKLE = 'sickle cell disease';
const GSD2 = 'glycogen storage disease II';
const GSD_INF = 'glycogen storage disease due to acid maltase deficiency, infantile onset';
const CYSTINOSIS = 'cystinosis';
const SMA1 = 'spinal muscular atrophy, type 1';
const CF = 'cystic fibrosis';

describe('filters', () => {
  it('each filter narrows the set; values within one filter are OR', () => {
    assert.deepEqual(filtered({ hasExpertContent: false }), ['Lopes-Maciel-Rodan syndrome', 'spinal muscular atrophy']);
    assert.deepEqual(filtered({ inheritancePattern: ['x-linked-recessive', 'x-linked'] }), [
      'Becker muscular dystrophy',
      'Duchenne muscular dystrophy',
      'Fabry disease',
      'hemophilia A',
      'hemophilia B',
    ]);
    assert.deepEqual(filtered({ onsetCategory: ['elderly'] }), ['Alzheimer disease', 'Parkinson disease']);
    assert.deepEqual(filtered({ prevalence: ['common'] }), [
      'Alzheimer disease',
      'Crohn disease',
      'Parkinson disease',
      'type 1 diabetes mellitus',
    ]);
    assert.deepEqual(filtered({ gene: ['dmd', 'HBB'] }), [
      'Becker muscular dystrophy',
      'dominant beta-thalassemia',
      'Duchenne muscular dystrophy',
      'sickle cell disease',
    ]);
    assert.deepEqual(filtered({ minTrialCount: 20 }), ['Alzheimer disease', 'Crohn disease', 'Parkinson disease']);
    assert.equal(engine.search(params(undefined, { ...filtering({ hasActiveTrials: true }) })).total, 29);
    assert.equal(engine.search(params(undefined, { ...filtering({ hasActiveTrials: false }) })).total, 12);
  });

  it('different filters are AND, with or without query text', () => {
    assert.deepEqual(filtered({ hasActiveTrials: false, minTrialCount: 1 }), [
      'Becker muscular dystrophy',
      'Behcet disease',
      'Gaucher disease type I',
      'polycystic kidney disease',
      'Tay-Sachs disease',
    ]);
    assert.deepEqual(names('disease', { ...filtering(AR_ACTIVE) }), [GAUCHER, GSD2, WILSON, SICKLE, GSD_INF, CYSTINOSIS, SMA1, CF]);
    assert.deepEqual(names('disease', { ...filtering({ gene: ['hbb'] }) }), [SICKLE]);
    assert.deepEqual(engine.search(params('disease', { ...filtering({ gene: ['NOPE'] }) })), { total: 0, items: [] });
  });
});

describe('sort', () => {
  const sorted = (sort: SearchSort): string[] => names('disease', { ...filtering(AR_ACTIVE), sort });

  it('by each field in both directions, ties by relevance', () => {
    assert.deepEqual(sorted({ field: 'activeTrialCount', direction: 'desc' }), [
      SICKLE,
      CF,
      GSD2,
      SMA1,
      GAUCHER,
      WILSON,
      GSD_INF,
      CYSTINOSIS,
    ]);
    assert.deepEqual(sorted({ field: 'activeTrialCount', direction: 'asc' }), [
      GAUCHER,
      WILSON,
      GSD_INF,
      CYSTINOSIS,
      GSD2,
      SMA1,
      CF,
      SICKLE,
    ]);
    assert.deepEqual(sorted({ field: 'pagCount', direction: 'desc' }), [CF, SICKLE, SMA1, GAUCHER, GSD2, WILSON, CYSTINOSIS, GSD_INF]);
    assert.deepEqual(sorted({ field: 'pagCount', direction: 'asc' }), [GSD_INF, WILSON, CYSTINOSIS, GAUCHER, GSD2, SMA1, SICKLE, CF]);
    assert.deepEqual(sorted({ field: 'updatedAt', direction: 'desc' }), [SICKLE, CF, WILSON, SMA1, CYSTINOSIS, GAUCHER, GSD_INF, GSD2]);
    assert.deepEqual(sorted({ field: 'updatedAt', direction: 'asc' }), [GSD2, GSD_INF, GAUCHER, CYSTINOSIS, SMA1, WILSON, CF, SICKLE]);
    assert.deepEqual(sorted({ field: 'label', direction: 'asc' }), [CF, CYSTINOSIS, GAUCHER, GSD_INF, GSD2, SICKLE, SMA1, WILSON]);
    assert.deepEqual(sorted({ field: 'label', direction: 'desc' }), [WILSON, SMA1, SICKLE, GSD2, GSD_INF, GAUCHER, CYSTINOSIS, CF]);
  });

  it('relevance is always best first; without query text it means label ascending', () => {
    assert.deepEqual(sorted({ field: 'relevance', direction: 'asc' }), sorted({ field: 'relevance', direction: 'desc' }));
    const all = engine.search(params(undefined, { limit: 3 }));
    assert.equal(all.total, ROWS.length);
    assert.deepEqual(
      all.items.map((h) => [h.row.name, h.match]),
      [
        ['achondroplasia', null],
        ['Alzheimer disease', null],
        ['Angelman syndrome', null],
      ],
    );
    assert.deepEqual(names(undefined, { limit: 2, sort: { field: 'label', direction: 'desc' } }), [
      'Wilson disease',
      'type 1 diabetes mellitus',
    ]);
    assert.deepEqual(names(undefined, { limit: 3, sort: { field: 'pagCount', direction: 'desc' } }), [
      'Duchenne muscular dystrophy',
      'cystic fibrosis',
      'Alzheimer disease',
    ]);
  });
});

describe('paging', () => {
  it('offset and limit cut the ordered set; total counts all of it', () => {
    const all = names('disease', { ...filtering(AR_ACTIVE) });
    const pages = [0, 3, 6, 9].map((offset) => engine.search(params('disease', { ...filtering(AR_ACTIVE), offset, limit: 3 })));
    assert.deepEqual(
      pages.map((p) => p.total),
      [8, 8, 8, 8],
    );
    assert.deepEqual(
      pages.map((p) => p.items.length),
      [3, 3, 2, 0],
    );
    assert.deepEqual(
      pages.flatMap((p) => p.items.map((h) => h.row.name)),
      all,
    );
    const browse = engine.search(params(undefined, { offset: 40, limit: 5 }));
    assert.deepEqual([browse.total, browse.items.map((h) => h.row.name)], [41, ['Wilson disease']]);
    assert.deepEqual(engine.search(params('disease', { limit: 0 })).items, []);
  });

  it('an empty or unmatched query finds nothing', () => {
    assert.deepEqual(engine.search(params('xyzzy')), { total: 0, items: [] });
    assert.deepEqual(engine.search(params('?!')), { total: 0, items: [] });
    assert.equal(engine.search(params('   ')).total, ROWS.length);
  });
});

describe('serialized index', () => {
  it('is deterministic JSON with a sorted vocabulary', () => {
    assert.equal(JSON.stringify(buildSearchIndex(ROWS)), JSON.stringify(index));
    assert.deepEqual(index.words, [...index.words].sort());
    assert.equal(
      index.slotLengths.length,
      ROWS.reduce((n, r) => n + 1 + r.synonyms.length, 0),
    );
    assert.deepEqual(index.genes.HTT, [2, 3]);
  });

  it('is refused when built from other rows or by another version', () => {
    assert.throws(() => new SearchEngine(index, [...ROWS].reverse()), /other rows than the listing/);
    assert.throws(() => new SearchEngine({ ...index, version: 1 } as unknown as typeof index, ROWS), /version 1 is not 2/);
    const renamed = ROWS.map((r, i) => (i === 0 ? { ...r, synonyms: [] } : r));
    assert.throws(() => new SearchEngine(index, renamed), /rows have \d+: rebuild/);
  });
});
