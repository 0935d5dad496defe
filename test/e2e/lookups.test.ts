import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { bearer, call } from '../helpers/http.ts';
import { startRealServer } from '../helpers/real-server.ts';
import { schemaErrors } from '../helpers/response-schemas.ts';
import type { RunningServer } from '../helpers/server-process.ts';

// Issue 19: a disease found the way users hold it, on the real snapshot.
const BASE = 'https://disease-content-service.dev/problems/';
const CF = 'MONDO:0009061';
let server: RunningServer;
let keys: Record<string, string>;

before(async () => {
  ({ server, keys } = await startRealServer([
    { tier: 'developer', name: 'dev' },
    { tier: 'professional', name: 'pro' },
  ]));
});
after(async () => {
  assert.equal(await server.stop(), 0);
});

const get = (path: string, headers: Record<string, string> = {}) =>
  call(server.url, path, { headers: { ...bearer(keys.dev), ...headers } });

describe('id forms', () => {
  for (const [form, suffix, location] of [
    ['mondo:0009061', '', `/api/v1/diseases/${CF}`],
    ['MONDO_0009061', '/summary', `/api/v1/diseases/${CF}/summary`],
    ['mondo_0009061', '/sections/genetics?x=1', `/api/v1/diseases/${CF}/sections/genetics?x=1`],
    ['http%3A%2F%2Fpurl.obolibrary.org%2Fobo%2FMONDO_0009061', '?sections=overview', `/api/v1/diseases/${CF}?sections=overview`],
    ['MONDO_0009061', '/versions', `/api/v1/diseases/${CF}/versions`],
    ['MONDO_0009061', '/ancestors?limit=5', `/api/v1/diseases/${CF}/ancestors?limit=5`],
  ] as const) {
    test(`${form}${suffix} is a 308 to the canonical path, query kept`, async () => {
      const r = await get(`/api/v1/diseases/${form}${suffix}`);
      assert.equal(r.status, 308);
      assert.equal(r.headers.location, location);
      assert.equal(r.body.length, 0);
    });
  }
  test('anything else is still a 400', async () => {
    const r = await get('/api/v1/diseases/MONDO-0009061');
    assert.equal(r.status, 400);
    assert.equal(r.json().invalidParams[0].name, 'mondoId');
    const code = await get('/api/v1/diseases/OMIM:219700');
    assert.equal(code.status, 400);
    assert.match(
      code.json().invalidParams[0].detail,
      /OMIM:219700 looks like a code of another system: \/api\/v1\/xrefs\/OMIM:219700 lists/,
    );
  });
});

