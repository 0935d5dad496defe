import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { connect as h2connect } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { REDIS_URL, redisReachable } from '../helpers/redis.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeTransport } from '../../server/openapi/openapi-transport.ts';
import { CORS_EXPOSED_HEADERS, HSTS_VALUE } from '../../server/contract/api/cors-headers.ts';
import { PROBLEM_BASE } from '../../server/contract/api/problems.ts';
import { bearer, call, type RawResponse } from '../helpers/http.ts';
import { presentedCertificate, rawExchange } from '../helpers/raw-socket.ts';
import { startRealServer, type RealServer } from '../helpers/real-server.ts';
import { makeCertificate, type TestCertificate } from '../helpers/tls-cert.ts';
import { logLines, waitFor } from '../helpers/wait-for.ts';

const CF = '/api/v1/diseases/MONDO:0009061/summary';
const APP = 'https://app.example.org';
const DEV = 'http://localhost:5173';
const EXPOSED = CORS_EXPOSED_HEADERS.join(', ');
const corsOf = (r: RawResponse) =>
  Object.keys(r.headers)
    .filter((h) => h.startsWith('access-control-'))
    .sort();
const left = (r: RawResponse) => Number(/r=(\d+)/.exec(String(r.headers.ratelimit))![1]);
const PREFLIGHT = ['access-control-allow-headers', 'access-control-allow-methods', 'access-control-allow-origin', 'access-control-max-age'];

