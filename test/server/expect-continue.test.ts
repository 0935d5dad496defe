import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createServiceServer, type ServiceServer } from '../../server/http/listen.ts';

/**
 * `Expect: 100-continue` on a keep-alive connection whose previous answer the server has not
 * finished yet (server/http/expect-continue.ts). The reliability fuzz found it: Node queued the
 * `100 Continue` of such a request and then wrote the final answer's head in front of it, so the
 * client read `head, 100 Continue, body` and failed on the rest of the body ("Expected HTTP/").
 */

/**
 * Every message in `text`, in order: `100` for an interim answer, `<status> <body>` for a final
 * one (framed by its Content-Length; `<status> close <body>` when it says `Connection: close`),
 * and `not a status line: ...` where the bytes are not one.
 */
function messages(text: string): string[] {
  const out: string[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\r\n\r\n', at);
    const m = /^HTTP\/1\.1 (\d{3}) /.exec(text.slice(at, end < 0 ? undefined : end));
    if (!m || end < 0) {
      out.push(`not a status line: ${text.slice(at, at + 40)}`);
      break;
    }
    const status = Number(m[1]);
    const head = text.slice(at, end);
    const length = Number(/\r\nContent-Length: (\d+)/i.exec(head)?.[1] ?? 0);
    const close = /\r\nConnection: close/i.test(head) ? ' close' : '';
    at = end + 4;
    if (status < 200) {
      out.push(String(status));
      continue;
    }
    out.push(`${status}${close} ${text.slice(at, at + length)}`);
    at += length;
  }
  return out;
}

/** The answer's body, as the app sends every body: one Buffer with its Content-Length. */
function answer(res: ServerResponse, status: number, text: string): void {
  const body = Buffer.from(text);
  res.writeHead(status, ['Content-Type', 'text/plain', 'Content-Length', String(body.length)]);
  res.end(body);
}

/** A client connection that collects what the server sends until the server closes it. */
class Conn {
  readonly socket: Socket;
  text = '';
  readonly closed: Promise<string>;
  #waiters: { bytes: string; done: () => void }[] = [];

  constructor(port: number) {
    this.socket = connect(port, '127.0.0.1');
    this.socket.setEncoding('latin1');
    this.socket.on('data', (d: string) => {
      this.text += d;
      const arrived = this.#waiters.filter((w) => this.text.includes(w.bytes));
      this.#waiters = this.#waiters.filter((w) => !arrived.includes(w));
      for (const w of arrived) w.done();
    });
    this.closed = new Promise((done) => this.socket.on('close', () => done(this.text)));
  }

  /** Resolves once `bytes` have arrived. */
  received(bytes: string): Promise<void> {
    if (this.text.includes(bytes)) return Promise.resolve();
    return new Promise((done) => this.#waiters.push({ bytes, done }));
  }
}

const H = 'Host: x\r\n';

describe('Expect: 100-continue while the previous answer on the connection is unfinished', () => {
  let s: ServiceServer;
  let port: number;
  /** Ends the held answer of `/hold`: called by the next request's handler, so that request finds the socket busy. */
  let release: () => void = () => {};

  before(async () => {
    s = createServiceServer((req: IncomingMessage, res: ServerResponse) => {
      // Node's Date header would make the bytes differ from run to run.
      res.sendDate = false;
      const path = req.url ?? '';
      if (path === '/hold') {
        // Every byte of the answer goes out, but the answer ends only later (as a streamed file does).
        const body = Buffer.from('held');
        res.writeHead(200, ['Content-Type', 'text/plain', 'Content-Length', String(body.length)]);
        res.write(body);
        release = () => res.end();
        return;
      }
      release();
      if (path === '/read') {
        // Reads the body before answering, as the webhook routes do.
        let n = 0;
        req.on('data', (c: Buffer) => {
          n += c.length;
        });
        req.on('end', () => answer(res, 201, `read ${n} bytes`));
        return;
      }
      // Answers at once without reading the body, as a 404, 405 or 401 does.
      answer(res, 404, `no ${path}`);
    });
    await new Promise<void>((done) => s.server.listen(0, '127.0.0.1', done));
    port = (s.server.address() as AddressInfo).port;
  });

  after(async () => {
    s.closeAll();
    await new Promise((done) => s.server.close(done));
  });

  test('a keep-alive client sends it once it has read the previous answer: the final answer is whole, no 100 inside it', async () => {
    const c = new Conn(port);
    c.socket.write(`GET /hold HTTP/1.1\r\n${H}\r\n`);
    await c.received('held');
    c.socket.write(`POST /nowhere HTTP/1.1\r\n${H}Expect: 100-continue\r\nContent-Length: 2\r\n\r\n{}`);
    // Before the fix: ['200 held', '404 HTTP/1.1 10', 'not a status line: 0 Continue...'] and the
    // connection kept open. A final status without the 100 closes it (Node's rule: the client may
    // not send the body it was holding back, so the stream cannot be framed).
    assert.deepEqual(messages(await c.closed), ['200 held', '404 close no /nowhere']);
  });

  test('pipelined after another request: each answer whole, in order, then the connection closes', async () => {
    const c = new Conn(port);
    c.socket.write(
      `GET /first HTTP/1.1\r\n${H}\r\n` +
        `POST /nowhere HTTP/1.1\r\n${H}Expect: 100-continue\r\nContent-Length: 2\r\n\r\n{}` +
        `GET /last HTTP/1.1\r\n${H}Connection: close\r\n\r\n`,
    );
    assert.deepEqual(messages(await c.closed), ['404 no /first', '404 close no /nowhere']);
  });

  test('a client that waits for the 100 before its body still gets it, once the previous answer is done', async () => {
    const c = new Conn(port);
    c.socket.write(`GET /hold HTTP/1.1\r\n${H}\r\n`);
    await c.received('held');
    c.socket.write(`POST /read HTTP/1.1\r\n${H}Expect: 100-continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\n`);
    await c.received('HTTP/1.1 100 Continue\r\n\r\n');
    c.socket.write('{}');
    assert.deepEqual(messages(await c.closed), ['200 held', '100', '201 close read 2 bytes']);
  });

  test('on an idle connection the 100 goes out at once, before the body is sent', async () => {
    const c = new Conn(port);
    c.socket.write(`POST /read HTTP/1.1\r\n${H}Expect: 100-continue\r\nContent-Length: 2\r\nConnection: close\r\n\r\n`);
    await c.received('HTTP/1.1 100 Continue\r\n\r\n');
    c.socket.write('{}');
    assert.deepEqual(messages(await c.closed), ['100', '201 close read 2 bytes']);
  });
});
