import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readServerSettings } from '../../server/settings.ts';
import { ensureRealSnapshot, REAL_DIST } from '../helpers/real-snapshot.ts';
import { Client, figure, fmt, type PartServer, partDir, startPartServer } from './harness.ts';
import { partKeys } from './keys.ts';
import { PROBLEM_BASE } from '../../server/contract/api/problems.ts';
import { type Outcome, parseAnswers, type RawResult, rawConnection, sendAndEnd, sendAndWait, trickle } from './raw-exchange.ts';

const PART = 'protocol';
/** The documented defaults this part holds the server to (server/settings.ts). */
const DEFAULTS = readServerSettings({});
const HEADERS_MS = DEFAULTS.headersTimeoutMs;
const REQUEST_MS = DEFAULTS.requestTimeoutMs;
const KEEP_ALIVE_MS = DEFAULTS.keepAliveTimeoutMs;
/** Node looks for expired connections once a second (server/http/listen.ts): a cut may come that much late. */
const CHECK_SLACK_MS = 1500;
/** Node closes an idle keep-alive connection a second after its keep-alive timeout (a margin it adds itself). */
const KEEP_ALIVE_MARGIN_MS = 1000;
const IDLE_CONNECTIONS = 500;
const IDLE_KEEP_ALIVE = 200;

const H = 'Host: x\r\n';
/** Requests Node's parser or the app must refuse (or, for a few, answer as valid after all), each on its own connection. */
const QUICK: [string, string | Buffer][] = [
  ['request line without a target', 'GET\r\n\r\n'],
  ['request line with extra words', `GET / HTTP/1.1 extra\r\n${H}\r\n`],
  ['two spaces in the request line', `GET  /  HTTP/1.1\r\n${H}\r\n`],
  ['no method', `/ HTTP/1.1\r\n${H}\r\n`],
  ['HTTP/9.9', `GET / HTTP/9.9\r\n${H}\r\n`],
  ['HTTX/1.1', `GET / HTTX/1.1\r\n${H}\r\n`],
  ['HTTP/0.9 request', 'GET /\r\n'],
  ['lowercase method', `get / HTTP/1.1\r\n${H}\r\n`],
  ['unknown method', `FOO / HTTP/1.1\r\n${H}\r\n`],
  ['NUL in the method', `G\u0000T / HTTP/1.1\r\n${H}\r\n`],
  ['DEL in the target', `GET /api/v1/health\u007f HTTP/1.1\r\n${H}\r\n`],
  ['space in the target', `GET /api/v1/he alth HTTP/1.1\r\n${H}\r\n`],
  ['bare LF line ends', 'GET /api/v1/health HTTP/1.1\nHost: x\n\n'],
  ['CR without LF', 'GET /api/v1/health HTTP/1.1\rHost: x\r\r'],
  ['binary garbage', Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 37) % 256))],
  ['TLS ClientHello on the plain port', Buffer.from('160301002a0100002603035e9a', 'hex')],
  ['HTTP/2 preface on HTTP/1.1', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
  ['absolute-form target', `GET http://evil.example/api/v1/health HTTP/1.1\r\n${H}\r\n`],
  ['asterisk-form OPTIONS', `OPTIONS * HTTP/1.1\r\n${H}\r\n`],
  ['CONNECT (a proxy request)', 'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n'],
  ['target of 20 KB', `GET /${'a'.repeat(20_000)} HTTP/1.1\r\n${H}\r\n`],
  ['one header of 20 KB', `GET /api/v1/health HTTP/1.1\r\n${H}X-Big: ${'b'.repeat(20_000)}\r\n\r\n`],
  [
    '300 headers (24 KB)',
    `GET /api/v1/health HTTP/1.1\r\n${H}${Array.from({ length: 300 }, (_, i) => `X-H${i}: ${'v'.repeat(70)}\r\n`).join('')}\r\n`,
  ],
  ['NUL in a header value', `GET /api/v1/health HTTP/1.1\r\n${H}X-A: b\u0000c\r\n\r\n`],
  ['control character in a header name', `GET /api/v1/health HTTP/1.1\r\n${H}X\u0001Y: z\r\n\r\n`],
  ['space in a header name', `GET /api/v1/health HTTP/1.1\r\n${H}X A: b\r\n\r\n`],
  ['header without a colon', `GET /api/v1/health HTTP/1.1\r\n${H}Nonsense\r\n\r\n`],
  ['empty header name', `GET /api/v1/health HTTP/1.1\r\n${H}: novalue\r\n\r\n`],
  ['obsolete line folding', `GET /api/v1/health HTTP/1.1\r\n${H}X-A: b\r\n  c\r\n\r\n`],
  ['no Host (HTTP/1.1)', 'GET /api/v1/health HTTP/1.1\r\n\r\n'],
  ['Expect: something else', `GET /api/v1/health HTTP/1.1\r\n${H}Expect: foo\r\n\r\n`],
  [
    'Content-Length with Transfer-Encoding',
    `POST /api/v1/webhooks HTTP/1.1\r\n${H}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
  ],
  ['Transfer-Encoding: chunked, identity', `POST /api/v1/webhooks HTTP/1.1\r\n${H}Transfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n`],
  ['Transfer-Encoding: xchunked', `POST /api/v1/webhooks HTTP/1.1\r\n${H}Transfer-Encoding: xchunked\r\n\r\n0\r\n\r\n`],
  ['two different Content-Lengths', `POST /api/v1/webhooks HTTP/1.1\r\n${H}Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!`],
  ['negative Content-Length', `POST /api/v1/webhooks HTTP/1.1\r\n${H}Content-Length: -5\r\n\r\n`],
  ['Content-Length of 20 digits', `POST /api/v1/webhooks HTTP/1.1\r\n${H}Content-Length: 99999999999999999999\r\n\r\n`],
  ['bad chunk size', `POST /api/v1/webhooks HTTP/1.1\r\n${H}Transfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n`],
  ['chunked body cut short', `POST /api/v1/webhooks HTTP/1.1\r\n${H}Transfer-Encoding: chunked\r\n\r\n5\r\nhel`],
  [
    'smuggled request after a GET',
    `GET /api/v1/health HTTP/1.1\r\n${H}Content-Length: 44\r\n\r\nGET /api/v1/webhooks HTTP/1.1\r\nHost: x\r\n\r\n`,
  ],
  ['two pipelined requests', `GET /api/v1/health/live HTTP/1.1\r\n${H}\r\nGET /api/v1/health/ready HTTP/1.1\r\n${H}\r\n`],
  [
    'Expect: 100-continue with its body',
    `POST /api/v1/webhooks HTTP/1.1\r\n${H}Expect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
  ],
  ['request cut off mid-headers', `GET /api/v1/health HTTP/1.1\r\n${H}X-A: b`],
];

