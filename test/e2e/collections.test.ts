import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { bearer, call } from '../helpers/http.ts';
import { REAL_DIST } from '../helpers/real-snapshot.ts';
import { startRealServer } from '../helpers/real-server.ts';
import { accessLogLine } from '../helpers/wait-for.ts';
import type { RunningServer } from '../helpers/server-process.ts';

let server: RunningServer;
let keys: Record<string, string>;
let logFile: string;

before(async () => {
  ({ server, keys, logFile } = await startRealServer([
    { tier: 'developer', name: 'dev' },
    { tier: 'enterprise', name: 'ent' },
  ]));
});
after(async () => {
  assert.equal(await server.stop(), 0);
});

const get = (path: string, key = keys.dev, headers: Record<string, string> = {}) =>
  call(server.url, path, { headers: { ...bearer(key), ...headers } });

describe('listing', () => {
  test('pages in Mondo id order with pagination, links and a Link header', async () => {
    const r = await get('/api/v1/diseases?limit=3&offset=3');
    assert.equal(r.status, 200);
    const body = r.json();
    assert.equal(body.data.length, 3);
    const ids = body.data.map((d: { id: string }) => d.id);
    assert.deepEqual(ids, [...ids].sort());
    assert.deepEqual(Object.keys(body.data[0]), [
      'id',
      'name',
      'isRare',
      'hasContent',
      'hasExpertContent',
      'hasCuratedDefinition',
      'definitionSource',
      'qualityScore',
      'updatedAt',
      'links',
    ]);
    assert.equal(body.pagination.limit, 3);
    assert.equal(body.pagination.offset, 3);
    assert.equal(body.pagination.hasMore, true);
    assert.ok(body.pagination.total > 15000);
    const last = `/api/v1/diseases?limit=3&offset=${Math.floor((body.pagination.total - 1) / 3) * 3}`;
    assert.deepEqual(body.links, {
      self: '/api/v1/diseases?limit=3&offset=3',
      first: '/api/v1/diseases?limit=3&offset=0',
      last,
      next: '/api/v1/diseases?limit=3&offset=6',
      prev: '/api/v1/diseases?limit=3&offset=0',
    });
    assert.equal(
      r.headers.link,
      `</api/v1/diseases?limit=3&offset=0>; rel="first", </api/v1/diseases?limit=3&offset=0>; rel="prev", </api/v1/diseases?limit=3&offset=6>; rel="next", <${last}>; rel="last"`,
    );
    // A page past the end: prev is the last page, never a page past the end.
    const past = (await get(`/api/v1/diseases?limit=3&offset=${body.pagination.total + 30}`)).json();
    assert.deepEqual(past.data, []);
    assert.equal(past.links.prev, last);
    assert.equal(past.links.next, null);
    const first = (await get('/api/v1/diseases?limit=6')).json().data.map((d: { id: string }) => d.id);
    assert.deepEqual(first.slice(3), ids);
  });

  test('filters narrow the set (AND between filters, OR within a list)', async () => {
    const all = (await get('/api/v1/diseases?limit=1')).json().pagination.total;
    const rare = (await get('/api/v1/diseases?limit=1&isRare=true')).json().pagination.total;
    const rareAr = (await get('/api/v1/diseases?limit=100&isRare=true&inheritance=autosomal-recessive')).json();
    const rareArAd = (await get('/api/v1/diseases?limit=1&isRare=true&inheritance=autosomal-recessive,autosomal-dominant')).json()
      .pagination.total;
    assert.ok(rare < all && rareAr.pagination.total < rare && rareAr.pagination.total < rareArAd);
    for (const d of rareAr.data) assert.equal(d.isRare, true);
    const trials = (await get('/api/v1/diseases?limit=100&hasTrials=true')).json();
    assert.ok(trials.pagination.total > 0 && trials.pagination.total < 2000);
    const ultra = (await get('/api/v1/diseases?limit=1&prevalence=ultra-rare&onset=neonatal&hasContent=true')).json();
    assert.ok(ultra.pagination.total > 0);
  });

  test('bad filter values are a 400 naming each parameter', async () => {
    const r = await get('/api/v1/diseases?limit=500&isRare=yes&inheritance=dominant&page=2');
    assert.equal(r.status, 400);
    assert.deepEqual(
      r.json().invalidParams.map((p: { name: string; reason: string }) => `${p.name}:${p.reason}`),
      ['page:unknown-parameter', 'limit:out-of-range', 'isRare:wrong-type', 'inheritance:not-allowed-value'],
    );
  });
});

