import { randomBytes } from 'node:crypto';
import type { Req, Res } from '../http/context.ts';
import { holdsSecret } from '../http/redact.ts';

export interface RequestContextOptions {
  /** Honour an incoming X-Request-Id (1-64 of [A-Za-z0-9._-]) instead of minting one. */
  trustRequestId?: boolean;
  /** Runs once the response is written (the access log); null for none. */
  onEnd?: ((req: Req, status: number, bytes: number) => void) | null;
  /** Header name/value pairs every answer carries (Strict-Transport-Security over TLS). */
  headers?: readonly string[];
}

const SAFE_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Minted ids are a random prefix per process and a counter: unique across processes and restarts
 * (48 random bits), and a tenth of the cost of a random UUID per request.
 */
function idMinter(): () => string {
  const prefix = randomBytes(6).toString('base64url');
  let seq = 0;
  return () => `${prefix}-${(++seq).toString(36)}`;
}

/** Start per-request state (id, timer, headers every answer carries) and echo the id as X-Request-Id. */
export function requestContext(options: RequestContextOptions = {}): (req: Req, res: Res) => void {
  const trust = options.trustRequestId ?? true;
  const onEnd = options.onEnd ?? null;
  const mint = idMinter();
  const fixed = options.headers ?? [];
  return function startRequest(req) {
    const incoming = trust ? req.headers['x-request-id'] : undefined;
    // An id that looks like a key or secret is not echoed or logged: a fresh one stands in for it.
    const id = typeof incoming === 'string' && SAFE_ID.test(incoming) && !holdsSecret(incoming) ? incoming : mint();
    req.ctx = {
      id,
      start: performance.now(),
      route: null,
      principal: null,
      cache: null,
      counted: false,
      headers: fixed.length === 0 ? ['X-Request-Id', id] : ['X-Request-Id', id, ...fixed],
      charge: null,
      onEnd,
    };
  };
}
