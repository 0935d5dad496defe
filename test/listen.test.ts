import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, renameSync } from 'node:fs';
import { maxHeaderSize } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROBLEM_BASE } from '../server/contract/problems.ts';
import { HSTS_VALUE } from '../server/contract/tls.ts';
import { clientErrorHandler } from '../server/http/client-error.ts';
import { createServiceServer, type ServiceServer } from '../server/http/listen.ts';
import { presentedCertificate, rawExchange } from './helpers/raw-socket.ts';
import { makeCertificate, type TestCertificate } from './helpers/tls-cert.ts';

const hello = (_req: unknown, res: { writeHead(s: number, h: string[]): void; end(b: string): void }) => {
  res.writeHead(200, ['Content-Type', 'text/plain']);
  res.end('hello');
};

async function listening(s: ServiceServer): Promise<string> {
  await new Promise<void>((done) => s.server.listen(0, '127.0.0.1', done));
  return `${s.tls ? 'https' : 'http'}://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
}

function stop(s: ServiceServer): Promise<void> {
  s.close();
  s.server.closeAllConnections();
  return new Promise((done) => s.server.close(() => done()));
}

/** Split a raw HTTP/1.1 answer into its status line, header lines (sorted) and parsed JSON body. */
function parseRaw(raw: string) {
  const at = raw.indexOf('\r\n\r\n');
  const lines = raw.slice(0, at).split('\r\n');
  const body = raw.slice(at + 4);
  return { statusLine: lines[0], headers: lines.slice(1).sort(), body: JSON.parse(body), bytes: Buffer.byteLength(body) };
}

const malformed = (code: string) => ({
  type: `${PROBLEM_BASE}malformed-request`, title: 'The request is not valid HTTP/1.1', status: 400,
  detail: `The request could not be parsed as HTTP/1.1 (${code}); check the request line and header fields.`,
});
const tooLarge = {
  type: `${PROBLEM_BASE}headers-too-large`, title: 'Request header fields too large', status: 431,
  detail: `The request line and header fields are larger than this server accepts (${maxHeaderSize.toLocaleString('en-US')} bytes in all); send fewer or shorter header fields.`,
};
const problemHeaders = (bytes: number, extra: string[] = []) =>
  ['Cache-Control: no-store', 'Connection: close', `Content-Length: ${bytes}`, 'Content-Type: application/problem+json; charset=utf-8', ...extra].sort();

describe('parser errors on plain HTTP', () => {
  let s: ServiceServer;
  let url: string;
  before(async () => { s = createServiceServer(hello as never); url = await listening(s); });
  after(() => stop(s));

  test('a header line without a colon: 400 malformed-request as problem+json, connection closed', async () => {
    const r = parseRaw(await rawExchange(url, 'GET /api/v1/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
    assert.equal(r.statusLine, 'HTTP/1.1 400 Bad Request');
    assert.deepEqual(r.headers, problemHeaders(r.bytes));
    assert.deepEqual(r.body, malformed('HPE_INVALID_HEADER_TOKEN'));
  });

  test('bad bytes in the request line: 400', async () => {
    const r = parseRaw(await rawExchange(url, 'GET /a b\x01 HTTP/1.1\r\nHost: x\r\n\r\n'));
    assert.equal(r.statusLine, 'HTTP/1.1 400 Bad Request');
    assert.equal(r.body.type, `${PROBLEM_BASE}malformed-request`);
    assert.match(r.body.detail, /^The request could not be parsed as HTTP\/1\.1 \(HPE_[A-Z_]+\)/);
  });

  test('header fields over the limit: 431 headers-too-large', async () => {
    const r = parseRaw(await rawExchange(url, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(maxHeaderSize + 1000)}\r\n\r\n`));
    assert.equal(r.statusLine, 'HTTP/1.1 431 Request Header Fields Too Large');
    assert.deepEqual(r.headers, problemHeaders(r.bytes));
    assert.deepEqual(r.body, tooLarge);
  });

  test('a good request on the same server is served as usual', async () => {
    assert.equal(await rawExchange(url, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').then((t) => t.split('\r\n')[0]), 'HTTP/1.1 200 OK');
  });
});

