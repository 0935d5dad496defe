import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { PROBLEM_BASE, PROBLEMS, type ProblemKind } from '../contract/problems.ts';

/** Node's parser error codes that are the client's fault, by problem kind. */
const KIND_OF: Record<string, ProblemKind> = {
  HPE_HEADER_OVERFLOW: 'headers-too-large',
};

/**
 * Handler of the server's `clientError` event: a request Node's parser rejects (bad bytes in the
 * request line, an oversized header block, a bad chunk) gets a problem+json answer like every
 * other error, instead of Node's bare `400 Bad Request`, and the connection is closed (the parser
 * cannot find the next request in it). There is no request yet, so no request id, route or quota:
 * the answer is written on the socket. A socket already closed or already answering is destroyed.
 */
export function clientErrorHandler(onError?: (err: NodeJS.ErrnoException) => void) {
  return function clientError(err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket): void {
    // A reset or timeout leaves nobody to answer.
    if (err.code === 'ECONNRESET' || !socket.writable || (socket as Socket & { _httpMessage?: unknown })._httpMessage) {
      socket.destroy();
      return;
    }
    onError?.(err);
    const kind = KIND_OF[err.code ?? ''] ?? 'malformed-request';
    const { status, title } = PROBLEMS[kind];
    const detail = kind === 'headers-too-large'
      ? 'The request line and header fields are larger than this server accepts; send fewer or shorter headers.'
      : `The request could not be parsed as HTTP/1.1 (${err.code ?? 'parse error'}); check the request line and header fields.`;
    const body = JSON.stringify({ type: PROBLEM_BASE + kind, title, status, detail });
    socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`);
  };
}
