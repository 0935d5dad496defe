import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CORS_EXPOSED_HEADERS, parseCorsOrigins } from '../../server/contract/api/cors-headers.ts';
import type { Req, Res } from '../../server/http/context.ts';
import { cors } from '../../server/middleware/cors.ts';

const APP = 'https://app.example.org';
const METHODS = 'GET, HEAD, OPTIONS';

/** A request with a fresh context, and a response that records the one writeHead. */
function exchange(method: string, headers: Record<string, string>) {
  const req = { method, headers, ctx: { headers: ['X-Request-Id', 'r1'], charge: null, principal: null, onEnd: null } } as unknown as Req;
  const written: { status?: number; headers?: string[]; ended: boolean } = { ended: false };
  const res = {
    writeHead(status: number, h: string[]) {
      written.status = status;
      written.headers = h;
      return this;
    },
    end() {
      written.ended = true;
    },
  } as unknown as Res;
  return { req, res, written };
}

describe('parseCorsOrigins', () => {
  test('empty or absent is off, * is any origin, a list is lower-cased and de-duplicated', () => {
    assert.equal(parseCorsOrigins(undefined), null);
    assert.equal(parseCorsOrigins('  '), null);
    assert.equal(parseCorsOrigins(' * '), '*');
    assert.deepEqual(parseCorsOrigins('https://App.Example.org, http://localhost:5173,https://app.example.org'), [
      APP,
      'http://localhost:5173',
    ]);
    assert.deepEqual(parseCorsOrigins('http://[::1]:8080'), ['http://[::1]:8080']);
  });

  test('a bad entry is an error that names it', () => {
    assert.throws(() => parseCorsOrigins('https://app.example.org/'), {
      message: 'CORS_ORIGINS: "https://app.example.org/" is not an origin (scheme://host[:port], no path or trailing slash)',
    });
    assert.throws(() => parseCorsOrigins('app.example.org'), {
      message: 'CORS_ORIGINS: "app.example.org" is not an origin (scheme://host[:port], no path or trailing slash)',
    });
    assert.throws(() => parseCorsOrigins('*, https://a.example'), {
      message: 'CORS_ORIGINS: `*` cannot be combined with origins; give `*` alone or a list of origins',
    });
  });
});

describe('cors guard with a list of origins', () => {
  const guard = cors({ origins: [APP, 'http://localhost:5173'], methods: METHODS });

  test('an actual request from an allowed origin goes on, with Allow-Origin echoed, Vary and the exposed headers', () => {
    const { req, res, written } = exchange('GET', { origin: APP });
    assert.equal(guard(req, res), true);
    assert.deepEqual(req.ctx.headers, [
      'X-Request-Id',
      'r1',
      'Vary',
      'Origin',
      'Access-Control-Allow-Origin',
      APP,
      'Access-Control-Expose-Headers',
      'ETag, Link, Location, RateLimit, RateLimit-Policy, Retry-After, X-Request-Id',
    ]);
    assert.equal(written.status, undefined);
    assert.equal(CORS_EXPOSED_HEADERS.join(', '), 'ETag, Link, Location, RateLimit, RateLimit-Policy, Retry-After, X-Request-Id');
  });

  test("a preflight from an allowed origin is answered 204 here, with the path's methods", () => {
    const { req, res, written } = exchange('OPTIONS', { origin: 'HTTP://LOCALHOST:5173', 'access-control-request-method': 'GET' });
    assert.equal(guard(req, res), false);
    assert.deepEqual([written.status, written.ended], [204, true]);
    assert.deepEqual(written.headers, [
      'X-Request-Id',
      'r1',
      'Vary',
      'Origin',
      'Access-Control-Allow-Origin',
      'http://localhost:5173',
      'Access-Control-Allow-Methods',
      METHODS,
      'Access-Control-Allow-Headers',
      'Authorization, Content-Type, If-None-Match, X-Request-Id',
      'Access-Control-Max-Age',
      '7200',
      'Allow',
      METHODS,
    ]);
  });

  test('an OPTIONS without Access-Control-Request-Method is not a preflight: it goes on with the actual headers', () => {
    const { req, res, written } = exchange('OPTIONS', { origin: APP });
    assert.equal(guard(req, res), true);
    assert.equal(written.status, undefined);
    assert.deepEqual(req.ctx.headers.slice(6, 8), ['Access-Control-Expose-Headers', CORS_EXPOSED_HEADERS.join(', ')]);
  });

  test('another origin, or none, gets only Vary: Origin and goes on (a preflight too)', () => {
    for (const [method, headers] of [
      ['GET', { origin: 'https://evil.example' }],
      ['GET', {}],
      ['OPTIONS', { origin: 'https://evil.example', 'access-control-request-method': 'GET' }],
    ] as const) {
      const { req, res, written } = exchange(method, headers);
      assert.equal(guard(req, res), true);
      assert.deepEqual(req.ctx.headers, ['X-Request-Id', 'r1', 'Vary', 'Origin']);
      assert.equal(written.status, undefined);
    }
  });
});

describe('cors guard with *', () => {
  test('any origin gets Allow-Origin: * and no Vary; a request without Origin gets nothing', () => {
    const guard = cors({ origins: '*', methods: METHODS });
    const a = exchange('GET', { origin: 'https://anyone.example' });
    assert.equal(guard(a.req, a.res), true);
    assert.deepEqual(a.req.ctx.headers, [
      'X-Request-Id',
      'r1',
      'Access-Control-Allow-Origin',
      '*',
      'Access-Control-Expose-Headers',
      CORS_EXPOSED_HEADERS.join(', '),
    ]);
    const b = exchange('GET', {});
    assert.equal(guard(b.req, b.res), true);
    assert.deepEqual(b.req.ctx.headers, ['X-Request-Id', 'r1']);
    const p = exchange('OPTIONS', { origin: 'null', 'access-control-request-method': 'POST' });
    assert.equal(guard(p.req, p.res), false);
    assert.deepEqual(p.written.headers!.slice(0, 6), [
      'X-Request-Id',
      'r1',
      'Access-Control-Allow-Origin',
      '*',
      'Access-Control-Allow-Methods',
      METHODS,
    ]);
  });

  test('where no route matched (methods null) a preflight is not answered: the 404 carries the actual headers', () => {
    const guard = cors({ origins: '*', methods: null });
    const { req, res, written } = exchange('OPTIONS', { origin: APP, 'access-control-request-method': 'GET' });
    assert.equal(guard(req, res), true);
    assert.equal(written.status, undefined);
    assert.deepEqual(req.ctx.headers.slice(2, 4), ['Access-Control-Allow-Origin', '*']);
  });
});