describe('search', () => {
  test('a name query ranks the disease first and says what matched; identical queries hit the result cache', async () => {
    const q = '/api/v1/diseases/search?q=cystic%20fibrosis&limit=5';
    const r = await get(q, keys.dev, { 'x-request-id': 'search-cache-1' });
    assert.equal(r.status, 200);
    assert.equal((await accessLogLine(logFile, 'search-cache-1')).cache, 'computed');
    const body = r.json();
    assert.equal(body.data[0].id, 'MONDO:0009061');
    const { why, ...match } = body.data[0].match;
    assert.deepEqual(match, { field: 'name', text: 'cystic fibrosis', kind: 'exact', score: 1 });
    // Why it ranks first: the exact name, every word met exactly (weights depend on the data).
    assert.deepEqual(
      { ...why, words: why.words.map((w: { query: string; text: string; how: string }) => [w.query, w.text, w.how]) },
      {
        tier: 'exact-name',
        queryCoverage: 1,
        textCoverage: 1,
        order: 'adjacent',
        words: [
          ['cystic', 'cystic', 'exact'],
          ['fibrosis', 'fibrosis', 'exact'],
        ],
      },
    );
    for (const k of ['hasActiveTrials', 'activeTrialCount', 'inheritancePatterns', 'onsetCategories', 'prevalenceCategory'])
      assert.ok(k in body.data[0], k);
    assert.deepEqual(Object.keys(body.pagination), ['limit', 'offset', 'total', 'hasMore']);
    const again = await get(q, keys.dev, { 'x-request-id': 'search-cache-2' });
    assert.deepEqual(again.body, r.body);
    assert.equal((await accessLogLine(logFile, 'search-cache-2')).cache, 'result-cache');
  });

  test('highlight marks the matched text; facets count the whole result set', async () => {
    const body = (await get('/api/v1/diseases/search?q=mucoviscidosis&highlight=true&limit=1')).json();
    assert.equal(body.data[0].id, 'MONDO:0009061');
    assert.equal(body.data[0].match.field, 'synonym');
    assert.equal(body.data[0].highlight.text, '<mark>mucoviscidosis</mark>');
    const f = (await get('/api/v1/diseases/search?q=muscular%20dystrophy&facets=true&limit=1')).json();
    assert.equal(f.data.length, 1);
    const inh = Object.values(f.facets.inheritance as Record<string, number>);
    assert.ok(f.pagination.total > 1);
    assert.equal(f.facets.rarity.rare + f.facets.rarity.common, f.pagination.total);
    assert.equal(
      f.facets.trialStatus.withActiveTrials + f.facets.trialStatus.withTrialsNoneActive + f.facets.trialStatus.noTrials,
      f.pagination.total,
    );
    assert.ok(inh.reduce((a, b) => a + b, 0) > 0);
  });

  test('filters and sort: gene filter, minTrialCount, descending trial count', async () => {
    const byGene = (await get('/api/v1/diseases/search?gene=cftr&limit=100')).json();
    assert.ok(byGene.data.some((d: { id: string }) => d.id === 'MONDO:0009061'));
    for (const d of byGene.data) assert.ok(d.genes.includes('CFTR'));
    const sorted = (await get('/api/v1/diseases/search?minTrialCount=1&sort=-activeTrialCount&limit=20')).json();
    const counts = sorted.data.map((d: { activeTrialCount: number }) => d.activeTrialCount);
    assert.deepEqual(
      counts,
      [...counts].sort((a: number, b: number) => b - a),
    );
    for (const d of sorted.data) assert.ok(d.trialCount >= 1);
  });

  test('no match is an empty 200; a missing q without filters is a 400', async () => {
    const none = await get('/api/v1/diseases/search?q=zzqxjvvk');
    assert.equal(none.status, 200);
    assert.deepEqual(none.json().data, []);
    assert.equal(none.json().pagination.total, 0);
    for (const path of ['/api/v1/diseases/search', '/api/v1/diseases/search?q=%20']) {
      const r = await get(path);
      assert.equal(r.status, 400);
      assert.deepEqual(r.json().invalidParams, [
        { name: 'q', reason: 'missing', detail: 'give a query text, at least one filter, or both' },
      ]);
    }
    const bad = await get('/api/v1/diseases/search?q=x&sort=name');
    assert.equal(bad.json().invalidParams[0].name, 'sort');
  });
});

