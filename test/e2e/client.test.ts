import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PROBLEM_BASE } from '../../server/contract/api/problems.ts';
import { startRealServer } from '../helpers/real-server.ts';
import type { RunningServer } from '../helpers/server-process.ts';
import { DOCUMENT, typedClient } from '../helpers/typed-client.ts';

/**
 * The API through the typed client a user would write: openapi-fetch over the types openapi-typescript
 * generates from the published document (npm run types, before the tests and the type check). A
 * response field the schema lacks fails type checking (`npx tsc --noEmit` covers this file); a
 * response the schema does not describe fails here (every answer is validated against the component
 * the document names for its status; see test/helpers/typed-client.ts).
 */

let server: RunningServer;
let keys: Record<string, string>;
let client: ReturnType<typeof typedClient>;
let pro: ReturnType<typeof typedClient>;

before(async () => {
  ({ server, keys } = await startRealServer([
    { tier: 'developer', name: 'dev' },
    { tier: 'professional', name: 'pro' },
  ]));
  client = typedClient(server.url, keys.dev);
  pro = typedClient(server.url, keys.pro);
});
after(async () => {
  assert.equal(await server.stop(), 0);
});

const CF = 'MONDO:0009061';

describe('typed client (openapi-fetch over the generated types)', () => {
  test('the served document is the one the types were generated from', async () => {
    const { data, response } = await typedClient(server.url).GET('/api/v1/openapi');
    assert.equal(response.status, 200);
    assert.deepEqual(data, DOCUMENT);
  });

  test('getDisease, getDiseaseSummary and getDiseaseSection', async () => {
    const record = await client.GET('/api/v1/diseases/{mondoId}', {
      params: { path: { mondoId: CF }, query: { sections: ['genetics', 'overview'] } },
    });
    assert.equal(record.response.status, 200);
    const d = record.data!.data;
    assert.deepEqual([d.id, d.name, d.isRare], [CF, 'cystic fibrosis', true]);
    assert.deepEqual(Object.keys(d.sections), ['overview', 'genetics']);
    assert.ok(d.genes.some((g) => g.symbol === 'CFTR'));
    assert.equal(d.trials.fromSample, true);

    const summary = await client.GET('/api/v1/diseases/{mondoId}/summary', { params: { path: { mondoId: CF } } });
    assert.equal(summary.data!.data.overview.key, 'overview');
    assert.equal(summary.data!.data.name, 'cystic fibrosis');

    const section = await client.GET('/api/v1/diseases/{mondoId}/sections/{section}', {
      params: { path: { mondoId: CF, section: 'genetics' } },
    });
    assert.equal(section.data!.data.key, 'genetics');
    assert.deepEqual(section.data!.disease, { id: CF, name: 'cystic fibrosis' });
  });

  test('listDiseases and searchDiseases, with list parameters sent comma-separated', async () => {
    const list = await client.GET('/api/v1/diseases', {
      params: { query: { limit: 5, isRare: true, inheritance: ['autosomal-recessive', 'x-linked-recessive'] } },
    });
    assert.equal(list.response.status, 200);
    assert.deepEqual([list.data!.pagination.limit, list.data!.pagination.offset, list.data!.data.length], [5, 0, 5]);
    assert.ok(list.data!.data.every((x) => x.isRare));
    assert.match(new URL(list.response.url).search, /inheritance=autosomal-recessive,x-linked-recessive/);

    const found = await client.GET('/api/v1/diseases/search', { params: { query: { q: 'cystic fibrosis', limit: 5 } } });
    assert.equal(found.data!.data[0].id, CF);
    assert.deepEqual(found.data!.query.q, 'cystic fibrosis');
    const byGene = await client.GET('/api/v1/diseases/search', { params: { query: { gene: ['CFTR'], limit: 100 } } });
    assert.ok(byGene.data!.data.some((x) => x.id === CF));
  });

  test('getDiseasesBulk: a status per id, in order', async () => {
    const { data } = await pro.GET('/api/v1/diseases/bulk', {
      params: { query: { ids: [CF, 'MONDO:9999999', 'MONDO:0000002', 'MONDO:12'] } },
    });
    assert.deepEqual(
      data!.data.map((x) => [x.id, x.status]),
      [
        [CF, 'found'],
        ['MONDO:9999999', 'not_found'],
        ['MONDO:0000002', 'obsolete'],
        ['MONDO:12', 'malformed'],
      ],
    );
    assert.deepEqual(data!.meta, { requested: 4, found: 1, notFound: 1, obsolete: 1, malformed: 1 });
    assert.equal(data!.data[0].data?.name, 'cystic fibrosis');
  });

  test('phenotypes and orphan drugs', async () => {
    const ph = await client.GET('/api/v1/diseases/{mondoId}/phenotypes', { params: { path: { mondoId: 'MONDO:0007739' } } });
    assert.equal(ph.data!.data.total, ph.data!.data.items.length);
    assert.match(ph.data!.data.items[0].hpoId, /^HP:\d{7}$/);
    const drugs = await client.GET('/api/v1/diseases/{mondoId}/orphan-drugs', { params: { path: { mondoId: CF } } });
    assert.ok(drugs.data!.data.items.some((x) => x.tradeName === 'Trikafta'));
    assert.equal(drugs.data!.data.total, drugs.data!.data.items.length);
  });

  test('releases and versions: the record of the current version is the current record', async () => {
    const releases = await client.GET('/api/v1/releases', { params: { query: { limit: 1 } } });
    const newest = releases.data!.data[0];
    const latest = await client.GET('/api/v1/releases/{releaseId}', { params: { path: { releaseId: 'latest' } } });
    assert.deepEqual(latest.data!.data, newest);

    const versions = await client.GET('/api/v1/diseases/{mondoId}/versions', { params: { path: { mondoId: CF } } });
    const v = versions.data!.data;
    assert.deepEqual([v.id, v.current, v.versions[0].version], [CF, true, v.currentVersion]);
    const old = await client.GET('/api/v1/diseases/{mondoId}/versions/{version}', {
      params: { path: { mondoId: CF, version: v.versions[0].version } },
    });
    const now = await client.GET('/api/v1/diseases/{mondoId}', { params: { path: { mondoId: CF } } });
    assert.deepEqual(old.data, now.data);
    assert.equal(old.response.headers.get('etag'), now.response.headers.get('etag'));
  });

  test('lookups (issue 19): a code, the hierarchy, a gene and the downloads', async () => {
    const xref = await client.GET('/api/v1/xrefs/{curie}', { params: { path: { curie: 'ORPHA:586' } } });
    assert.equal(xref.data!.data.diseases[0].id, CF);
    assert.equal(xref.data!.data.diseases[0].predicate, 'exactMatch');
    const batch = await client.GET('/api/v1/xrefs', { params: { query: { ids: ['OMIM:219700', 'OMIM:999999'] } } });
    assert.deepEqual(batch.data!.meta, { requested: 2, found: 1, notFound: 1, malformed: 0 });
    const parents = await client.GET('/api/v1/diseases/{mondoId}/parents', { params: { path: { mondoId: CF } } });
    assert.ok(parents.data!.data.every((p) => p.distance === 1));
    const gene = await client.GET('/api/v1/genes/{gene}', { params: { path: { gene: 'CFTR' } } });
    assert.equal(gene.data!.data.hgncId, 'HGNC:1884');
    const files = await pro.GET('/api/v1/releases/{releaseId}/downloads', { params: { path: { releaseId: 'latest' } } });
    assert.equal(files.data!.data.files.length, 5);
  });

  test('If-None-Match with the ETag: 304, no body', async () => {
    const first = await client.GET('/api/v1/diseases/{mondoId}/summary', { params: { path: { mondoId: CF } } });
    const etag = first.response.headers.get('etag')!;
    assert.match(etag, /^W\/".+"$/);
    const again = await client.GET('/api/v1/diseases/{mondoId}/summary', {
      params: { path: { mondoId: CF }, header: { 'If-None-Match': etag } },
    });
    assert.equal(again.response.status, 304);
    assert.equal(again.data, undefined);
    assert.equal(again.response.headers.get('etag'), etag);
  });

  test('problems come back as typed errors: 400, 404, 401', async () => {
    const malformed = await client.GET('/api/v1/diseases/{mondoId}', { params: { path: { mondoId: 'MONDO:12' } } });
    assert.equal(malformed.data, undefined);
    assert.equal(malformed.response.status, 400);
    assert.equal(malformed.error!.type, `${PROBLEM_BASE}invalid-parameters`);
    assert.deepEqual(
      malformed.error!.invalidParams?.map((p) => [p.name, p.reason]),
      [['mondoId', 'malformed']],
    );

    const unknown = await client.GET('/api/v1/diseases/{mondoId}/summary', { params: { path: { mondoId: 'MONDO:9999999' } } });
    assert.deepEqual([unknown.response.status, unknown.error!.type, unknown.error!.status], [404, `${PROBLEM_BASE}not-found`, 404]);
    assert.equal(unknown.error!.requestId, unknown.response.headers.get('x-request-id'));

    const anonymous = await typedClient(server.url).GET('/api/v1/diseases/{mondoId}', { params: { path: { mondoId: CF } } });
    assert.deepEqual([anonymous.response.status, anonymous.error!.reason], [401, 'missing']);
  });
});

/**
 * Never run: each line is a call the generated types must refuse. If the types were loose (any),
 * the directive would be unused and `tsc --noEmit` would fail.
 */
export function refusedByTheTypes(c: ReturnType<typeof typedClient>): void {
  // @ts-expect-error: no such path
  void c.GET('/api/v1/disease/{mondoId}', {});
  // @ts-expect-error: a path parameter is required
  void c.GET('/api/v1/diseases/{mondoId}', { params: { path: {} } });
  // @ts-expect-error: `limt` is not a parameter of the listing
  void c.GET('/api/v1/diseases', { params: { query: { limt: 5 } } });
  // @ts-expect-error: a section name outside the vocabulary
  void c.GET('/api/v1/diseases/{mondoId}/sections/{section}', { params: { path: { mondoId: CF, section: 'history' } } });
  void c.GET('/api/v1/diseases/{mondoId}/summary', { params: { path: { mondoId: CF } } }).then(({ data }) => {
    // @ts-expect-error: a summary has no genes
    void data?.data.genes;
  });
}
