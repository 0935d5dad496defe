import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Scope, Tier } from '../contract/api/tiers.ts';

/** A counted call, as far as giving it back goes: the quota middleware makes it, respond() gives a 5xx's call back. */
export interface Charge {
  refund(): void;
}

/** The caller, once the auth middleware accepted its key. */
export interface Principal {
  keyId: string;
  name: string | null;
  tier: Tier;
  scopes: Scope[];
  /** svc_test_ keys: see README "Test keys". */
  test: boolean;
}

/** Per-request state the middleware chain fills in; the access log reads it at the end. */
export interface RequestContext {
  id: string;
  /** performance.now() when the request began. */
  start: number;
  /** Route pattern, e.g. '/api/v1/diseases/:mondoId' (never the raw URL, which may hold anything). */
  route: string | null;
  principal: Principal | null;
  /** 'memory' | 'disk' | 'composed' | 'miss' ... how the body was obtained; '304' on revalidation. */
  cache: string | null;
  /** Whether the quota hook counted this request. */
  counted: boolean;
  /**
   * Header name/value pairs every answer to this request carries (request id, rate-limit fields),
   * sent by respond() with the response's own: one writeHead, no per-header bookkeeping.
   */
  headers: string[];
  /** What the quota middleware counted, so that respond() can give a 5xx's call back. */
  charge: Charge | null;
  /** Runs once the response is written (the access log line). */
  onEnd: ((req: Req, status: number, bytes: number) => void) | null;
}

export type Req = IncomingMessage & {
  ctx: RequestContext;
  path: string;
  query: Record<string, string | string[] | undefined>;
  /** The raw query string as the router took it off the URL ('?a=1&b=2', or '' when there is none). */
  search: string;
  params: Record<string, string>;
};
export type Res = ServerResponse;
/**
 * A step before a handler (authentication, scope, quota): it either answers the request itself
 * and returns false, or returns true to let it go on; asynchronous steps return a promise of that.
 */
export type Guard = (req: Req, res: Res) => boolean | Promise<boolean>;
/** A route's handler: it answers the request. */
export type Handler = (req: Req, res: Res) => void | Promise<void>;
