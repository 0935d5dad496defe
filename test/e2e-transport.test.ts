import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { connect as tlsConnect } from 'node:tls';
import { CORS_EXPOSED_HEADERS, HSTS_VALUE } from '../server/contract/cors.ts';
import { PROBLEM_BASE } from '../server/contract/problems.ts';
import { bearer, call, type RawResponse } from './helpers/http.ts';
import { startRealServer, type RealServer } from './helpers/real-server.ts';
import { makeCertificate, type TestCertificate } from './helpers/tls-cert.ts';
import { setTimeout as sleep } from 'node:timers/promises';

const CF = '/api/v1/diseases/MONDO:0009061/summary';
const APP = 'https://app.example.org';
const EXPOSED = CORS_EXPOSED_HEADERS.join(', ');
const corsHeaders = (r: RawResponse) => Object.keys(r.headers).filter((h) => h.startsWith('access-control-')).sort();

/** Bytes a raw socket gets back for `bytes` sent (the server closes the connection). */
function rawExchange(url: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const socket = netConnect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => done(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', fail);
  });
}

describe('CORS and parser errors (CORS_ORIGINS with two origins, plain HTTP)', () => {
  let real: RealServer;
  let key: string;
  before(async () => {
    real = await startRealServer([{ tier: 'developer', name: 'dev' }], { CORS_ORIGINS: `${APP}, http://localhost:5173` });
    key = real.keys.dev;
  });
  after(() => real.server.stop());
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => call(real.server.url, path, { method, headers });
  const left = (r: RawResponse) => Number(/r=(\d+)/.exec(String(r.headers.ratelimit))![1]);

  test('a preflight from an allowed origin: 204 before auth, the path\'s methods, never counted', async () => {
    const first = await get(CF, { ...bearer(key), origin: APP });
    assert.equal(first.status, 200);
    const preflight = { origin: APP, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' };
    for (let i = 0; i < 3; i++) {
      const r = await get(CF, preflight, 'OPTIONS');
      assert.equal(r.status, 204);
      assert.deepEqual([r.body.length, r.headers.allow, r.headers.vary], [0, 'GET, HEAD, OPTIONS', 'Origin']);
      assert.deepEqual(corsHeaders(r), ['access-control-allow-headers', 'access-control-allow-methods', 'access-control-allow-origin', 'access-control-max-age']);
      assert.deepEqual([r.headers['access-control-allow-origin'], r.headers['access-control-allow-methods'], r.headers['access-control-allow-headers'], r.headers['access-control-max-age']],
        [APP, 'GET, HEAD, OPTIONS', 'Authorization, Content-Type, If-None-Match, X-Request-Id', '7200']);
      assert.equal(r.headers.ratelimit, undefined);
    }
    const webhooks = await get('/api/v1/webhooks', { ...preflight, 'access-control-request-method': 'POST' }, 'OPTIONS');
    assert.equal(webhooks.headers['access-control-allow-methods'], 'POST, GET, HEAD, OPTIONS');
    const next = await get(CF, { ...bearer(key), origin: APP });
    assert.equal(left(next), left(first) - 1, 'only the two GETs were counted');
  });

  test('answers to an allowed origin carry Allow-Origin and the exposed headers: 200, 304, 401, 404', async () => {
    const ok = await get(CF, { ...bearer(key), origin: APP });
    assert.deepEqual([ok.status, ok.headers['access-control-allow-origin'], ok.headers['access-control-expose-headers']], [200, APP, EXPOSED]);
    assert.equal(EXPOSED, 'ETag, Link, Location, RateLimit, RateLimit-Policy, Retry-After, X-Request-Id');
    assert.equal(ok.headers.vary, 'Origin, Accept-Encoding');
    const same = await get(CF, { ...bearer(key), origin: APP, 'if-none-match': String(ok.headers.etag) });
    assert.deepEqual([same.status, same.headers['access-control-allow-origin'], same.headers['access-control-expose-headers']], [304, APP, EXPOSED]);
    const noKey = await get(CF, { origin: 'http://localhost:5173' });
    assert.deepEqual([noKey.status, noKey.headers['access-control-allow-origin'], noKey.headers['access-control-expose-headers']], [401, 'http://localhost:5173', EXPOSED]);
    const nowhere = await get('/api/v1/nowhere', { origin: APP });
    assert.deepEqual([nowhere.status, nowhere.headers['access-control-allow-origin']], [404, APP]);
  });

  test('another origin gets no CORS header; its preflight is a plain 204 with Allow', async () => {
    const r = await get(CF, { ...bearer(key), origin: 'https://evil.example' });
    assert.deepEqual([r.status, corsHeaders(r), r.headers.vary], [200, [], 'Origin, Accept-Encoding']);
    const pre = await get(CF, { origin: 'https://evil.example', 'access-control-request-method': 'GET' }, 'OPTIONS');
    assert.deepEqual([pre.status, pre.headers.allow, corsHeaders(pre)], [204, 'GET, HEAD, OPTIONS', []]);
    const noOrigin = await get(CF, bearer(key));
    assert.deepEqual(corsHeaders(noOrigin), []);
  });

  test('plain HTTP has no Strict-Transport-Security', async () => {
    assert.equal((await get('/api/v1/health')).headers['strict-transport-security'], undefined);
  });

  test('a request line Node cannot parse gets a 400 problem and the connection closes', async () => {
    const raw = await rawExchange(real.server.url, 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    const [head, body] = raw.split('\r\n\r\n');
    const lines = head.split('\r\n');
    assert.equal(lines[0], 'HTTP/1.1 400 Bad Request');
    assert.deepEqual(lines.slice(1).sort(), ['Cache-Control: no-store', 'Connection: close', `Content-Length: ${Buffer.byteLength(body)}`, 'Content-Type: application/problem+json; charset=utf-8']);
    assert.deepEqual(JSON.parse(body), {
      type: `${PROBLEM_BASE}malformed-request`, title: 'The request is not valid HTTP', status: 400,
      detail: 'The request could not be parsed as HTTP/1.1 (HPE_INVALID_HEADER_TOKEN); check the request line and header fields.',
    });
  });

  test('header fields over the limit get a 431 problem', async () => {
    const raw = await rawExchange(real.server.url, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    const [head, body] = raw.split('\r\n\r\n');
    assert.equal(head.split('\r\n')[0], 'HTTP/1.1 431 Request Header Fields Too Large');
    assert.deepEqual(JSON.parse(body), {
      type: `${PROBLEM_BASE}headers-too-large`, title: 'Request header fields too large', status: 431,
      detail: 'The request line and header fields are larger than this server accepts; send fewer or shorter headers.',
    });
  });
});

describe('TLS (TLS_CERT_FILE, TLS_KEY_FILE) with CORS_ORIGINS=*', () => {
  let real: RealServer;
  let dir: string;
  let first: TestCertificate;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dcs-tls-'));
    first = makeCertificate(dir, 'first');
    copyFileSync(first.certFile, join(dir, 'cert.pem'));
    copyFileSync(first.keyFile, join(dir, 'key.pem'));
    real = await startRealServer([{ tier: 'developer', name: 'dev' }], { TLS_CERT_FILE: join(dir, 'cert.pem'), TLS_KEY_FILE: join(dir, 'key.pem'), CORS_ORIGINS: '*' });
  });
  after(() => real.server.stop());

  const getTls = (path: string, ca: string, headers: Record<string, string> = {}, method = 'GET') => call(real.server.url, path, { method, headers, ca });
  /** The SHA-256 fingerprint of the certificate the server presents now. */
  const served = (): Promise<string> => new Promise((done, fail) => {
    const { hostname, port } = new URL(real.server.url);
    const s = tlsConnect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => {
      done(s.getPeerX509Certificate()!.fingerprint256);
      s.end();
    });
    s.on('error', fail);
  });

  test('serves HTTPS with HSTS on every answer, a trusted certificate, and CORS for any origin', async () => {
    assert.match(real.server.url, /^https:\/\/127\.0\.0\.1:\d+$/);
    const r = await getTls(CF, first.pem, { ...bearer(real.keys.dev), origin: 'https://any.example' });
    assert.deepEqual([r.status, r.headers['strict-transport-security'], r.headers['access-control-allow-origin'], r.headers['access-control-expose-headers'], r.headers.vary],
      [200, HSTS_VALUE, '*', EXPOSED, 'Accept-Encoding']);
    assert.equal(r.json().data.id, 'MONDO:0009061');
    const problem = await getTls(CF, first.pem);
    assert.deepEqual([problem.status, problem.headers['strict-transport-security']], [401, HSTS_VALUE]);
    const options = await getTls(CF, first.pem, {}, 'OPTIONS');
    assert.deepEqual([options.status, options.headers.allow, corsHeaders(options)], [204, 'GET, HEAD, OPTIONS', []]);
  });

  test('a renewed certificate is served without a restart', async () => {
    assert.equal(await served(), first.fingerprint);
    const second = makeCertificate(dir, 'second');
    assert.notEqual(second.fingerprint, first.fingerprint);
    copyFileSync(second.keyFile, join(dir, 'key.pem'));
    copyFileSync(second.certFile, join(dir, 'cert.pem'));
    // The server polls the files every 2 s: wait for the effect, up to 15 s.
    const deadline = Date.now() + 15_000;
    while ((await served()) !== second.fingerprint) {
      assert.ok(Date.now() < deadline, 'the server did not present the renewed certificate within 15 s');
      await sleep(100);
    }
    const r = await getTls('/api/v1/health', second.pem);
    assert.deepEqual([r.status, r.headers['strict-transport-security']], [200, HSTS_VALUE]);
  });
});