describe('cross-references', () => {
  test('OMIM:219700 maps exactly to cystic fibrosis, with predicate, source and an ETag', async () => {
    const r = await get('/api/v1/xrefs/OMIM:219700');
    assert.equal(r.status, 200);
    const body = r.json();
    assert.deepEqual(schemaErrors('XrefResponse', body), []);
    assert.equal(body.data.code, 'OMIM:219700');
    assert.deepEqual(body.data.diseases[0], {
      id: CF,
      name: 'cystic fibrosis',
      predicate: 'exactMatch',
      source: { source: 'mondo', release: '2026-08-04', mappingSet: 'mondo_exactmatch_omim' },
      obsoleteId: null,
      links: { self: `/api/v1/diseases/${CF}` },
    });
    const again = await get('/api/v1/xrefs/OMIM:219700', { 'If-None-Match': String(r.headers.etag) });
    assert.equal(again.status, 304);
  });
  test('prefixes are case-insensitive and take the usual spellings', async () => {
    for (const [asked, code] of [
      ['orpha:586', 'Orphanet:586'],
      ['Orphanet:586', 'Orphanet:586'],
      ['MESH:D003550', 'mesh:D003550'],
      ['icd10cm:e84', 'ICD10CM:E84'],
      ['GARD:6233', 'GARD:0006233'],
    ]) {
      const r = await get(`/api/v1/xrefs/${asked}`);
      assert.equal(r.status, 200, asked);
      assert.equal(r.json().data.code, code);
      assert.equal(r.json().data.diseases[0].id, CF, asked);
    }
  });
  test('a code Mondo maps only to an obsolete class without a replacement lists that class, no disease', async () => {
    const r = await get('/api/v1/xrefs/ORPHA:99177');
    assert.equal(r.status, 200);
    const { data } = r.json();
    assert.deepEqual(schemaErrors('XrefResponse', r.json()), []);
    assert.deepEqual(data.diseases, []);
    assert.deepEqual(data.obsolete, [
      { id: 'MONDO:0007464', label: 'isolated distichiasis', consider: [], links: { self: '/api/v1/diseases/MONDO:0007464' } },
    ]);
    assert.equal(data.label, 'Isolated distichiasis');
  });
  test('an unknown code is a 404, a malformed one or an unknown prefix a 400', async () => {
    const missing = await get('/api/v1/xrefs/OMIM:999999');
    assert.equal(missing.status, 404);
    assert.equal(missing.json().type, `${BASE}not-found`);
    const short = await get('/api/v1/xrefs/OMIM:12');
    assert.equal(short.status, 400);
    assert.deepEqual(short.json().invalidParams, [{ name: 'curie', reason: 'malformed', detail: 'OMIM:12 is not a well-formed OMIM id' }]);
    const prefix = await get('/api/v1/xrefs/FOO:1');
    assert.equal(prefix.status, 400);
    assert.equal(prefix.json().invalidParams[0].reason, 'not-allowed-value');
    assert.equal((await get('/api/v1/xrefs/nocolon')).status, 400);
  });
  test('a batch has a status per code in request order and counts per status', async () => {
    const r = await get('/api/v1/xrefs?ids=OMIM:219700,OMIM:999999,bad,ORPHA:586');
    assert.equal(r.status, 200);
    const body = r.json();
    assert.deepEqual(schemaErrors('XrefBatchResponse', body), []);
    assert.deepEqual(
      body.data.map((d: { status: string; requested: string }) => [d.requested, d.status]),
      [
        ['OMIM:219700', 'found'],
        ['OMIM:999999', 'not_found'],
        ['bad', 'malformed'],
        ['ORPHA:586', 'found'],
      ],
    );
    assert.deepEqual(body.meta, { requested: 4, found: 2, notFound: 1, malformed: 1 });
    const many = Array.from({ length: 51 }, (_, i) => `OMIM:${String(100000 + i)}`).join(',');
    assert.equal((await get(`/api/v1/xrefs?ids=${many}`)).status, 400);
  });
  test('the routes need a key', async () => {
    assert.equal((await call(server.url, '/api/v1/xrefs/OMIM:219700')).status, 401);
  });
});

describe('search by code', () => {
  test('OMIM, ORPHA and a bare ICD-10 code find their exact-match disease first, marked as a cross-reference', async () => {
    for (const q of ['OMIM:219700', 'orpha:586', 'E84', 'MESH:D003550']) {
      const r = await get(`/api/v1/diseases/search?q=${encodeURIComponent(q)}`);
      assert.equal(r.status, 200, q);
      const body = r.json();
      assert.deepEqual(schemaErrors('SearchResponse', body), [], q);
      assert.equal(body.data[0].id, CF, q);
      assert.equal(body.data[0].match.field, 'xref');
      assert.equal(body.data[0].match.predicate, 'exactMatch');
      assert.equal(body.data[0].match.score, 1);
    }
  });
  test('a gene symbol shaped like an ICD-10 category stays a gene query', async () => {
    // C4A is a gene with diseases and the ICD-10 category of Merkel cell carcinoma.
    assert.equal((await get('/api/v1/xrefs/ICD10CM:C4A')).status, 200);
    const c4a = (await get('/api/v1/diseases/search?q=C4A&limit=1')).json();
    assert.equal(c4a.data[0].match.field, 'gene');
  });
  test('a code no mapping names is searched as text; filters apply to code results', async () => {
    const none = (await get('/api/v1/diseases/search?q=OMIM:999999')).json();
    assert.ok(none.data.every((d: { match: { field: string } }) => d.match.field !== 'xref'));
    const filtered = (await get('/api/v1/diseases/search?q=OMIM:219700&hasCuratedDefinition=false')).json();
    assert.equal(filtered.pagination.total, 0);
  });
  test('an old gene symbol finds the diseases of the current one', async () => {
    const ids = async (q: string) =>
      (await get(`/api/v1/diseases/search?q=${q}&limit=100`))
        .json()
        .data.filter((d: { match: { field: string } }) => d.match.field === 'gene')
        .map((d: { id: string }) => d.id);
    const current = await ids('GBA1');
    assert.ok(current.length > 0);
    assert.deepEqual(await ids('GBA'), current);
  });
});

