import type { ParamsOf } from '../contract/api/params.ts';
import type { RouteDef } from '../contract/api/route-def.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { Handler, Req, Res } from './context.ts';
import { paramReader } from './param-reader.ts';
import { badRequest } from './problem.ts';
import { resolveDisease } from './resolve-disease.ts';

/** The declared inputs of a route, as its handler receives them: validated, defaults filled in, typed. */
export interface RouteInput<R extends Pick<RouteDef, 'query' | 'pathParams'>> {
  query: ParamsOf<R['query']>;
  path: ParamsOf<R['pathParams']>;
}

/** A route's handler: it answers a request whose declared inputs were already checked. */
export type RouteHandler<R extends Pick<RouteDef, 'query' | 'pathParams'>> = (
  req: Req,
  res: Res,
  input: RouteInput<R>,
) => void | Promise<void>;

/**
 * The handler of a route behind its declared inputs, as fastify runs a schema-first route: the
 * query and path parameters are validated against the route's schemas (a 400 that lists every bad
 * one), and a route that resolves a disease has its `{mondoId}` resolved (301, 404 or 410), all
 * before the handler runs. Guards (auth, scope, quota) run before this, so a 400 is a counted call.
 */
export function withInputs<R extends RouteDef>(route: R, handler: RouteHandler<R>, snapshot: () => Snapshot): Handler {
  const read = paramReader<R['query'], R['pathParams']>(route.query, route.pathParams);
  const resolves = route.resolvesDisease === true;
  return function inputs(req, res) {
    const p = read(req.query, req.params);
    if (!p.ok) return badRequest(req, res, p.errors);
    if (resolves) {
      const current = resolveDisease(req, res, snapshot(), route.path, p.path as unknown as { mondoId: string });
      if (current !== true) return current;
    }
    return handler(req, res, p);
  };
}
