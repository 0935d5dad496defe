import { randomUUID } from 'node:crypto';
import type { Middleware } from '../http/context.ts';

export interface RequestContextOptions {
  /** Honour an incoming X-Request-Id (trimmed to 64 safe characters) instead of minting one. */
  trustRequestId?: boolean;
}

/** Start per-request state (id, timer) and echo the id as X-Request-Id. */
export function requestContext(options: RequestContextOptions = {}): Middleware {
  const trust = options.trustRequestId ?? true;
  return function requestContextMiddleware(req, res, next) {
    const incoming = trust ? req.headers['x-request-id'] : undefined;
    const id = typeof incoming === 'string' && /^[A-Za-z0-9._-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    req.ctx = { id, start: process.hrtime.bigint(), route: null, principal: null, cache: null, counted: false };
    res.setHeader('X-Request-Id', id);
    next();
  };
}
