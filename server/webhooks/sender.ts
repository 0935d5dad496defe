import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupAddress } from 'node:dns';
import { checkUrl, DestinationError, hostOf, resolveChecked, type DestinationPolicy } from './destination.ts';

/** What one POST to an endpoint came to. */
export interface SendResult {
  /** HTTP status; null when no answer came. */
  status: number | null;
  headers: IncomingHttpHeaders;
  durationMs: number;
  /** Why no answer came (refused destination, timeout, connection error). */
  error: string | null;
}

export interface SendOptions {
  url: string;
  headers: Record<string, string>;
  body: string;
  policy: DestinationPolicy;
  timeoutMs: number;
}

// Connections are kept alive between deliveries to the same host: a large release is thousands of
// POSTs to each endpoint, and a TLS handshake per POST would cost both sides more than the POST.
const agents = {
  http: new HttpAgent({ keepAlive: true, maxFreeSockets: 64 }),
  https: new HttpsAgent({ keepAlive: true, maxFreeSockets: 64 }),
};
/** Bytes of an answer's body read before it is dropped: receivers are asked for a status, not a body. */
const MAX_ANSWER = 64 * 1024;

/**
 * POST a signed event to an endpoint: the URL is checked again, its host resolved and every
 * address checked (destination.ts), and the connection made to a checked address through a
 * `lookup` that only hands those back. Redirects are not followed (a 3xx is a failure). The whole
 * attempt, resolution included, ends after `timeoutMs`. Never rejects.
 */
export async function sendOnce(o: SendOptions): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), o.timeoutMs);
  try {
    const url = checkUrl(o.url, o.policy);
    const addresses = await Promise.race([resolveChecked(hostOf(url), o.policy), aborted(controller.signal, o.timeoutMs)]);
    const answer = await post(url, addresses, o, controller.signal);
    return { ...answer, durationMs: took(), error: null };
  } catch (err) {
    const message = controller.signal.aborted
      ? `timed out after ${o.timeoutMs} ms`
      : err instanceof DestinationError
        ? `destination refused: ${err.message}`
        : errorText(err);
    return { status: null, headers: {}, durationMs: took(), error: message };
  } finally {
    clearTimeout(timer);
  }
}

function post(
  url: URL,
  addresses: LookupAddress[],
  o: SendOptions,
  signal: AbortSignal,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  const https = url.protocol === 'https:';
  const body = Buffer.from(o.body);
  return new Promise((done, fail) => {
    const req = (https ? httpsRequest : httpRequest)(
      url,
      {
        method: 'POST',
        agent: https ? agents.https : agents.http,
        headers: { ...o.headers, 'content-length': String(body.length) },
        signal,
        // Only checked addresses, whatever the name resolves to by now.
        // biome-ignore lint/suspicious/noExplicitAny: node's LookupFunction callback is overloaded (one address or all)
        lookup: (_host: string, opts: { all?: boolean }, cb: (...args: any[]) => void) => {
          if (opts.all) cb(null, addresses);
          else cb(null, addresses[0].address, addresses[0].family);
        },
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER) res.destroy();
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on('close', () => done({ status: res.statusCode ?? 0, headers: res.headers }));
        res.on('error', () => done({ status: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}

function aborted(signal: AbortSignal, ms: number): Promise<never> {
  return new Promise((_, fail) => signal.addEventListener('abort', () => fail(new Error(`timed out after ${ms} ms`)), { once: true }));
}

function errorText(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  return e.code ? `${e.code}: ${e.message}` : (e.message ?? String(err));
}

/** Close kept-alive connections (shutdown, tests). */
export function closeIdleConnections(): void {
  agents.http.destroy();
  agents.https.destroy();
}
