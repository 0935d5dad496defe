import { request } from 'node:http';
import { connect, type IncomingHttpHeaders } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { suiteTransport } from './tls-cert.ts';

export interface RawResponse { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; json<T = any>(): T }

const response = (status: number, headers: RawResponse['headers'], body: Buffer): RawResponse =>
  ({ status, headers, body, json: () => JSON.parse(body.toString('utf8')) });

/**
 * One HTTP request with node:http: no automatic decompression, redirects or default headers. An
 * https URL (DCS_TEST_TRANSPORT, see suiteTransport) goes over TLS trusting the suite's
 * certificate, with HTTP/2 under DCS_TEST_TRANSPORT=h2.
 */
export function call(base: string, path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
  const url = new URL(path, base);
  const suite = url.protocol === 'https:' ? suiteTransport() : null;
  if (suite?.transport === 'h2') return callH2(url, options.method ?? 'GET', options.headers ?? {}, suite.cert.pem);
  const send = url.protocol === 'https:' ? httpsRequest : request;
  return new Promise((done, fail) => {
    const req = send(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false, ...(suite ? { ca: suite.cert.pem } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(response(res.statusCode ?? 0, res.headers, Buffer.concat(chunks))));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** The same over HTTP/2: one session per call; pseudo-headers left out of the response headers. */
function callH2(url: URL, method: string, headers: Record<string, string>, ca: string): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const session = connect(url.origin, { ca });
    session.on('error', fail);
    const own = Object.fromEntries(Object.entries(headers).filter(([k]) => !['host', 'connection'].includes(k.toLowerCase())));
    const req = session.request({ ':method': method, ':path': url.pathname + url.search, ...own }, { endStream: true });
    let head: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    req.on('response', (h) => (head = h));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      session.close();
      const status = Number(head[':status']);
      done(response(status, Object.fromEntries(Object.entries(head).filter(([k]) => !k.startsWith(':'))), Buffer.concat(chunks)));
    });
    req.on('error', (err) => {
      session.close();
      fail(err);
    });
  });
}

/** Authorization header for a key. */
export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}
