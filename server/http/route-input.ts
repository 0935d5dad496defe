import type { ParamsOf } from './param-schemas.ts';
import type { RouteSpec } from './route-spec.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { Handler, Req, Res } from './context.ts';
import { paramReader } from './param-reader.ts';
import { badRequest } from './problem.ts';
import { resolveDisease } from './resolve-disease.ts';
import { canonicalMondoId } from '../contract/api/mondo-id-forms.ts';
import { fillPath, PATHS } from '../contract/api/paths.ts';
import type { InvalidParam } from '../contract/api/problems.ts';
import { respond } from './respond.ts';

/** The declared inputs of a route, as its handler receives them: validated, defaults filled in, typed. */
export interface RouteInput<R extends Pick<RouteSpec, 'query' | 'pathParams'>> {
  query: ParamsOf<R['query']>;
  path: ParamsOf<R['pathParams']>;
}

/** A route's handler: it answers a request whose declared inputs were already checked. */
export type RouteHandler<R extends Pick<RouteSpec, 'query' | 'pathParams'>> = (
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
export function withInputs<R extends RouteSpec>(route: R, handler: RouteHandler<R>, snapshot: () => Snapshot): Handler {
  const read = paramReader<R['query'], R['pathParams']>(route.query, route.pathParams);
  const resolves = route.resolvesDisease === true;
  const takesMondoId = 'mondoId' in route.pathParams.properties;
  return function inputs(req, res) {
    if (takesMondoId) {
      const canonical = canonicalMondoId(req.params.mondoId ?? '');
      if (canonical !== null) return redirectToCanonical(req, res, route.path, canonical);
    }
    const p = read(req.query, req.params);
    if (!p.ok) return badRequest(req, res, takesMondoId ? p.errors.map((e) => xrefHint(e, req.params.mondoId)) : p.errors);
    if (resolves) {
      const current = resolveDisease(req, res, snapshot(), route.path, p.path as unknown as { mondoId: string });
      if (current !== true) return current;
    }
    return handler(req, res, p);
  };
}

/**
 * 308 to the same route with the canonical Mondo id (another spelling was given: see
 * mondo-id-forms.ts); the other path parameters and the query string are kept as sent.
 */
function redirectToCanonical(req: Req, res: Res, routePath: string, mondoId: string): void {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.params)) values[name] = encodeURIComponent(value);
  const location = fillPath(routePath, { ...values, mondoId }) + (req.search ?? '');
  respond(req, res, 308, ['Location', location, 'Cache-Control', 'no-store', 'Content-Length', '0']);
}

/** A code of another system where a Mondo id belongs (`OMIM:219700`): the 400 says where such codes are looked up. */
function xrefHint(e: InvalidParam, raw: string | undefined): InvalidParam {
  if (e.name !== 'mondoId' || raw === undefined || !/^[A-Za-z][\w.-]*:\S+$/.test(raw) || /^mondo:/i.test(raw)) return e;
  const path = fillPath(PATHS.xref, { curie: encodeURIComponent(raw).replace(/%3A/g, ':') });
  return { ...e, detail: `${e.detail}; ${raw} looks like a code of another system: ${path} lists the Mondo diseases mapped to it` };
}
