import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { MAX_OFFSET } from '../../server/http/param-schemas.ts';
import { gunzipSync } from 'node:zlib';
import { parse as parseYaml } from 'yaml';
import { bearer, call, type RawResponse } from '../helpers/http.ts';
import { startRealServer } from '../helpers/real-server.ts';
import { accessLogLine } from '../helpers/wait-for.ts';
import { schemaErrors } from '../helpers/response-schemas.ts';
import type { RunningServer } from '../helpers/server-process.ts';

const BASE = 'https://disease-content-service.dev/problems/';
let server: RunningServer;
let keys: Record<string, string>;
let logFile: string;

before(async () => {
  ({ server, keys, logFile } = await startRealServer([
    { tier: 'developer', name: 'dev' },
    { tier: 'professional', name: 'pro' },
  ]));
});
after(async () => {
  assert.equal(await server.stop(), 0);
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  call(server.url, path, { method, headers: { ...bearer(keys.dev), ...headers } });

function assertProblem(r: RawResponse, status: number, kind: string): any {
  assert.equal(r.status, status);
  assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
  const body = r.json();
  assert.equal(body.type, BASE + kind);
  assert.equal(body.status, status);
  assert.equal(typeof body.detail, 'string');
  assert.equal(body.requestId, r.headers['x-request-id']);
  return body;
}

describe('per-disease endpoints on the real snapshot', () => {
  test('full record: 200 with the documented shape, ETag, private caching and Vary', async () => {
    const r = await get('/api/v1/diseases/MONDO:0007739');
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(r.headers['cache-control'], 'private, no-cache');
    assert.equal(r.headers.vary, 'Accept-Encoding');
    assert.match(String(r.headers.etag), /^W\/"[A-Za-z0-9_-]{22}"$/);
    assert.equal(r.headers['content-encoding'], undefined);
    const { data } = r.json();
    assert.equal(data.id, 'MONDO:0007739');
    assert.equal(data.name, 'Huntington disease');
    assert.deepEqual(Object.keys(data.sections), [
      'overview',
      'clinical-features',
      'genetics',
      'epidemiology',
      'screening-and-diagnosis',
      'treatment',
      'research',
      'support',
    ]);
    assert.ok(Array.isArray(data.phenotypes) && data.phenotypes.length > 0);
    assert.ok(data.genes.some((g: { symbol: string }) => g.symbol === 'HTT'));
    assert.equal(typeof data.metadata.qualityScore, 'number');
    assert.ok(Object.keys(data.computed).length >= 20);
    assert.deepEqual(Object.keys(data.classification), ['unmetNeedSignal', 'pipelineActivity', 'researchActivity']);
    assert.equal(data.trials.fromSample, true);
  });

  test('If-None-Match: 304 with ETag, Cache-Control, Vary, Date and no body; lists, weak tags and * match', async () => {
    const first = await get('/api/v1/diseases/MONDO:0009061');
    const etag = String(first.headers.etag);
    const strong = etag.slice(2);
    for (const inm of [etag, strong, `"nope", ${etag}`, '*']) {
      const r = await get('/api/v1/diseases/MONDO:0009061', { 'if-none-match': inm });
      assert.equal(r.status, 304, inm);
      assert.equal(r.body.length, 0);
      assert.equal(r.headers.etag, etag);
      assert.equal(r.headers['cache-control'], 'private, no-cache');
      assert.equal(r.headers.vary, 'Accept-Encoding');
      assert.ok(r.headers.date);
    }
    const miss = await get('/api/v1/diseases/MONDO:0009061', { 'if-none-match': '"other"' });
    assert.equal(miss.status, 200);
  });

  test('Accept-Encoding gets the stored gzip variant (the build stores no brotli), honours q=0; one ETag for every encoding', async () => {
    const plain = await get('/api/v1/diseases/MONDO:0009061');
    const gz = await get('/api/v1/diseases/MONDO:0009061', { 'accept-encoding': 'gzip, deflate, br' });
    const brOnly = await get('/api/v1/diseases/MONDO:0009061', { 'accept-encoding': 'br' });
    const refused = await get('/api/v1/diseases/MONDO:0009061', { 'accept-encoding': 'gzip;q=0, br' });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.deepEqual(gunzipSync(gz.body), plain.body);
    for (const r of [plain, brOnly, refused]) {
      assert.equal(r.headers['content-encoding'], undefined);
      assert.deepEqual(r.body, plain.body);
    }
    for (const r of [gz, brOnly, refused]) assert.equal(r.headers.etag, plain.headers.etag);
    assert.equal(Number(gz.headers['content-length']), gz.body.length);
  });

  test('HEAD gives the GET headers without a body', async () => {
    const g = await get('/api/v1/diseases/MONDO:0009061/summary');
    const h = await get('/api/v1/diseases/MONDO:0009061/summary', {}, 'HEAD');
    assert.equal(h.status, 200);
    assert.equal(h.body.length, 0);
    assert.equal(h.headers.etag, g.headers.etag);
    assert.equal(h.headers['content-length'], String(g.body.length));
  });

  test('summary, section, phenotypes, pags, assistance, orphan drugs and screening', async () => {
    const summary = (await get('/api/v1/diseases/MONDO:0009061/summary')).json().data;
    assert.deepEqual(Object.keys(summary), ['id', 'name', 'isRare', 'definition', 'overview', 'qualityScore', 'updatedAt']);
    assert.equal(summary.overview.key, 'overview');

    const section = (await get('/api/v1/diseases/MONDO:0009061/sections/genetics')).json();
    assert.equal(section.data.key, 'genetics');
    assert.deepEqual(section.disease, { id: 'MONDO:0009061', name: 'cystic fibrosis' });

    const ph = (await get('/api/v1/diseases/MONDO:0009061/phenotypes')).json().data;
    assert.equal(ph.total, ph.items.length);
    assert.match(ph.items[0].hpoId, /^HP:\d{7}$/);
    // The curator's defining features lead (content/editorial/MONDO_0009061.json; those the record lists), then HALLMARK_RULE's.
    const cfHallmarks = ['HP:0002110', 'HP:0001738', 'HP:0004401', 'HP:0012236', 'HP:0012873'];
    assert.deepEqual(ph.hallmarks, cfHallmarks);
    // The hallmark order is composed from the stored list: the hallmarks first, best first, then the rest in frequency order.
    const byHallmark = await get('/api/v1/diseases/MONDO:0009061/phenotypes?order=hallmark', { 'accept-encoding': 'br, gzip' });
    assert.equal(byHallmark.status, 200);
    assert.equal(byHallmark.headers['content-encoding'], undefined);
    assert.match(byHallmark.headers.etag as string, /^W\/"[\w-]{22}"$/);
    const hm = byHallmark.json().data;
    assert.deepEqual([hm.order, hm.total, hm.hallmarks], ['hallmark', ph.total, cfHallmarks]);
    const ids = (items: { hpoId: string }[]) => items.map((p) => p.hpoId);
    const rest = ids(ph.items).filter((id) => !cfHallmarks.includes(id));
    assert.deepEqual(ids(hm.items), [...cfHallmarks, ...rest]);
    const again = await get('/api/v1/diseases/MONDO:0009061/phenotypes?order=hallmark', {
      'if-none-match': byHallmark.headers.etag as string,
    });
    assert.equal(again.status, 304);

    const pags = (await get('/api/v1/diseases/MONDO:0009061/pags')).json().data;
    assert.equal(pags.limit, 20);
    assert.equal(pags.offset, 0);
    assert.equal(pags.items[0].name, 'National Organization for Rare Disorders (NORD)');
    const page2 = (await get('/api/v1/diseases/MONDO:0009061/pags?limit=1&offset=1')).json().data;
    assert.deepEqual([page2.limit, page2.offset, page2.items.length, page2.total], [1, 1, pags.total - 1, pags.total]);

    const assist = (await get('/api/v1/diseases/MONDO:0009061/assistance?status=open,waitlist')).json().data;
    assert.deepEqual(assist.status, ['open', 'waitlist']);
    assert.deepEqual(assist.items, []);
    assert.equal(assist.sources[0].status, 'absent');

    const drugs = (await get('/api/v1/diseases/MONDO:0009061/orphan-drugs')).json().data;
    assert.ok(drugs.items.some((d: { tradeName: string | null }) => d.tradeName === 'Trikafta'));
    type Drug = { status: string };
    const counts = (items: Drug[]) => ['approved', 'designated', 'withdrawn'].map((s) => items.filter((d) => d.status === s).length);
    // One entry per FDA designation (its approvals in `approvals`): 8 approved designations, not 26 approval rows.
    assert.deepEqual(counts(drugs.items), [8, 75, 28]);
    const inForce = await get('/api/v1/diseases/MONDO:0009061/orphan-drugs?status=designated,approved');
    assert.equal(inForce.status, 200);
    assert.equal(inForce.headers['cache-control'], 'private, no-cache');
    const kept = inForce.json().data;
    assert.deepEqual(kept.status, ['designated', 'approved']);
    assert.equal(kept.total, 83);
    // The stored order (approved first, newest first) survives the filter.
    assert.deepEqual(
      kept.items,
      drugs.items.filter((d: Drug) => d.status !== 'withdrawn'),
    );
    assert.deepEqual(kept.provenance, drugs.provenance);
    const bad = await get('/api/v1/diseases/MONDO:0009061/orphan-drugs?status=revoked');
    assert.equal(bad.status, 400);
    assert.deepEqual(
      bad.json().invalidParams.map((p: { name: string; reason: string }) => `${p.name}:${p.reason}`),
      ['status:not-allowed-value'],
    );

    const screening = (await get('/api/v1/diseases/MONDO:0009061/screening')).json().data;
    assert.deepEqual([screening.status, screening.screened, screening.via, screening.acronym], ['core', true, 'direct', 'CF']);
  });

  test('?sections= returns only those sections, in canonical order, with its own ETag and 304', async () => {
    const full = (await get('/api/v1/diseases/MONDO:0009061')).json().data;
    const r = await get('/api/v1/diseases/MONDO:0009061?sections=genetics,overview');
    assert.equal(r.status, 200);
    const data = r.json().data;
    assert.deepEqual(Object.keys(data.sections), ['overview', 'genetics']);
    assert.deepEqual(data.sections.genetics, full.sections.genetics);
    assert.deepEqual({ ...data, sections: undefined }, { ...full, sections: undefined });
    const again = await get('/api/v1/diseases/MONDO:0009061?sections=overview,genetics', { 'if-none-match': String(r.headers.etag) });
    assert.equal(again.status, 304);
  });

  test('400: malformed id, unknown section, unknown parameter and bad values are each listed', async () => {
    const a = assertProblem(await get('/api/v1/diseases/MONDO:123'), 400, 'invalid-parameters');
    assert.deepEqual(a.invalidParams, [
      { name: 'mondoId', reason: 'malformed', detail: 'must be MONDO: followed by 7 digits (e.g. MONDO:0007739), got "MONDO:123"' },
    ]);
    const b = assertProblem(await get('/api/v1/diseases/MONDO:0009061?sections=overview,bogus&x=1'), 400, 'invalid-parameters');
    assert.deepEqual(
      b.invalidParams.map((p: { name: string; reason: string }) => [p.name, p.reason]),
      [
        ['x', 'unknown-parameter'],
        ['sections', 'not-allowed-value'],
      ],
    );
    assert.match(
      b.invalidParams[1].detail,
      /allowed: overview, clinical-features, genetics, epidemiology, screening-and-diagnosis, treatment, research, support/,
    );
    const c = assertProblem(await get('/api/v1/diseases/MONDO:0009061/sections/bogus'), 400, 'invalid-parameters');
    assert.equal(c.invalidParams[0].name, 'section');
    const d = assertProblem(await get('/api/v1/diseases/MONDO:0009061/pags?limit=0&offset=x'), 400, 'invalid-parameters');
    assert.deepEqual(
      d.invalidParams.map((p: { name: string; reason: string }) => [p.name, p.reason]),
      [
        ['limit', 'out-of-range'],
        ['offset', 'wrong-type'],
      ],
    );
    // The bound the OpenAPI document publishes is the bound the server enforces (both read the route table).
    const e = assertProblem(await get(`/api/v1/diseases/MONDO:0009061/pags?offset=${MAX_OFFSET + 1}`), 400, 'invalid-parameters');
    assert.deepEqual(e.invalidParams, [
      { name: 'offset', reason: 'out-of-range', detail: `must be between 0 and ${MAX_OFFSET}, got ${MAX_OFFSET + 1}` },
    ]);
    const f = assertProblem(await get('/api/v1/diseases/MONDO:123/pags?limit=0'), 400, 'invalid-parameters');
    assert.deepEqual(
      f.invalidParams.map((p: { name: string; reason: string }) => [p.name, p.reason]),
      [
        ['mondoId', 'malformed'],
        ['limit', 'out-of-range'],
      ],
    );
  });

  test('the record names its version and history; that version is the same bytes and ETag, immutable', async () => {
    const rec = await get('/api/v1/diseases/MONDO:0009061');
    const meta = rec.json().data.metadata;
    assert.deepEqual(meta.links, { history: '/api/v1/diseases/MONDO:0009061/versions' });
    const list = (await get(meta.links.history)).json().data;
    assert.deepEqual(
      [list.current, list.currentVersion, list.versions[0].version, list.versions[0].etag],
      [true, meta.version, meta.version, rec.headers.etag],
    );
    const same = await get(`${meta.links.history}/${meta.version}`);
    assert.ok(same.body.equals(rec.body));
    assert.deepEqual([same.headers.etag, same.headers['cache-control']], [rec.headers.etag, 'public, max-age=31536000, immutable']);
    const latest = (await get('/api/v1/releases/latest')).json().data;
    assert.equal(
      latest.counts.added + latest.counts.changed + latest.counts.unchanged,
      (await call(server.url, '/api/v1/health')).json().recordCount,
    );
  });

  test('401 without a key or with a mistyped one; 403 without the scope', async () => {
    const none = await call(server.url, '/api/v1/diseases/MONDO:0009061');
    assertProblem(none, 401, 'unauthorized');
    assert.equal(none.headers['www-authenticate'], 'Bearer realm="disease-content-service"');
    const typo = keys.dev.slice(0, -1) + (keys.dev.endsWith('a') ? 'b' : 'a');
    const bad = await call(server.url, '/api/v1/diseases/MONDO:0009061', { headers: bearer(typo) });
    assert.equal(assertProblem(bad, 401, 'unauthorized').reason, 'checksum');
    const forbidden = await get('/api/v1/diseases/bulk?ids=MONDO:0009061');
    const p = assertProblem(forbidden, 403, 'forbidden');
    assert.deepEqual([p.requiredScope, p.tier], ['bulk', 'developer']);
  });

  test('404 for a well-formed unknown id and an unknown path; 301 and 410 for obsolete ids', async () => {
    assertProblem(await get('/api/v1/diseases/MONDO:9999999'), 404, 'not-found');
    assertProblem(await get('/api/v1/nothing-here'), 404, 'not-found');
    const moved = await get('/api/v1/diseases/MONDO:0000002/phenotypes');
    assert.equal(moved.status, 301);
    assert.equal(moved.headers.location, '/api/v1/diseases/MONDO:0009299/phenotypes');
    // The query asks the same of the replacement.
    const movedOrdered = await get('/api/v1/diseases/MONDO:0000002/phenotypes?order=hallmark');
    assert.deepEqual(
      [movedOrdered.status, movedOrdered.headers.location],
      [301, '/api/v1/diseases/MONDO:0009299/phenotypes?order=hallmark'],
    );
    assert.deepEqual(moved.json().data, {
      id: 'MONDO:0000002',
      label: '46,XX sex reversal',
      obsolete: true,
      replacedBy: 'MONDO:0009299',
      consider: [],
      links: { replacement: '/api/v1/diseases/MONDO:0009299' },
    });
    const gone = assertProblem(await get('/api/v1/diseases/MONDO:0000038'), 410, 'obsolete');
    assert.deepEqual([gone.replacedBy, gone.consider], [null, ['MONDO:0018037']]);
  });

  test('405 with Allow for other methods', async () => {
    const r = await get('/api/v1/diseases/MONDO:0009061', {}, 'POST');
    assert.equal(assertProblem(r, 405, 'method-not-allowed').detail, 'POST is not supported on this path; allowed: GET, HEAD, OPTIONS.');
    assert.equal(r.headers.allow, 'GET, HEAD, OPTIONS');
  });

  test('openapi (JSON and YAML) and health need no key', async () => {
    const json = await call(server.url, '/api/v1/openapi');
    assert.equal(json.status, 200);
    assert.equal(json.json().openapi, '3.0.3');
    const yaml = await call(server.url, '/api/v1/openapi', { headers: { accept: 'application/yaml' } });
    assert.equal(yaml.headers['content-type'], 'application/yaml; charset=utf-8');
    assert.deepEqual(parseYaml(yaml.body.toString('utf8')), json.json());
    const viaQuery = await call(server.url, '/api/v1/openapi?format=yaml');
    assert.deepEqual(viaQuery.body, yaml.body);
    assertProblem(await call(server.url, '/api/v1/openapi', { headers: { accept: 'text/html' } }), 406, 'not-acceptable');
    const health = await call(server.url, '/api/v1/health');
    assert.equal(health.status, 200);
    assert.equal(health.headers['cache-control'], 'no-store');
    const h = health.json();
    assert.equal(h.status, 'ok');
    assert.equal(h.recordCount > 15000, true);
    assert.deepEqual(
      h.sources.map((s: { id: string }) => s.id),
      ['mondo', 'mondo-ingest', 'nord', 'hpo', 'hgnc', 'orphanet', 'doid', 'fda-oopd', 'gard', 'ctgov-sample', 'ctgov-angelman', 'rusp'],
    );
    assert.equal(h.sources[0].release, '2026-08-04');
    assert.match(h.sources[0].ingestedAt, /^\d{4}-\d{2}-\d{2}T/);
  });

  test('the access log has one line per request with key id but never the key', async () => {
    const started = process.hrtime.bigint();
    const r = await get('/api/v1/diseases/MONDO:0009861/screening', { 'x-request-id': 'log-test-screening' });
    const elapsedMs = Number(process.hrtime.bigint() - started) / 1e6;
    assert.equal(r.headers['x-request-id'], 'log-test-screening');
    const line = await accessLogLine(logFile, 'log-test-screening');
    assert.equal(readFileSync(logFile, 'utf8').includes(keys.dev), false);
    const { ms, time, pid, hostname, cache, keyId, ...rest } = line;
    assert.deepEqual(rest, {
      level: 30,
      service: 'disease-content-service',
      msg: 'request',
      reqId: 'log-test-screening',
      method: 'GET',
      route: '/api/v1/diseases/:mondoId/screening',
      status: 200,
      bytes: Number(r.headers['content-length']),
      tier: 'developer',
      test: false,
      counted: true,
      aborted: false,
    });
    assert.match(keyId, /^key_[A-Za-z0-9]+$/);
    assert.ok(['memory', 'disk'].includes(cache), cache);
    // The server's own duration is positive and within what the client waited for the whole exchange.
    assert.ok(ms > 0 && ms <= elapsedMs, `server ${ms} ms, client ${elapsedMs} ms`);
  });
});

describe('every response matches its schema in the OpenAPI document', () => {
  const cases: [string, string, string][] = [
    ['/api/v1/diseases/MONDO:0009061', 'DiseaseRecordResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0007113?sections=overview,genetics', 'DiseaseRecordResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0009061/summary', 'SummaryResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0009061/sections/treatment', 'SectionResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0007739/phenotypes', 'PhenotypeListResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0009061/phenotypes?order=hallmark', 'PhenotypeListResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0009061/pags?limit=5', 'PagListResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0009061/assistance', 'AssistanceListResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0009061/orphan-drugs', 'OrphanDrugListResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0009861/screening', 'ScreeningResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0000002', 'ObsoleteRedirectResponse', 'dev'],
    ['/api/v1/diseases?limit=5&isRare=true', 'ListingResponse', 'dev'],
    ['/api/v1/diseases/search?q=muscular%20dystrophy&facets=true&highlight=true', 'SearchResponse', 'dev'],
    ['/api/v1/diseases/search?gene=HTT', 'SearchResponse', 'dev'],
    ['/api/v1/diseases/bulk?ids=MONDO:0009061,MONDO:0000002,MONDO:0000038,MONDO:9999999,x&sections=overview', 'BulkResponse', 'pro'],
    ['/api/v1/releases', 'ReleaseListResponse', 'dev'],
    ['/api/v1/releases/r1', 'ReleaseResponse', 'dev'],
    ['/api/v1/releases/latest/changes?limit=100', 'ChangeListResponse', 'dev'],
    ['/api/v1/releases/latest/changes?since=r1&kind=changed,removed', 'ChangeListResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0009061/versions', 'VersionListResponse', 'dev'],
    ['/api/v1/diseases/MONDO:0009061/versions/1', 'DiseaseRecordResponse', 'dev'],
    ['/api/v1/releases/r0', 'Problem', 'dev'],
    ['/api/v1/diseases/MONDO:0009061/versions/999999', 'Problem', 'dev'],
    ['/api/v1/diseases/MONDO:12', 'Problem', 'dev'],
    ['/api/v1/diseases/MONDO:0000038', 'Problem', 'dev'],
  ];
  for (const [path, component, key] of cases) {
    test(`${path} is a ${component}`, async () => {
      const r = await call(server.url, path, { headers: bearer(keys[key]) });
      assert.deepEqual(schemaErrors(component, r.json()), []);
    });
  }
  test('/api/v1/health is a Health', async () => {
    assert.deepEqual(schemaErrors('Health', (await call(server.url, '/api/v1/health')).json()), []);
  });
});
