import assert from 'node:assert/strict';
import { test } from 'node:test';
import polka from 'polka';
import { ROUTE_LIST } from '../../server/routes/route-table.ts';
import type { Req, Res } from '../../server/http/context.ts';
import { PathMatcher } from '../../server/http/path-matcher.ts';

const PATTERNS = [...new Set(ROUTE_LIST.map((r) => r.path.replace(/\{(\w+)\}/g, ':$1')))];

/** What a router made of a request: which pattern answered, and what it set on the request. */
function seen(pattern: string | null, req: Req) {
  return pattern === null
    ? null
    : { pattern, path: req.path, url: req.url, query: { ...req.query }, search: req.search, params: { ...req.params } };
}

test('the path matcher matches as polka does: every route, case, trailing slash, escapes, queries, static before parameter', async () => {
  const matcher = new PathMatcher();
  const app = polka({ onNoMatch: (req: Req) => ((req as Req & { answered: string | null }).answered = null) } as never);
  for (const p of PATTERNS) {
    const answer = (req: Req) => void ((req as Req & { answered: string | null }).answered = p);
    matcher.add(p, answer as never);
    app.all(p, answer as never);
  }
  const urls = [
    '/api/v1/diseases',
    '/api/v1/diseases/',
    '/API/V1/Diseases/search?q=cystic%20fibrosis&limit=2',
    '/api/v1/diseases/search',
    '/api/v1/diseases/bulk?ids=MONDO:1,MONDO:2&ids=x',
    '/api/v1/diseases/MONDO:0009061',
    '/api/v1/diseases/mondo%3A0009061/summary?fields=id,name',
    '/api/v1/diseases/MONDO:0009061/sections/genes',
    '/api/v1/diseases/MONDO%2F0009061/sections/%E9%ZZ',
    '/api/v1/diseases/MONDO:0009061/versions/3',
    '/api/v1/diseases/MONDO:0009061/nothing',
    '/api/v1/diseases/MONDO:0009061/SUMMARY/',
    '/api/v1/diseases/MONDO:0009061/\u017Fummary',
    '/api/v1/\u212Aenes/KCNQ1',
    '/api/v1/genes/KCNQ1',
    '/api/v1/diseases//summary',
    '/api/v1/xrefs/OMIM:219700?',
    '/api/v1/webhooks/wh_1/deliveries/d_2/retry',
    '/api/v1/releases/2026-01-01/downloads/diseases.tsv',
    '/api/v1/health/ready',
    '/api/v1/nowhere',
    '/',
    '/docs/index.html',
  ];
  for (const url of urls) {
    const viaTable = { url, headers: {} } as unknown as Req & { answered?: string | null };
    const handler = matcher.match(viaTable);
    if (handler) handler(viaTable, {} as Res);
    const viaPolka = { url, method: 'GET', headers: {} } as unknown as Req & { answered?: string | null };
    app.handler(viaPolka as never, {} as never, undefined as never);
    await new Promise((done) => setImmediate(done));
    if (handler === null) assert.equal(viaPolka.answered, null, `${url}: polka matched ${viaPolka.answered}, the matcher nothing`);
    else assert.deepEqual(seen(viaTable.answered ?? null, viaTable), seen(viaPolka.answered ?? null, viaPolka), url);
  }
});

test('a pattern the matcher cannot match exactly is refused', () => {
  assert.throws(() => new PathMatcher().add('/api/v1/files/*', () => {}), /unsupported segment "\*"/);
});
