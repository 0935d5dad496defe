import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Scope, Tier } from '../contract/tiers.ts';


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
  start: bigint;
  /** Route pattern, e.g. '/api/v1/diseases/:mondoId' (never the raw URL, which may hold anything). */
  route: string | null;
  principal: Principal | null;
  /** 'memory' | 'disk' | 'composed' | 'miss' ... how the body was obtained; '304' on revalidation. */
  cache: string | null;
  /** Whether the quota hook counted this request. */
  counted: boolean;
}

export type Req = IncomingMessage & {
  ctx: RequestContext;
  path: string;
  query: Record<string, string | string[] | undefined>;
  params: Record<string, string>;
};
export type Res = ServerResponse;
export type Next = (err?: unknown) => void;
export type Middleware = (req: Req, res: Res, next: Next) => void | Promise<void>;
