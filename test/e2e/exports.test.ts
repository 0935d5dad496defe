import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { after, before, describe, test } from 'node:test';
import { bearer, call } from '../helpers/http.ts';
import { startRealServer } from '../helpers/real-server.ts';
import { schemaErrors } from '../helpers/response-schemas.ts';
import type { RunningServer } from '../helpers/server-process.ts';

// Issue 19: taking what one needs (fields=) or everything (downloads), on the real snapshot.
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

describe('fields= projections', () => {
  test('the record: exactly the named members, dotted paths, an ETag of its own and 304', async () => {
    const full = await get(`/api/v1/diseases/${CF}`);
    const r = await get(`/api/v1/diseases/${CF}?fields=id,name`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.json(), { data: { id: CF, name: 'cystic fibrosis' } });
    assert.notEqual(r.headers.etag, full.headers.etag);
    assert.equal((await get(`/api/v1/diseases/${CF}?fields=name,id`)).headers.etag, r.headers.etag);
    assert.equal((await get(`/api/v1/diseases/${CF}?fields=id,name`, { 'If-None-Match': String(r.headers.etag) })).status, 304);
    const nested = (await get(`/api/v1/diseases/${CF}?fields=id,sections.overview.title,genes.symbol&sections=overview`)).json().data;
    assert.deepEqual(Object.keys(nested), ['id', 'genes', 'sections']);
    assert.deepEqual(Object.keys(nested.sections), ['overview']);
    assert.deepEqual(Object.keys(nested.sections.overview), ['title']);
    assert.ok(nested.genes.every((g: object) => Object.keys(g).join() === 'symbol'));
  });
  test('an unknown member is a 400 listing the allowed ones', async () => {
    const r = await get(`/api/v1/diseases/${CF}?fields=id,nope`);
    assert.equal(r.status, 400);
    const [e] = r.json().invalidParams;
    assert.equal(e.name, 'fields');
    assert.equal(e.reason, 'not-allowed-value');
    assert.match(e.detail, /^unknown field nope; allowed: id, name, isRare, /);
  });
  test('list, search and bulk project each item', async () => {
    const list = (await get('/api/v1/diseases?limit=2&fields=id,name')).json();
    assert.deepEqual(
      list.data.map((d: object) => Object.keys(d)),
      [
        ['id', 'name'],
        ['id', 'name'],
      ],
    );
    const search = (await get('/api/v1/diseases/search?q=cystic%20fibrosis&limit=1&fields=id,match.field')).json();
    assert.deepEqual(search.data, [{ id: CF, match: { field: 'name' } }]);
    const bulk = await call(server.url, `/api/v1/diseases/bulk?ids=${CF},MONDO:0000000&fields=id,name`, { headers: bearer(keys.pro) });
    assert.equal(bulk.status, 200);
    assert.deepEqual(bulk.json().data, [
      { id: CF, status: 'found', data: { id: CF, name: 'cystic fibrosis' } },
      { id: 'MONDO:0000000', status: 'not_found' },
    ]);
  });
});

describe('downloads', () => {
  const pro = (path: string, headers: Record<string, string> = {}) =>
    call(server.url, path, { headers: { ...bearer(keys.pro), ...headers } });
  test('the latest release lists its files; the JSON Lines dump has one line per listed record and answers 304 to its ETag', async () => {
    const list = await pro('/api/v1/releases/latest/downloads');
    assert.equal(list.status, 200);
    const body = list.json();
    assert.deepEqual(schemaErrors('DownloadListResponse', body), []);
    assert.deepEqual(
      body.data.files.map((f: { name: string }) => f.name),
      ['records.jsonl.gz', 'diseases.tsv.gz', 'phenotypes.tsv.gz', 'designations.tsv.gz', 'xrefs.sssom.tsv.gz'],
    );
    const records = body.data.files[0];
    const r = await pro(records.links.self);
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'application/gzip');
    assert.equal(r.headers['cache-control'], 'public, max-age=31536000, immutable');
    // The same file under /releases/latest/ changes with the next release: revalidated, never kept.
    const viaLatest = await pro('/api/v1/releases/latest/downloads/records.jsonl.gz');
    assert.deepEqual(
      [viaLatest.status, viaLatest.headers['cache-control'], viaLatest.headers.etag],
      [200, 'private, no-cache', records.etag],
    );
    assert.equal(r.headers['accept-ranges'], 'bytes');
    assert.equal(r.headers.etag, records.etag);
    assert.equal(r.body.length, records.size);
    assert.equal(createHash('sha256').update(r.body).digest('hex'), records.sha256);
    const lines = gunzipSync(r.body).toString('utf8').trimEnd().split('\n');
    const total = (await get('/api/v1/diseases?limit=1')).json().pagination.total;
    assert.equal(lines.length, total);
    assert.equal(records.rows, total);
    assert.equal(JSON.parse(lines[0]).id < JSON.parse(lines[1]).id, true);
    assert.equal((await pro(records.links.self, { 'If-None-Match': records.etag })).status, 304);
  });
  test('Range gives a 206 of those bytes; past the end a 416; an older release or a key without bulk has none', async () => {
    const { files, release } = (await pro('/api/v1/releases/latest/downloads')).json().data;
    const tsv = files[1];
    const whole = (await pro(tsv.links.self)).body;
    const part = await pro(tsv.links.self, { Range: 'bytes=10-19' });
    assert.equal(part.status, 206);
    assert.equal(part.headers['content-range'], `bytes 10-19/${tsv.size}`);
    assert.deepEqual(part.body, whole.subarray(10, 20));
    const head = gunzipSync(whole).toString('utf8').split('\n')[0];
    assert.equal(head.split('\t')[0], 'mondo_id');
    const past = await pro(tsv.links.self, { Range: `bytes=${tsv.size}-` });
    assert.equal(past.status, 416);
    assert.equal(past.headers['content-range'], `bytes */${tsv.size}`);
    assert.equal((await pro(tsv.links.self, { Range: 'bytes=0-9', 'If-Range': '"other"' })).status, 200);
    assert.equal((await get(tsv.links.self)).status, 403);
    assert.equal(release, (await pro('/api/v1/releases/latest')).json().data.id);
    assert.equal((await pro('/api/v1/releases/r999999/downloads')).status, 404);
  });
});
