import { request } from 'node:http';
import { connect, type IncomingHttpHeaders } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { suiteTransport } from './tls-cert.ts';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  json<T = any>(): T;
}

const response = (status: number, headers: RawResponse['headers'], body: Buffer): RawResponse => ({
  status,
  headers,
  body,
  json: () => JSON.parse(body.toString('utf8')),
});

/**
 * One HTTP request with node:http (node:https for an https base, trusting `ca`): no automatic
 * decompression, redirects or default headers. Under DCS_TEST_TRANSPORT (see suiteTransport) an
 * https base trusts the suite's certificate unless `ca` is given, and goes over HTTP/2 with `h2`.
 */
export function call(
  base: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; ca?: string } = {},
): Promise<RawResponse> {
  const url = new URL(path, base);
  const suite = url.protocol === 'https:' ? suiteTransport() : null;
  const ca = options.ca ?? suite?.cert.pem;
  if (suite?.transport === 'h2') return callH2(url, options.method ?? 'GET', options.headers ?? {}, ca!);
  const send = url.protocol === 'https:' ? httpsRequest : request;
  return new Promise((done, fail) => {
    const req = send(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false, ca }, (res) => {
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
