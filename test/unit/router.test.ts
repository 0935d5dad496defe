import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ROUTE_LIST } from '../../server/routes/route-table.ts';
import type { Handler, Req } from '../../server/http/context.ts';
import { Router } from '../../server/http/router.ts';

const PATTERNS = [...new Set(ROUTE_LIST.map((r) => r.path.replace(/\{(\w+)\}/g, ':$1')))];

/** A router whose every handler answers with its pattern; `mount` adds a /docs mount. */
function router(patterns: readonly string[], mount = false): Router {
  const r = new Router();
  for (const p of patterns) r.add(p, (() => p) as unknown as Handler);
  if (mount) r.mount('/docs', (() => 'mount /docs') as unknown as Handler);
  return r;
}

/** What the router made of a URL: the pattern that answers (or null), and what it set on the request. */
function match(r: Router, url: string) {
  const req = { url, headers: {} } as unknown as Req;
  const handler = r.match(req);
  return {
    answer: handler === null ? null : (handler as unknown as () => string)(),
    path: req.path,
    url: req.url,
    query: { ...req.query },
    search: req.search,
    params: { ...req.params },
  };
}

test('every route of the table matches its own paths, with its parameters decoded', () => {
  const r = router(PATTERNS, true);
  const cases: [string, string | null, Record<string, string>][] = [
    ['/api/v1/diseases', '/api/v1/diseases', {}],
    ['/api/v1/diseases/', '/api/v1/diseases', {}],
    ['/API/V1/Diseases/search?q=cystic%20fibrosis&limit=2', '/api/v1/diseases/search', {}],
    ['/api/v1/diseases/bulk?ids=MONDO:1,MONDO:2&ids=x', '/api/v1/diseases/bulk', {}],
    ['/api/v1/diseases/MONDO:0009061', '/api/v1/diseases/:mondoId', { mondoId: 'MONDO:0009061' }],
    ['/api/v1/diseases/mondo%3A0009061/summary?fields=id,name', '/api/v1/diseases/:mondoId/summary', { mondoId: 'mondo:0009061' }],
    [
      '/api/v1/diseases/MONDO%2F0009061/sections/%E9%ZZ',
      '/api/v1/diseases/:mondoId/sections/:section',
      { mondoId: 'MONDO/0009061', section: '%E9%ZZ' },
    ],
    [
      '/api/v1/diseases/MONDO:0009061/versions/3',
      '/api/v1/diseases/:mondoId/versions/:version',
      { mondoId: 'MONDO:0009061', version: '3' },
    ],
    ['/api/v1/diseases/MONDO:0009061/SUMMARY/', '/api/v1/diseases/:mondoId/summary', { mondoId: 'MONDO:0009061' }],
    [
      '/api/v1/webhooks/wh_1/deliveries/d_2/retry',
      '/api/v1/webhooks/:webhookId/deliveries/:deliveryId/retry',
      { webhookId: 'wh_1', deliveryId: 'd_2' },
    ],
    ['/api/v1/health/ready', '/api/v1/health/ready', {}],
    ['/api/v1/diseases/MONDO:0009061/nothing', null, {}],
    ['/api/v1/diseases/MONDO:0009061/\u017Fummary', null, {}],
    ['/api/v1/\u212Aenes/KCNQ1', null, {}],
    ['/api/v1/diseases//summary', null, {}],
    ['/api/v1/nowhere', null, {}],
    ['/', null, {}],
    ['/api/v1/health#ready', null, {}],
  ];
  for (const [url, answer, params] of cases) {
    const m = match(r, url);
    assert.equal(m.answer, answer, url);
    assert.deepEqual(m.params, params, url);
  }
});

test('a static segment wins over a parameter wherever they meet, whatever order the routes were added in', () => {
  const patterns = [
    '/api/v1/phenotypes/:hpoId',
    '/api/v1/phenotypes/annotate',
    '/api/v1/diseases/:mondoId',
    '/api/v1/diseases/search',
    '/x/:a/c',
    '/x/b/:c',
  ];
  for (const order of [patterns, [...patterns].reverse()]) {
    const r = router(order);
    assert.equal(match(r, '/api/v1/phenotypes/annotate?text=x').answer, '/api/v1/phenotypes/annotate');
    assert.equal(match(r, '/api/v1/phenotypes/HP:0001250').answer, '/api/v1/phenotypes/:hpoId');
    assert.equal(match(r, '/api/v1/diseases/search').answer, '/api/v1/diseases/search');
    assert.equal(match(r, '/api/v1/diseases/MONDO:1').answer, '/api/v1/diseases/:mondoId');
    // The first position where one is static and the other a parameter decides.
    assert.equal(match(r, '/x/b/c').answer, '/x/b/:c');
    assert.equal(match(r, '/x/z/c').answer, '/x/:a/c');
  }
  // The table itself: the annotate routes sit after /phenotypes/{hpoId} in no order the router needs.
  assert.equal(match(router([...PATTERNS].reverse()), '/api/v1/phenotypes/annotate').answer, '/api/v1/phenotypes/annotate');
});

test('the request gets its path, url, query and search; a mount sees its url without the prefix', () => {
  const r = router(PATTERNS, true);
  assert.deepEqual(match(r, '/api/v1/xrefs/OMIM:219700?'), {
    answer: '/api/v1/xrefs/:curie',
    path: '/api/v1/xrefs/OMIM:219700',
    url: '/api/v1/xrefs/OMIM:219700?',
    query: {},
    search: '?',
    params: { curie: 'OMIM:219700' },
  });
  assert.deepEqual(match(r, '/api/v1/diseases?limit=2&limit=3&q=a%20b').query, { limit: ['2', '3'], q: 'a b' });
  assert.deepEqual(match(r, '/docs/index.html?x=1'), {
    answer: 'mount /docs',
    path: '/docs/index.html',
    url: '/index.html?x=1',
    query: { x: '1' },
    search: '?x=1',
    params: {},
  });
  assert.equal(match(r, '/DOCS').url, '/');
  assert.equal(match(r, '/docsify').answer, null);
  const none = match(r, '/nowhere/at/all?q=1');
  assert.deepEqual([none.answer, none.path, none.search], [null, '/nowhere/at/all', '?q=1']);
});

test('a pattern the router cannot match exactly, or one that matches the paths of another, is refused', () => {
  assert.throws(() => new Router().add('/api/v1/files/*', () => {}), /unsupported segment "\*"/);
  const r = new Router();
  r.add('/a/:b', () => {});
  assert.throws(() => r.add('/A/:c', () => {}), /\/A\/:c matches the paths of a pattern added before/);
});