describe('reliability: raw protocol abuse', () => {
  let server: PartServer;
  let port: number;
  let key: string;
  let webhooksKey: string;

  before(async () => {
    await ensureRealSnapshot();
    const dir = partDir(PART);
    const { file, keys } = partKeys(dir, PART);
    key = keys.enterprise;
    webhooksKey = keys.professional;
    // The documented defaults: no timeout is set here.
    server = await startPartServer({
      DIST_DIR: REAL_DIST,
      KEYS_FILE: file,
      QUOTA_STATE_FILE: join(dir, 'quota-state.json'),
      LOG_FILE: join(dir, 'server.log'),
      WEBHOOK_DIR: join(dir, 'webhooks'),
      WEBHOOK_KEY_FILE: join(dir, 'webhook.key'),
    });
    port = Number(new URL(server.url).port);
  });

  after(async () => {
    await server?.stop();
  });

  it('every malformed, oversized or slow connection gets a problem, a documented timeout or a close, and other clients are served throughout', async () => {
    const counts: Record<Outcome, number> = { problem: 0, answer: 0, timeout: 0, close: 0, bare: 0, hung: 0 };
    const bad: string[] = [];
    const note = (name: string, r: RawResult) => {
      counts[r.outcome]++;
      if (r.outcome === 'bare' || r.outcome === 'hung') bad.push(`${name}: ${r.outcome} ${JSON.stringify(r.text.slice(0, 160))}`);
    };
    // A client that needs the service: a summary every 100 ms while the abuse goes on.
    const witness = new Client(server.url, 2);
    const served: { status: number; ms: number }[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        const a = await witness
          .send({ method: 'GET', path: '/api/v1/diseases/MONDO:0007739/summary', headers: { authorization: `Bearer ${key}` } })
          .catch(() => ({ status: 0, ms: 0 }));
        served.push({ status: a.status, ms: a.ms });
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    const deadline = REQUEST_MS + 10_000;
    const slow = [
      // Headers trickled a byte every 500 ms: cut at the headers timeout.
      rawConnection(
        port,
        trickle(`GET /api/v1/health HTTP/1.1\r\n${H}${'X-Slow: loris\r\n'.repeat(1000)}`, 500),
        deadline,
        HEADERS_MS,
      ).then((r) => ({ name: 'slowloris', r })),
      // Headers sent, the body trickled: cut at the request timeout.
      rawConnection(
        port,
        (s) => {
          s.write(
            `POST /api/v1/webhooks HTTP/1.1\r\n${H}Authorization: Bearer ${webhooksKey}\r\nContent-Type: application/json\r\nContent-Length: 2000\r\n\r\n`,
          );
          trickle('{', 500)(s);
        },
        deadline,
        REQUEST_MS,
      ).then((r) => ({ name: 'slow body', r })),
      // Half a request, then silence.
      rawConnection(port, sendAndWait(`GET /api/v1/health HTTP/1.1\r\n${H}`), deadline, HEADERS_MS).then((r) => ({
        name: 'incomplete headers',
        r,
      })),
    ];
    // Hundreds of connections that never send a byte, and hundreds left idle after one answer.
    const idle = Array.from({ length: IDLE_CONNECTIONS }, () => rawConnection(port, () => {}, deadline, HEADERS_MS));
    const keepAlive = Array.from({ length: IDLE_KEEP_ALIVE }, () =>
      rawConnection(port, sendAndWait(`GET /api/v1/health/live HTTP/1.1\r\n${H}\r\n`), deadline, KEEP_ALIVE_MS),
    );
    for (const [name, bytes] of QUICK) note(name, await rawConnection(port, sendAndEnd(bytes), 10_000, HEADERS_MS));

    const slowDone = await Promise.all(slow);
    for (const { name, r } of slowDone) note(name, r);
    const idleDone = await Promise.all(idle);
    for (const r of idleDone) note('idle connection', r);
    const kaDone = await Promise.all(keepAlive);
    for (const r of kaDone) {
      // One answer, then the server closes the idle connection at the keep-alive timeout.
      const held =
        r.outcome === 'answer' &&
        r.closedAfterMs >= KEEP_ALIVE_MS - 100 &&
        r.closedAfterMs <= KEEP_ALIVE_MS + KEEP_ALIVE_MARGIN_MS + CHECK_SLACK_MS;
      note('idle keep-alive connection', held ? r : { ...r, outcome: r.outcome === 'hung' ? 'hung' : 'bare' });
    }
    watching = false;
    await watch;
    witness.close();

    const loris = slowDone[0].r;
    const idleMax = Math.max(...idleDone.map((r) => r.closedAfterMs));
    const kaMax = Math.max(...kaDone.map((r) => r.closedAfterMs));
    const ok = served.filter((s) => s.status === 200).length;
    const slowest = Math.max(...served.map((s) => s.ms));
    const cases = QUICK.length + slow.length + IDLE_CONNECTIONS + IDLE_KEEP_ALIVE;
    const held = cases - counts.bare - counts.hung;
    figure(
      PART,
      `${fmt(held)} of ${fmt(cases)} connections held (${QUICK.length} malformed or odd requests, 3 slow clients, ${IDLE_CONNECTIONS} idle connections, ${IDLE_KEEP_ALIVE} idle keep-alive connections): ${counts.problem} answered with a problem, ${counts.answer} answered (valid after all, keep-alive closed at ${fmt(kaMax / 1000, 1)} s), ${counts.timeout} cut at a timeout with a 408 problem, ${counts.close} closed; slowloris cut after ${fmt(loris.closedAfterMs / 1000, 1)} s (HEADERS_TIMEOUT ${HEADERS_MS / 1000} s), slow body after ${fmt(slowDone[1].r.closedAfterMs / 1000, 1)} s (REQUEST_TIMEOUT ${REQUEST_MS / 1000} s), every idle connection closed by ${fmt(idleMax / 1000, 1)} s; meanwhile ${ok} of ${served.length} calls of another client answered 200, slowest ${fmt(slowest)} ms`,
      {
        cases,
        held,
        counts,
        slowlorisSeconds: loris.closedAfterMs / 1000,
        idleMaxSeconds: idleMax / 1000,
        witness: { ok, total: served.length, slowestMs: slowest },
      },
    );
    assert.deepEqual(bad, []);
    assert.equal(loris.outcome, 'timeout', 'the slowloris client is cut with a 408 problem');
    assert.ok(
      loris.closedAfterMs <= HEADERS_MS + CHECK_SLACK_MS && loris.closedAfterMs <= 30_000,
      `slowloris held ${loris.closedAfterMs} ms`,
    );
    assert.ok(idleMax <= HEADERS_MS + CHECK_SLACK_MS, `an idle connection was held ${idleMax} ms`);
    assert.equal(ok, served.length, 'every call of the other client was served');
  });

  it('Expect: 100-continue behind an unfinished answer: the answer is whole, with no 100 Continue inside it', async () => {
    // One write, so the second request is read while the first answer is still the connection's
    // (as when a keep-alive client sends at once after reading an answer the server has not yet
    // finished). Node used to queue the 100 and then write the 404's head in front of it: head,
    // 100 Continue, body on the wire (the fuzz's "Expected HTTP/" on a POST with Expect).
    const r = await rawConnection(
      port,
      sendAndWait(
        `GET /api/v1/health/live HTTP/1.1\r\n${H}\r\n` +
          `POST /api/v1/nowhere HTTP/1.1\r\n${H}Expect: 100-continue\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      ),
      10_000,
      HEADERS_MS,
    );
    const answers = parseAnswers(r.text);
    // A final status instead of the 100 closes the connection (the client may hold its body back).
    assert.deepEqual(
      answers.map((a) => [a.status, a.headers.connection]),
      [
        [200, 'keep-alive'],
        [404, 'close'],
      ],
    );
    assert.equal(r.outcome, 'problem');
    assert.deepEqual(JSON.parse(answers[1].body), {
      type: `${PROBLEM_BASE}not-found`,
      title: 'Resource not found',
      status: 404,
      detail: 'No endpoint at /api/v1/nowhere. See /api/v1/openapi.',
      instance: '/api/v1/nowhere',
      requestId: answers[1].headers['x-request-id'],
    });
    assert.ok(r.text.endsWith(`\r\n\r\n${answers[1].body}`), 'nothing follows the 404');
  });
});