describe('CORS_ORIGINS with two origins, on the real server (plain HTTP)', () => {
  let real: RealServer;
  before(async () => {
    const tiers = join(mkdtempSync(join(tmpdir(), 'dcs-cors-')), 'tiers.json');
    writeFileSync(
      tiers,
      JSON.stringify({
        tiers: {
          free: { day: 1000, month: 1000 },
          developer: { day: 1000, month: 10000 },
          professional: { day: 10000, month: 100000 },
          enterprise: { day: null, month: null },
          test: { day: 1, month: 1000 },
        },
      }),
    );
    real = await startRealServer(
      [
        { tier: 'developer', name: 'dev' },
        { tier: 'developer', name: 'tiny', test: true },
      ],
      { CORS_ORIGINS: `${APP}, ${DEV}`, TIERS_FILE: tiers },
    );
  });
  after(() => real.server.stop());
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => call(real.server.url, path, { method, headers });

  test("a preflight from an allowed origin: 204 before auth, the path's methods, never counted", async () => {
    const key = real.keys.dev;
    const first = await get(CF, { ...bearer(key), origin: APP });
    assert.equal(first.status, 200);
    const preflight = { origin: APP, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' };
    for (let i = 0; i < 3; i++) {
      const r = await get(CF, preflight, 'OPTIONS');
      assert.deepEqual(
        [r.status, r.body.length, r.headers.allow, r.headers.vary, r.headers.ratelimit],
        [204, 0, 'GET, HEAD, OPTIONS', 'Origin', undefined],
      );
      assert.deepEqual(corsOf(r), PREFLIGHT);
      assert.deepEqual(
        [
          r.headers['access-control-allow-origin'],
          r.headers['access-control-allow-methods'],
          r.headers['access-control-allow-headers'],
          r.headers['access-control-max-age'],
        ],
        [APP, 'GET, HEAD, OPTIONS', 'Authorization, Content-Type, If-None-Match, X-Request-Id', '7200'],
      );
    }
    const webhooks = await get('/api/v1/webhooks', { ...preflight, 'access-control-request-method': 'POST' }, 'OPTIONS');
    assert.deepEqual([webhooks.status, webhooks.headers['access-control-allow-methods']], [204, 'POST, GET, HEAD, OPTIONS']);
    const next = await get(CF, { ...bearer(key), origin: APP });
    assert.equal(left(next), left(first) - 1, 'only the two GETs were counted');
  });

  test('every answer to an allowed origin carries Allow-Origin and the exposed headers: 200, 304, 401, 404, 405, 429', async () => {
    const key = real.keys.dev;
    const ok = await get(CF, { ...bearer(key), origin: APP });
    assert.deepEqual(
      [ok.status, ok.headers['access-control-allow-origin'], ok.headers['access-control-expose-headers'], ok.headers.vary],
      [200, APP, EXPOSED, 'Origin, Accept-Encoding'],
    );
    const same = await get(CF, { ...bearer(key), origin: APP, 'if-none-match': String(ok.headers.etag) });
    const noKey = await get(CF, { origin: DEV });
    const nowhere = await get('/api/v1/nowhere', { origin: APP });
    const post = await get(CF, { ...bearer(key), origin: APP }, 'POST');
    const tiny = await get(CF, { ...bearer(real.keys.tiny), origin: APP });
    const limited = await get(CF, { ...bearer(real.keys.tiny), origin: APP });
    assert.deepEqual(
      [same, noKey, nowhere, post, tiny, limited].map((r) => [
        r.status,
        r.headers['access-control-allow-origin'],
        r.headers['access-control-expose-headers'],
      ]),
      [
        [304, APP, EXPOSED],
        [401, DEV, EXPOSED],
        [404, APP, EXPOSED],
        [405, APP, EXPOSED],
        [200, APP, EXPOSED],
        [429, APP, EXPOSED],
      ],
    );
    assert.equal(limited.headers['retry-after'] !== undefined, true);
  });

  test('another origin gets no CORS header, its preflight is the plain 204 with Allow; no Origin, no CORS header', async () => {
    const r = await get(CF, { ...bearer(real.keys.dev), origin: 'https://evil.example' });
    assert.deepEqual([r.status, corsOf(r), r.headers.vary], [200, [], 'Origin, Accept-Encoding']);
    const pre = await get(CF, { origin: 'https://evil.example', 'access-control-request-method': 'GET' }, 'OPTIONS');
    assert.deepEqual([pre.status, pre.headers.allow, corsOf(pre), pre.headers.vary], [204, 'GET, HEAD, OPTIONS', [], 'Origin']);
    const none = await get(CF, bearer(real.keys.dev));
    assert.deepEqual([none.status, corsOf(none)], [200, []]);
  });

  test('the served OpenAPI description states the CORS headers the server sends', async () => {
    const description: string = (await get('/api/v1/openapi', { origin: APP })).json().info.description;
    assert.ok(description.includes(describeTransport()), 'the description carries the section built from the contract');
    assert.ok(description.includes(`\`Access-Control-Expose-Headers: ${EXPOSED}\``));
  });

  test('OPTIONS without preflight headers: 204 with Allow, no key needed; plain HTTP has no HSTS', async () => {
    const r = await get('/api/v1/diseases', {}, 'OPTIONS');
    assert.deepEqual(
      [r.status, r.headers.allow, corsOf(r), r.headers['strict-transport-security']],
      [204, 'GET, HEAD, OPTIONS', [], undefined],
    );
    assert.equal((await get('/api/v1/health')).headers['strict-transport-security'], undefined);
  });

  test("a request Node's parser rejects gets a problem+json 400 from the real server", async () => {
    const raw = await rawExchange(real.server.url, 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    const at = raw.indexOf('\r\n\r\n');
    assert.deepEqual(raw.slice(0, at).split('\r\n').slice(0, 2), [
      'HTTP/1.1 400 Bad Request',
      'Content-Type: application/problem+json; charset=utf-8',
    ]);
    assert.deepEqual(JSON.parse(raw.slice(at + 4)), {
      type: `${PROBLEM_BASE}malformed-request`,
      title: 'The request is not valid HTTP',
      status: 400,
      detail: 'The request could not be parsed as HTTP/1.1 (HPE_INVALID_HEADER_TOKEN); check the request line and header fields.',
    });
  });
});

describe('TLS_CERT_FILE and TLS_KEY_FILE with CORS_ORIGINS=*, on the real server', () => {
  let real: RealServer;
  let dir: string;
  let first: TestCertificate;
  const live = (name: 'cert' | 'key') => join(dir, `live.${name}.pem`);
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dcs-tls-'));
    first = makeCertificate(dir, 'first');
    copyFileSync(first.certFile, live('cert'));
    copyFileSync(first.keyFile, live('key'));
    real = await startRealServer([{ tier: 'developer', name: 'dev' }], {
      TLS_CERT_FILE: live('cert'),
      TLS_KEY_FILE: live('key'),
      CORS_ORIGINS: '*',
    });
  });
  after(() => real.server.stop());

  const get = (path: string, ca: string, headers: Record<string, string> = {}, method = 'GET') =>
    call(real.server.url, path, { method, headers, ca });

  test('HTTPS with a trusted certificate: 200 and HSTS on every answer; CORS for any origin with *', async () => {
    assert.match(real.server.url, /^https:\/\/127\.0\.0\.1:\d+$/);
    const r = await get(CF, first.pem, { ...bearer(real.keys.dev), origin: 'https://any.example' });
    assert.deepEqual(
      [
        r.status,
        r.headers['strict-transport-security'],
        r.headers['access-control-allow-origin'],
        r.headers['access-control-expose-headers'],
        r.headers.vary,
      ],
      [200, HSTS_VALUE, '*', EXPOSED, 'Accept-Encoding'],
    );
    assert.equal(r.json().data.id, 'MONDO:0009061');
    const answers = await Promise.all([
      get(CF, first.pem),
      get('/api/v1/nowhere', first.pem),
      get(CF, first.pem, {}, 'OPTIONS'),
      get(CF, first.pem, { origin: 'null', 'access-control-request-method': 'GET' }, 'OPTIONS'),
    ]);
    assert.deepEqual(
      answers.map((a) => [a.status, a.headers['strict-transport-security'], corsOf(a)]),
      [
        [401, HSTS_VALUE, []],
        [404, HSTS_VALUE, []],
        [204, HSTS_VALUE, []],
        [204, HSTS_VALUE, PREFLIGHT],
      ],
    );
  });

  test('a renewed certificate written over the files is served without a restart', async () => {
    assert.equal(await presentedCertificate(real.server.url), first.fingerprint);
    const second = makeCertificate(dir, 'second');
    copyFileSync(second.keyFile, `${live('key')}.new`);
    renameSync(`${live('key')}.new`, live('key'));
    copyFileSync(second.certFile, `${live('cert')}.new`);
    renameSync(`${live('cert')}.new`, live('cert'));
    // The server looks at the files every 2 s: wait for the effect, at most 20 s.
    const deadline = Date.now() + 20_000;
    while ((await presentedCertificate(real.server.url)) !== second.fingerprint) {
      assert.ok(Date.now() < deadline, 'the renewed certificate was not served within 20 s');
      await sleep(100);
    }
    const r = await get('/api/v1/health', second.pem);
    assert.deepEqual([r.status, r.headers['strict-transport-security']], [200, HSTS_VALUE]);
  });
});