describe('bulk', () => {
  test('answers each id in order with its status, joining stored record bytes', async () => {
    const ids = ['MONDO:0009061', 'MONDO:9999999', 'MONDO:0000002', 'MONDO:12', 'MONDO:0007739'];
    const r = await get(`/api/v1/diseases/bulk?ids=${ids.join(',')}`, keys.ent);
    assert.equal(r.status, 200);
    const body = r.json();
    assert.deepEqual(
      body.data.map((d: { id: string; status: string }) => [d.id, d.status]),
      [
        ['MONDO:0009061', 'found'],
        ['MONDO:9999999', 'not_found'],
        ['MONDO:0000002', 'obsolete'],
        ['MONDO:12', 'malformed'],
        ['MONDO:0007739', 'found'],
      ],
    );
    assert.deepEqual(body.meta, { requested: 5, found: 2, notFound: 1, obsolete: 1, malformed: 1 });
    assert.deepEqual(body.data[2], { id: 'MONDO:0000002', status: 'obsolete', replacedBy: 'MONDO:0009299', consider: [] });
    const single = (await get('/api/v1/diseases/MONDO:0009061', keys.ent)).json().data;
    assert.deepEqual(body.data[0].data, single);
    const revalidated = await get(`/api/v1/diseases/bulk?ids=${ids.join(',')}`, keys.ent, { 'if-none-match': String(r.headers.etag) });
    assert.equal(revalidated.status, 304);
  });

  test('sections= keeps only those sections of each record', async () => {
    const body = (await get('/api/v1/diseases/bulk?ids=MONDO:0009061,MONDO:0007739&sections=genetics', keys.ent)).json();
    for (const item of body.data) assert.deepEqual(Object.keys(item.data.sections), ['genetics']);
  });

  test('51 ids, a duplicate or an empty list is a 400 that says so', async () => {
    const rows = readSnapshotJson<any>(join(REAL_DIST, 'current'), SNAPSHOT_FILES.listing) as { id: string }[];
    const fiftyOne = rows
      .slice(0, 51)
      .map((x) => x.id)
      .join(',');
    const many = await get(`/api/v1/diseases/bulk?ids=${fiftyOne}`, keys.ent);
    assert.equal(many.status, 400);
    assert.deepEqual(many.json().invalidParams, [{ name: 'ids', reason: 'out-of-range', detail: 'at most 50 values, got 51' }]);
    const fifty = await get(
      `/api/v1/diseases/bulk?ids=${rows
        .slice(0, 50)
        .map((x) => x.id)
        .join(',')}`,
      keys.ent,
    );
    assert.equal(fifty.json().meta.found, 50);
    const dup = await get('/api/v1/diseases/bulk?ids=MONDO:0009061,MONDO:0009061', keys.ent);
    assert.deepEqual(dup.json().invalidParams, [{ name: 'ids', reason: 'duplicate', detail: 'duplicate value(s): MONDO:0009061' }]);
    const empty = await get('/api/v1/diseases/bulk?ids=', keys.ent);
    assert.deepEqual(empty.json().invalidParams, [{ name: 'ids', reason: 'missing', detail: 'empty list' }]);
  });
});