describe('hierarchy', () => {
  test('parents and ancestors of cystic fibrosis, with distance and paging', async () => {
    const parents = (await get(`/api/v1/diseases/${CF}/parents`)).json();
    assert.deepEqual(schemaErrors('HierarchyListResponse', parents), []);
    assert.deepEqual(
      parents.data.map((d: { id: string; distance: number }) => [d.id, d.distance]),
      [
        ['MONDO:0005087', 1],
        ['MONDO:0006025', 1],
      ],
    );
    const r = await get(`/api/v1/diseases/${CF}/ancestors?limit=3`);
    const anc = r.json();
    assert.equal(anc.pagination.total, 7);
    assert.equal(anc.data[2].distance, 2);
    assert.match(String(r.headers.link), /rel="next"/);
  });
  test('children are the inverse of parents, descendants include grandchildren', async () => {
    const children = (await get('/api/v1/diseases/MONDO:0005087/children?limit=100')).json();
    assert.ok(children.data.some((d: { id: string }) => d.id === CF));
    const desc = (await get('/api/v1/diseases/MONDO:0006025/descendants?limit=100&offset=0')).json();
    assert.ok(desc.pagination.total > 100);
    assert.ok(desc.data.every((d: { distance: number }) => d.distance >= 1));
  });
  test('descendantOf filters the listing and search; not a current disease is a 400', async () => {
    const list = (await get('/api/v1/diseases?descendantOf=MONDO:0019052&limit=1')).json();
    const all = (await get('/api/v1/diseases/MONDO:0019052/descendants?limit=1')).json();
    assert.equal(list.pagination.total, all.pagination.total);
    const search = (await get('/api/v1/diseases/search?descendantOf=MONDO:0005087&q=fibrosis')).json();
    assert.ok(search.data.some((d: { id: string }) => d.id === CF));
    const bad = await get('/api/v1/diseases?descendantOf=MONDO:9999999');
    assert.equal(bad.status, 400);
    assert.equal(bad.json().invalidParams[0].name, 'descendantOf');
  });
});

describe('genes', () => {
  test('CFTR: the HGNC gene and its diseases with association and sources', async () => {
    const r = await get('/api/v1/genes/CFTR');
    assert.equal(r.status, 200);
    const { data } = r.json();
    assert.deepEqual(schemaErrors('GeneResponse', r.json()), []);
    assert.equal(data.hgncId, 'HGNC:1884');
    assert.deepEqual(data.previousSymbols, ['CF', 'ABCC7']);
    assert.equal(data.locusType, 'gene with protein product');
    const cf = data.diseases.find((d: { id: string }) => d.id === CF);
    assert.equal(cf.association, 'causal-loss-of-function');
    assert.ok(cf.sources.length > 0);
    assert.ok(
      cf.sources.every(
        (s: { source: string; release: string }) => ['mondo-ingest', 'orphanet', 'hpo'].includes(s.source) && s.release !== '',
      ),
    );
    assert.equal((await get('/api/v1/genes/HGNC:1884')).json().data.symbol, 'CFTR');
  });
  test('a previous symbol, an unambiguous alias and another case answer 308 to the current symbol', async () => {
    for (const [asked, to] of [
      ['GBA', 'GBA1'],
      ['ABCC7', 'CFTR'],
      ['cftr', 'CFTR'],
    ]) {
      const r = await get(`/api/v1/genes/${asked}`);
      assert.equal(r.status, 308, asked);
      assert.equal(r.headers.location, `/api/v1/genes/${to}`);
    }
    assert.equal((await get('/api/v1/genes/NOSUCHGENE1')).status, 404);
  });
});
