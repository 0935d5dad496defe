import { connect, type Socket } from 'node:net';
import { PROBLEM_BASE } from '../../server/contract/api/problems.ts';

/** What became of one raw connection. */
export type Outcome =
  /** Answered (every error a problem+json; 2xx/3xx for requests that were valid after all). */
  | 'problem'
  | 'answer'
  /** Cut by the server after the headers or request timeout, with a 408 problem. */
  | 'timeout'
  /** Closed by the server without a word. */
  | 'close'
  /** Failures: an error answer that is not a problem, or a connection still open at the deadline. */
  | 'bare'
  | 'hung';

export interface RawResult {
  outcome: Outcome;
  /** Status of each answer, in order. */
  statuses: number[];
  /** ms from connecting to the server closing the connection (or the deadline). */
  closedAfterMs: number;
  text: string;
}

/** Every HTTP/1.1 answer in `text` (status, headers, body by Content-Length), in order. */
export function parseAnswers(text: string): { status: number; headers: Record<string, string>; body: string }[] {
  const out: { status: number; headers: Record<string, string>; body: string }[] = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const lines = text.slice(at, end).split('\r\n');
    const m = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0]);
    if (!m) break;
    const headers: Record<string, string> = {};
    for (const l of lines.slice(1)) {
      const i = l.indexOf(':');
      if (i > 0) headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
    }
    const status = Number(m[1]);
    const len = Number(headers['content-length'] ?? 0);
    const informational = status >= 100 && status < 200;
    out.push({ status, headers, body: informational ? '' : text.slice(end + 4, end + 4 + len) });
    at = end + 4 + (informational ? 0 : len);
  }
  return out;
}

/** The outcome of a connection from what the server sent. */
export function classify(text: string, closed: boolean, afterMs: number, timeoutMs: number): RawResult {
  const answers = parseAnswers(text).filter((a) => a.status >= 200);
  const statuses = answers.map((a) => a.status);
  if (!closed) return { outcome: 'hung', statuses, closedAfterMs: afterMs, text };
  if (text.length === 0) return { outcome: 'close', statuses, closedAfterMs: afterMs, text };
  if (answers.length === 0) return { outcome: 'bare', statuses, closedAfterMs: afterMs, text };
  for (const a of answers) {
    if (a.status < 400) continue;
    const problem = (a.headers['content-type'] ?? '').startsWith('application/problem+json') && a.body.includes(PROBLEM_BASE);
    if (!problem) return { outcome: 'bare', statuses, closedAfterMs: afterMs, text };
  }
  const last = answers[answers.length - 1].status;
  const outcome: Outcome =
    last === 408 && afterMs >= timeoutMs - 50 ? 'timeout' : answers.some((a) => a.status >= 400) ? 'problem' : 'answer';
  return { outcome, statuses, closedAfterMs: afterMs, text };
}

/**
 * Open a connection to `port`, let `script` write to it (all at once, trickled, or not at all),
 * and collect what the server sends until it closes the connection or `deadlineMs` passes (then the
 * connection is 'hung'). `timeoutMs` is the timeout a 408 is expected after.
 */
export function rawConnection(port: number, script: (s: Socket) => void, deadlineMs: number, timeoutMs: number): Promise<RawResult> {
  return new Promise((done) => {
    const t0 = performance.now();
    const chunks: Buffer[] = [];
    const s = connect(port, '127.0.0.1', () => script(s));
    let finished = false;
    const finish = (closed: boolean) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (!closed) s.destroy();
      done(classify(Buffer.concat(chunks).toString('latin1'), closed, performance.now() - t0, timeoutMs));
    };
    const timer = setTimeout(() => finish(false), deadlineMs);
    s.on('data', (c: Buffer) => chunks.push(c));
    s.on('error', () => {});
    s.on('close', () => finish(true));
  });
}

/** A script that writes `bytes` and half-closes (the server sees the end of the request stream). */
export const sendAndEnd =
  (bytes: string | Buffer) =>
  (s: Socket): void => {
    s.end(bytes);
  };

/** A script that writes `bytes` and keeps the connection open (the server must decide by itself). */
export const sendAndWait =
  (bytes: string | Buffer) =>
  (s: Socket): void => {
    s.write(bytes);
  };

/** A script that trickles `bytes` one byte every `everyMs`, forever (a slowloris client). */
export const trickle =
  (bytes: string, everyMs: number) =>
  (s: Socket): void => {
    let i = 0;
    const t = setInterval(() => {
      if (s.destroyed || !s.writable) return clearInterval(t);
      s.write(bytes[i % bytes.length]);
      i++;
    }, everyMs);
    s.on('close', () => clearInterval(t));
  };
