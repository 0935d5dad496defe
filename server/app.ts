import polka from 'polka';
import type { Logger } from 'pino';
import type { Scope } from './contract/tiers.ts';
import type { Middleware, Req, Res } from './http/context.ts';
import { chain } from './http/chain.ts';
import { problem, sendProblem } from './http/problem.ts';
import type { KeyStore } from './keys/key-store.ts';
import { accessLog } from './middleware/access-log.ts';
import { auth } from './middleware/auth.ts';
import { quota } from './middleware/quota.ts';
import { requestContext } from './middleware/request-context.ts';
import { requireScope } from './middleware/require-scope.ts';
import type { Policies } from './quota/policies.ts';
import type { QuotaStore } from './quota/store.ts';
import { bulkResource } from './routes/bulk.ts';
import { assistanceResource, methodNotAllowed, pagsResource, recordResource, sectionResource, storedResource } from './routes/disease.ts';
import { listingResource } from './routes/listing.ts';
import { healthResource, openapiResource } from './routes/meta.ts';
import { searchResource } from './routes/search.ts';
import type { SearchEngine } from './search/engine.ts';
import type { Snapshot } from './snapshot/snapshot.ts';

export interface AppOptions {
  snapshot: () => Snapshot;
  engine: () => SearchEngine;
  keys: KeyStore;
  quotaStore: QuotaStore;
  policies: Policies;
  logger: Logger;
  now?: () => number;
  startedAt?: number;
}

const BASE = '/api/v1';

/** Name the route pattern for the access log and quota (never the raw URL). */
function named(route: string): Middleware {
  return function routeName(req, _res, next) {
    req.ctx.route = route;
    next();
  };
}

/**
 * The HTTP application: request context and access log first; then each route's chain. Keyed
 * routes run auth -> scope -> quota -> handler, so 401/403 are never counted.
 */
export function createApp(o: AppOptions) {
  const app = polka({
    onError(err: unknown, req: Req, res: Res) {
      o.logger.error({ err, reqId: req.ctx?.id }, 'unhandled error');
      if (!res.headersSent) sendProblem(res, problem('internal', 'The server failed to answer this request; it has been logged.'), req.method);
      else res.destroy();
    },
    onNoMatch(req: Req, res: Res) {
      sendProblem(res, problem('not-found', `No endpoint at ${req.path}. See ${BASE}/openapi.`), req.method);
    },
  } as never);
  app.use(chain([requestContext(), accessLog({ logger: o.logger })]) as never);

  const authn = auth({ store: o.keys });
  const metered = quota({ store: o.quotaStore, policies: o.policies, now: o.now });
  const route = (pattern: string, scope: Scope | null, handler: (req: Req, res: Res) => unknown) => {
    const steps: Middleware[] = [named(pattern)];
    if (scope) steps.push(authn, requireScope(scope), metered);
    steps.push(handler as Middleware);
    const run = chain(steps);
    app.get(pattern, run as never);
    app.head(pattern, run as never);
    app.all(pattern, methodNotAllowed as never);
  };
  const snap = o.snapshot;
  route(`${BASE}/openapi`, null, openapiResource(snap));
  route(`${BASE}/health`, null, healthResource(snap, o.startedAt ?? Date.now()));
  route(`${BASE}/diseases`, 'search', listingResource(snap));
  route(`${BASE}/diseases/search`, 'search', searchResource(snap, o.engine));
  route(`${BASE}/diseases/bulk`, 'bulk', bulkResource(snap));
  route(`${BASE}/diseases/:mondoId`, 'read', recordResource(snap));
  route(`${BASE}/diseases/:mondoId/summary`, 'read', storedResource(snap, 'summary', '/summary'));
  route(`${BASE}/diseases/:mondoId/sections/:section`, 'read', sectionResource(snap));
  route(`${BASE}/diseases/:mondoId/phenotypes`, 'read', storedResource(snap, 'phenotypes', '/phenotypes'));
  route(`${BASE}/diseases/:mondoId/pags`, 'read', pagsResource(snap));
  route(`${BASE}/diseases/:mondoId/assistance`, 'read', assistanceResource(snap));
  route(`${BASE}/diseases/:mondoId/orphan-drugs`, 'read', storedResource(snap, 'orphan-drugs', '/orphan-drugs'));
  route(`${BASE}/diseases/:mondoId/screening`, 'read', storedResource(snap, 'screening', '/screening'));
  return app;
}