describe('TLS_HTTP2=true on the real server', () => {
  let real: RealServer;
  let cert: TestCertificate;
  before(async () => {
    cert = makeCertificate(mkdtempSync(join(tmpdir(), 'dcs-h2-')), 'h2');
    real = await startRealServer([{ tier: 'developer', name: 'dev' }], {
      TLS_CERT_FILE: cert.certFile,
      TLS_KEY_FILE: cert.keyFile,
      TLS_HTTP2: 'true',
      CORS_ORIGINS: APP,
      SHUTDOWN_GRACE_MS: '600000',
    });
  });
  after(() => real.server.stop());

  test('an HTTP/2 client gets the record with HSTS and CORS; SIGTERM with its session left open still stops the server (long before the 10-minute grace)', {
    timeout: 30_000,
  }, async () => {
    const session = h2connect(real.server.url, { ca: cert.pem });
    session.on('error', () => {});
    const r = await new Promise<{ head: Record<string, unknown>; body: string }>((done, fail) => {
      const req = session.request({ ':path': CF, ...bearer(real.keys.dev), origin: APP });
      let head: Record<string, unknown> = {};
      let body = '';
      req.on('response', (h) => (head = h));
      req.setEncoding('utf8').on('data', (d: string) => (body += d));
      req.on('end', () => done({ head, body }));
      req.on('error', fail);
    });
    assert.deepEqual(
      [
        r.head[':status'],
        r.head['strict-transport-security'],
        r.head['access-control-allow-origin'],
        r.head['access-control-expose-headers'],
        r.head.vary,
      ],
      [200, HSTS_VALUE, APP, EXPOSED, 'Origin, Accept-Encoding'],
    );
    assert.equal(JSON.parse(r.body).data.id, 'MONDO:0009061');
    // The session stays open (idle): shutdown must send GOAWAY rather than wait for it.
    assert.equal(await real.server.stop('SIGTERM'), 0);
    assert.equal(
      session.closed || session.destroyed || (await new Promise<boolean>((done) => session.once('close', () => done(true)))),
      true,
    );
  });
});

const redis = await redisReachable();
const noRedis = redis || process.env.CI === 'true' ? false : `Redis unreachable at ${REDIS_URL} (WORKERS=2 needs it)`;

describe('TLS with WORKERS=2 (Redis)', { skip: noRedis }, () => {
  let real: RealServer;
  let cert: TestCertificate;
  const prefix = `transport-test:${process.pid}:${Date.now()}:`;
  before(async () => {
    cert = makeCertificate(mkdtempSync(join(tmpdir(), 'dcs-tls-workers-')), 'workers');
    real = await startRealServer([{ tier: 'developer', name: 'dev' }], {
      WORKERS: '2',
      TLS_CERT_FILE: cert.certFile,
      TLS_KEY_FILE: cert.keyFile,
      QUOTA_STORE: REDIS_URL,
      QUOTA_REDIS_PREFIX: `${prefix}quota:`,
      WEBHOOK_REDIS_PREFIX: `${prefix}webhooks:`,
      SHUTDOWN_GRACE_MS: '2000',
    });
  });
  after(async () => {
    if (real?.server.child.exitCode === null) await real.server.stop();
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  });

  test('SIGHUP to the primary reloads the certificate in every worker, and the primary serves on', async () => {
    const lines = () => logLines(real.logFile) as Record<string, unknown>[];
    real.server.child.kill('SIGHUP');
    // No file changed: only the SIGHUP passed on by the primary makes a worker reload.
    const reloaded = await waitFor('both workers to log a certificate reload', () => {
      const pids = new Set(
        lines()
          .filter((l) => l.msg === 'TLS certificate reloaded')
          .map((l) => l.pid),
      );
      return pids.size === 2 ? pids : undefined;
    });
    assert.equal(reloaded.has(real.server.child.pid), false, 'the workers reload, not the primary');
    assert.equal(real.server.child.exitCode, null);
    const r = await call(real.server.url, '/api/v1/health', { ca: cert.pem });
    assert.deepEqual([r.status, r.headers['strict-transport-security']], [200, HSTS_VALUE]);
  });
});