describe('clientError handler on a socket', () => {
  const fakeSocket = (writable: boolean, headersSent = false) => {
    const seen = { written: '', destroyed: false, timeout: 0 };
    const socket = {
      writable, _httpMessage: headersSent ? { headersSent: true } : null,
      end(text: string) { seen.written = text; },
      destroy() { seen.destroyed = true; },
      setTimeout(ms: number) { seen.timeout = ms; },
    };
    return { socket: socket as never, seen };
  };
  const err = (code: string) => Object.assign(new Error(code), { code });

  test('a request too slow to arrive: 408 request-timeout, once per socket', () => {
    const handler = clientErrorHandler(['Strict-Transport-Security', HSTS_VALUE]);
    const { socket, seen } = fakeSocket(true);
    handler(err('ERR_HTTP_REQUEST_TIMEOUT'), socket);
    const r = parseRaw(seen.written);
    assert.equal(r.statusLine, 'HTTP/1.1 408 Request Timeout');
    assert.deepEqual(r.headers, problemHeaders(r.bytes, [`Strict-Transport-Security: ${HSTS_VALUE}`]));
    assert.deepEqual(r.body, { type: `${PROBLEM_BASE}request-timeout`, title: 'The request was not received in time', status: 408, detail: 'The request was not received completely in time; send it again.' });
    assert.deepEqual([seen.destroyed, seen.timeout], [false, 5000]);
    seen.written = '';
    handler(err('HPE_INVALID_METHOD'), socket);
    assert.deepEqual([seen.written, seen.destroyed], ['', false]);
  });

  test('a socket that cannot be written, or whose answer already began, is destroyed without a word', () => {
    const handler = clientErrorHandler();
    for (const [writable, sent] of [[false, false], [true, true]]) {
      const { socket, seen } = fakeSocket(writable, sent);
      handler(err('HPE_INVALID_METHOD'), socket);
      assert.deepEqual([seen.written, seen.destroyed], ['', true]);
    }
  });
});

describe('HTTPS with certificate reload', () => {
  let dir: string;
  let first: TestCertificate;
  let second: TestCertificate;
  let s: ServiceServer;
  let url: string;
  const reloads: string[] = [];
  const cert = () => join(dir, 'live.cert.pem');
  const key = () => join(dir, 'live.key.pem');
  /** Install a pair the way a renewal does: write beside, rename over (key first). */
  const install = (c: TestCertificate) => {
    copyFileSync(c.keyFile, `${key()}.new`);
    renameSync(`${key()}.new`, key());
    copyFileSync(c.certFile, `${cert()}.new`);
    renameSync(`${cert()}.new`, cert());
  };
  const get = (path: string, ca: string): Promise<{ status: number; hsts: unknown; body: string }> => new Promise((done, fail) => {
    const req = httpsRequest(new URL(path, url), { ca, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => (body += d));
      res.on('end', () => done({ status: res.statusCode!, hsts: res.headers['strict-transport-security'], body }));
    });
    req.on('error', fail);
    req.end();
  });

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dcs-listen-'));
    first = makeCertificate(dir, 'first');
    second = makeCertificate(dir, 'second');
    install(first);
    s = createServiceServer(hello as never, { certFile: cert(), keyFile: key(), reloadPollMs: 50, onReload: () => reloads.push('ok'), onReloadError: (e) => reloads.push(e.message) });
    url = await listening(s);
  });
  after(() => stop(s));

  test('one TLS file without the other, or files that are no certificate, stop the start with a message', () => {
    assert.throws(() => createServiceServer(hello as never, { certFile: cert() }), { message: 'TLS needs both TLS_CERT_FILE and TLS_KEY_FILE (or neither, for plain HTTP)' });
    assert.throws(() => createServiceServer(hello as never, { certFile: join(dir, 'none.pem'), keyFile: key() }), /^Error: TLS: cannot read TLS_CERT_FILE .*none\.pem/);
    assert.throws(() => createServiceServer(hello as never, { certFile: first.certFile, keyFile: second.keyFile }), /^Error: TLS: TLS_CERT_FILE .* are not a usable certificate and key: .*key values mismatch/);
  });

  test('a client trusting the certificate gets 200; a parser error over TLS is a problem with HSTS', async () => {
    assert.equal(s.tls, true);
    assert.deepEqual(await get('/', first.pem), { status: 200, hsts: undefined, body: 'hello' });
    const r = parseRaw(await rawExchange(url, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', first.pem));
    assert.equal(r.statusLine, 'HTTP/1.1 400 Bad Request');
    assert.deepEqual(r.headers, problemHeaders(r.bytes, [`Strict-Transport-Security: ${HSTS_VALUE}`]));
  });

  test('reloadCertificate (SIGHUP) serves a new pair at once; a mismatched pair keeps the current one', async () => {
    assert.equal(await presentedCertificate(url), first.fingerprint);
    s.close(); // only the explicit reload now
    copyFileSync(second.certFile, cert()); // the key is still the first's
    assert.equal(s.reloadCertificate(), false);
    assert.match(reloads.at(-1)!, /key values mismatch/);
    assert.equal(await presentedCertificate(url), first.fingerprint);
    copyFileSync(second.keyFile, key());
    assert.equal(s.reloadCertificate(), true);
    assert.equal(await presentedCertificate(url), second.fingerprint);
    assert.equal((await get('/', second.pem)).status, 200);
  });

  test('a renewal written over the files is picked up without a call', async () => {
    const watched = createServiceServer(hello as never, { certFile: cert(), keyFile: key(), reloadPollMs: 50 });
    const at = await listening(watched);
    try {
      assert.equal(await presentedCertificate(at), second.fingerprint);
      install(first);
      // The files are polled every 50 ms: wait for the effect (at most 10 s), never a fixed time.
      const deadline = Date.now() + 10_000;
      while ((await presentedCertificate(at)) !== first.fingerprint) {
        assert.ok(Date.now() < deadline, 'the renewed certificate was not served within 10 s');
        await sleep(20);
      }
    } finally {
      await stop(watched);
    }
  });
});
