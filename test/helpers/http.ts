import { request } from 'node:http';
import { request as httpsRequest } from 'node:https';

export interface RawResponse { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer; json<T = any>(): T }

/**
 * One HTTP request with node:http (node:https for an https base, trusting `ca`): no automatic
 * decompression, redirects or default headers.
 */
export function call(base: string, path: string, options: { method?: string; headers?: Record<string, string>; ca?: string } = {}): Promise<RawResponse> {
  const url = new URL(path, base);
  const send = url.protocol === 'https:' ? httpsRequest : request;
  return new Promise((done, fail) => {
    const req = send(url, { method: options.method ?? 'GET', headers: options.headers ?? {}, agent: false, ca: options.ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        done({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body.toString('utf8')) });
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

/** Authorization header for a key. */
export function bearer(key: string): Record<string, string> {
  return { authorization: `Bearer ${key}` };
}
