import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { PROBLEM_BASE, PROBLEMS, type ProblemKind } from '../contract/api/problems.ts';

/** Node's parser and server error codes whose answer is not the 400 `malformed-request`, by problem kind (as Node's own default answers). */
const KIND_OF: Record<string, ProblemKind> = {
  HPE_HEADER_OVERFLOW: 'headers-too-large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request-timeout',
};

const DETAIL: Partial<Record<ProblemKind, string>> = {
  'headers-too-large': `The request line and header fields are larger than this server accepts (${maxHeaderSize.toLocaleString('en-US')} bytes in all); send fewer or shorter header fields.`,
  'request-timeout': 'The request was not received completely in time; send it again.',
};

/** How long a socket that got a parser-error answer may stay open for the client to read it and close. */
const LINGER_MS = 5000;

type ParserSocket = Duplex & {
  _httpMessage?: { headersSent?: boolean } | null;
  setTimeout?: (ms: number, cb: () => void) => unknown;
};

/**
 * The server's `clientError` listener: a request Node's HTTP/1 parser rejects (bad bytes in the
 * request line or a header, an oversized header block, a bad chunk, a request too slow to
 * arrive) gets an application/problem+json answer like every other error, not Node's bare text.
 * There is no request object, so no request id, route, quota or CORS: the answer is written on the
 * socket with `Connection: close` (the parser cannot find the next request in the stream), and
 * only when nothing of another answer went out on it yet; otherwise, or when the socket cannot be
 * written, it is destroyed. `headers` are name/value pairs every answer carries (HSTS over TLS).
 */
export function clientErrorHandler(headers: readonly string[] = [], onError?: (err: NodeJS.ErrnoException) => void) {
  const extra = headers.length === 0 ? '' : headers.reduce((s, v, i) => s + (i % 2 === 0 ? `${v}: ` : `${v}\r\n`), '');
  const answered = new WeakSet<object>();
  return function clientError(err: NodeJS.ErrnoException, socket: ParserSocket): void {
    // The parser may report the same broken stream again as more bytes arrive: one answer is enough.
    if (answered.has(socket)) return;
    // Nothing may follow an answer that has begun on this connection: the client could take our
    // bytes for part of it (as Node's own handler, the connection is closed instead).
    if (err.code === 'ECONNRESET' || !socket.writable || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    answered.add(socket);
    onError?.(err);
    const kind = KIND_OF[err.code ?? ''] ?? 'malformed-request';
    const detail =
      DETAIL[kind] ??
      `The request could not be parsed as HTTP/1.1 (${err.code ?? 'parse error'}); check the request line and header fields.`;
    // A HEAD request (when the request line was read before the error) gets the head of the answer only.
    const head = (err as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
    writeProblem(socket, kind, detail, extra, head);
  };
}

/**
 * Write a problem on a socket no request object stands for (a parser error, a CONNECT) and close
 * it: `extra` is header lines, each ending in CRLF. A client that never closes is cut off.
 */
export function writeProblem(socket: ParserSocket, kind: ProblemKind, detail: string, extra = '', headOnly = false): void {
  const { status, title } = PROBLEMS[kind];
  const body = JSON.stringify({ type: PROBLEM_BASE + kind, title, status, detail });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\n${extra}Connection: close\r\n\r\n${headOnly ? '' : body}`,
  );
  socket.setTimeout?.(LINGER_MS, () => socket.destroy());
}

/**
 * The server's `connect` listener: a CONNECT request (asking for a tunnel, as to a proxy) gets a
 * 405 problem and the connection is closed; without a listener Node closes it without a word.
 */
export function connectHandler(headers: readonly string[] = []) {
  const extra = headers.length === 0 ? '' : headers.reduce((s, v, i) => s + (i % 2 === 0 ? `${v}: ` : `${v}\r\n`), '');
  return function connect(_req: unknown, socket: ParserSocket): void {
    writeProblem(
      socket,
      'method-not-allowed',
      'CONNECT is not served here: this is an API, not a proxy.',
      `${extra}Allow: GET, HEAD, OPTIONS\r\n`,
    );
  };
}
