import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, renameSync } from 'node:fs';
import { maxHeaderSize } from 'node:http';
import { connect as h2connect, type ClientHttp2Session } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { PROBLEM_BASE } from '../../server/contract/api/problems.ts';
import { HSTS_VALUE } from '../../server/contract/api/cors-headers.ts';
import { clientErrorHandler } from '../../server/http/client-error.ts';
import { createServiceServer, type ServiceServer } from '../../server/http/listen.ts';
import { presentedCertificate, rawExchange } from '../helpers/raw-socket.ts';
import { makeCertificate, type TestCertificate } from '../helpers/tls-cert.ts';

const hello = (_req: unknown, res: { writeHead(s: number, h: string[]): void; end(b: string): void }) => {
  res.writeHead(200, ['Content-Type', 'text/plain']);
  res.end('hello');
};

async function listening(s: ServiceServer): Promise<string> {
  await new Promise<void>((done) => s.server.listen(0, '127.0.0.1', done));
  return `${s.tls ? 'https' : 'http'}://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
}

function stop(s: ServiceServer): Promise<void> {
  s.unwatch();
  s.closeAll();
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
  type: `${PROBLEM_BASE}malformed-request`,
  title: 'The request is not valid HTTP',
  status: 400,
  detail: `The request could not be parsed as HTTP/1.1 (${code}); check the request line and header fields.`,
});
const tooLarge = {
  type: `${PROBLEM_BASE}headers-too-large`,
  title: 'Request header fields too large',
  status: 431,
  detail: `The request line and header fields are larger than this server accepts (${maxHeaderSize.toLocaleString('en-US')} bytes in all); send fewer or shorter header fields.`,
};
const problemHeaders = (bytes: number, extra: string[] = []) =>
  [
    'Cache-Control: no-store',
    'Connection: close',
    `Content-Length: ${bytes}`,
    'Content-Type: application/problem+json; charset=utf-8',
    ...extra,
  ].sort();

describe('parser errors on plain HTTP', () => {
  let s: ServiceServer;
  let url: string;
  before(async () => {
    s = createServiceServer(hello as never);
    url = await listening(s);
  });
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
    const r = parseRaw(
      await rawExchange(url, `GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(maxHeaderSize + 1000)}\r\n\r\n`),
    );
    assert.equal(r.statusLine, 'HTTP/1.1 431 Request Header Fields Too Large');
    assert.deepEqual(r.headers, problemHeaders(r.bytes));
    assert.deepEqual(r.body, tooLarge);
  });

  test('a good request on the same server is served as usual', async () => {
    assert.equal(
      await rawExchange(url, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n').then((t) => t.split('\r\n')[0]),
      'HTTP/1.1 200 OK',
    );
  });
});

describe('clientError handler on a socket', () => {
  const fakeSocket = (writable: boolean, headersSent = false) => {
    const seen = { written: '', destroyed: false, timeout: 0 };
    const socket = {
      writable,
      _httpMessage: headersSent ? { headersSent: true } : null,
      end(text: string) {
        seen.written = text;
      },
      destroy() {
        seen.destroyed = true;
      },
      setTimeout(ms: number) {
        seen.timeout = ms;
      },
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
    assert.deepEqual(r.body, {
      type: `${PROBLEM_BASE}request-timeout`,
      title: 'The request was not received in time',
      status: 408,
      detail: 'The request was not received completely in time; send it again.',
    });
    assert.deepEqual([seen.destroyed, seen.timeout], [false, 5000]);
    seen.written = '';
    handler(err('HPE_INVALID_METHOD'), socket);
    assert.deepEqual([seen.written, seen.destroyed], ['', false]);
  });

  test('a socket that cannot be written, or whose answer already began, is destroyed without a word', () => {
    const handler = clientErrorHandler();
    for (const [writable, sent] of [
      [false, false],
      [true, true],
    ]) {
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
  const get = (path: string, ca: string): Promise<{ status: number; hsts: unknown; body: string }> =>
    new Promise((done, fail) => {
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
    s = createServiceServer(hello as never, {
      certFile: cert(),
      keyFile: key(),
      reloadPollMs: 50,
      onReload: () => reloads.push('ok'),
      onReloadError: (e) => reloads.push(e.message),
    });
    url = await listening(s);
  });
  after(() => stop(s));

  test('one TLS file without the other, or files that are no certificate, stop the start with a message', () => {
    assert.throws(() => createServiceServer(hello as never, { certFile: cert() }), {
      message: 'TLS needs both TLS_CERT_FILE and TLS_KEY_FILE (or neither, for plain HTTP)',
    });
    assert.throws(
      () => createServiceServer(hello as never, { certFile: join(dir, 'none.pem'), keyFile: key() }),
      /^Error: TLS: cannot read TLS_CERT_FILE .*none\.pem/,
    );
    assert.throws(
      () => createServiceServer(hello as never, { certFile: first.certFile, keyFile: second.keyFile }),
      /^Error: TLS: TLS_CERT_FILE .* are not a usable certificate and key: .*key values mismatch/,
    );
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
    s.unwatch(); // only the explicit reload now
    copyFileSync(second.certFile, cert()); // the key is still the first's
    assert.equal(s.reloadCertificate(), false);
    assert.match(reloads.at(-1)!, /key values mismatch/);
    assert.equal(await presentedCertificate(url), first.fingerprint);
    copyFileSync(second.keyFile, key());
    assert.equal(s.reloadCertificate(), true);
    assert.equal(await presentedCertificate(url), second.fingerprint);
    assert.equal((await get('/', second.pem)).status, 200);
  });

  test('a renewal written over the files is picked up without a call', { timeout: 60_000 }, async () => {
    // The poll's own reload is awaited (its onReload), never a clock: a busy machine only makes it later.
    let reloaded!: () => void;
    const picked = new Promise<void>((done) => (reloaded = done));
    const watched = createServiceServer(hello as never, { certFile: cert(), keyFile: key(), reloadPollMs: 50, onReload: () => reloaded() });
    const at = await listening(watched);
    try {
      assert.equal(await presentedCertificate(at), second.fingerprint);
      install(first);
      await picked;
      assert.equal(await presentedCertificate(at), first.fingerprint);
    } finally {
      await stop(watched);
    }
  });
});

describe('HTTP/2 with HTTP/1.1 fallback (TLS_HTTP2)', () => {
  let dir: string;
  let c: TestCertificate;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'dcs-h2-'));
    c = makeCertificate(dir, 'h2');
  });
  /** A listener that keeps /slow open until `release` is called. */
  const slowHello = () => {
    let release: (() => void) | null = null;
    const listener = (req: { url?: string }, res: { writeHead(s: number, h: string[]): void; end(b: string): void }) => {
      res.writeHead(200, ['Content-Type', 'text/plain', 'Vary', 'Origin', 'Vary', 'Accept-Encoding']);
      if (req.url === '/slow') release = () => res.end('finished');
      else res.end('hello');
    };
    return { listener, released: () => release };
  };
  const h2get = (session: ClientHttp2Session, path: string) =>
    new Promise<{ status: number; vary: unknown; body: string }>((done, fail) => {
      const r = session.request({ ':path': path });
      let status = 0;
      let vary: unknown;
      let body = '';
      r.on('response', (h) => {
        status = Number(h[':status']);
        vary = h.vary;
      });
      r.setEncoding('utf8').on('data', (d: string) => (body += d));
      r.on('end', () => done({ status, vary, body }));
      r.on('error', fail);
    });

  test('an HTTP/2 client and an HTTP/1.1 client on one port; repeated header fields stay', async () => {
    const { listener } = slowHello();
    const s = createServiceServer(listener as never, { certFile: c.certFile, keyFile: c.keyFile, http2: true });
    const url = await listening(s);
    const session = h2connect(url, { ca: c.pem });
    try {
      assert.deepEqual(await h2get(session, '/'), { status: 200, vary: 'Origin, Accept-Encoding', body: 'hello' });
      const h1 = await new Promise<string>((done, fail) =>
        httpsRequest(url, { ca: c.pem, agent: false }, (res) => {
          let b = '';
          res
            .setEncoding('utf8')
            .on('data', (d: string) => (b += d))
            .on('end', () => done(`${res.httpVersion} ${res.statusCode} ${b}`));
        })
          .on('error', fail)
          .end(),
      );
      assert.equal(h1, '1.1 200 hello');
      const r = parseRaw(await rawExchange(url, 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', c.pem));
      assert.deepEqual([r.statusLine, r.body.type], ['HTTP/1.1 400 Bad Request', `${PROBLEM_BASE}malformed-request`]);
    } finally {
      session.close();
      await stop(s);
    }
  });

  test('closeIdle sends GOAWAY to an open session: its stream in flight finishes, then the server closes', async () => {
    const { listener, released } = slowHello();
    const s = createServiceServer(listener as never, { certFile: c.certFile, keyFile: c.keyFile, http2: true });
    const url = await listening(s);
    const session = h2connect(url, { ca: c.pem });
    const goaway = new Promise<void>((done) => session.once('goaway', () => done()));
    assert.equal((await h2get(session, '/')).body, 'hello');
    const slow = h2get(session, '/slow');
    while (released() === null) await sleep(5);
    const closed = new Promise<void>((done) => s.server.close(() => done()));
    s.closeIdle();
    await goaway;
    released()!();
    assert.deepEqual(await slow, { status: 200, vary: 'Origin, Accept-Encoding', body: 'finished' });
    await closed;
    s.unwatch();
  });

  test('closeAll ends idle sessions that never close themselves', async () => {
    const { listener } = slowHello();
    const s = createServiceServer(listener as never, { certFile: c.certFile, keyFile: c.keyFile, http2: true });
    const url = await listening(s);
    const session = h2connect(url, { ca: c.pem });
    session.on('error', () => {});
    assert.equal((await h2get(session, '/')).status, 200);
    const closed = new Promise<void>((done) => s.server.close(() => done()));
    s.closeAll();
    await closed;
    s.unwatch();
  });
});