describe('the disease filters, one module behind every route that filters', () => {
  const UNDER = 'MONDO:0019052'; // inborn error of metabolism
  const FILTERS = 'isRare=true&inheritance=autosomal-recessive&onset=infancy&hasCuratedDefinition=true';
  /** Every id of a filtered collection, walking its pages. */
  const idsOf = async (path: string): Promise<string[]> => {
    const ids: string[] = [];
    for (let offset = 0; ; offset += 100) {
      const r = await get(`${path}&limit=100&offset=${offset}`, keys.ent);
      assert.equal(r.status, 200, path);
      const body = r.json();
      ids.push(...body.data.map((d: { id: string }) => d.id));
      if (!body.pagination.hasMore) return ids.sort();
    }
  };

  test('the same filters give the same diseases through the list, search, hierarchy and match routes', async () => {
    const listed = await idsOf(`/api/v1/diseases?${FILTERS}&descendantOf=${UNDER}`);
    assert.ok(listed.length > 100 && listed.includes('MONDO:0000193'), `${listed.length} diseases`);
    // Search takes the interface's names for two of them: the same filters.
    const searched = await idsOf(
      `/api/v1/diseases/search?isRare=true&inheritancePattern=autosomal-recessive&onsetCategory=infancy&hasCuratedDefinition=true&descendantOf=${UNDER}`,
    );
    assert.deepEqual(searched, listed);
    assert.deepEqual(await idsOf(`/api/v1/diseases/${UNDER}/descendants?${FILTERS}`), listed);
    // The match ranks the diseases with phenotype annotations: those of the list, and no other.
    const matched = await idsOf(`/api/v1/diseases/match?phenotypes=HP:0001250&${FILTERS}&descendantOf=${UNDER}`);
    assert.deepEqual(
      matched.filter((id) => !listed.includes(id)),
      [],
    );
    for (const id of listed.filter((d) => !matched.includes(d))) {
      const phenotypes = (await get(`/api/v1/diseases/${id}/phenotypes`, keys.ent)).json();
      assert.equal(phenotypes.data.total, 0, `${id} is filtered in but not ranked`);
    }
  });

  test('a gene filter is the same on every route: the current symbol, in any case, or a previous one', async () => {
    const listed = await idsOf('/api/v1/diseases?gene=PAH');
    assert.ok(listed.includes('MONDO:0009861'), 'phenylketonuria');
    assert.deepEqual(await idsOf('/api/v1/diseases?gene=pah'), listed);
    assert.deepEqual(await idsOf('/api/v1/diseases/search?gene=PAH'), listed);
    assert.deepEqual(
      await idsOf(`/api/v1/diseases/${UNDER}/descendants?gene=PAH`),
      listed.filter((id) => id !== UNDER),
    );
  });

  test('both names of one filter are a 400 that names them, on every route that filters', async () => {
    const both = 'inheritance=autosomal-recessive&inheritancePattern=autosomal-recessive';
    for (const path of [
      `/api/v1/diseases?${both}`,
      `/api/v1/diseases/search?${both}`,
      `/api/v1/diseases/match?phenotypes=HP:0001250&${both}`,
      `/api/v1/diseases/${UNDER}/children?${both}`,
    ]) {
      const r = await get(path, keys.ent);
      assert.equal(r.status, 400, path);
      assert.equal(r.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.deepEqual(r.json().invalidParams, [
        {
          name: 'inheritancePattern',
          reason: 'duplicate',
          detail: 'the same filter as inheritance, which is also given: pass one of the two',
        },
      ]);
    }
  });
});
