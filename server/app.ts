import polka from 'polka';
import type { Logger } from 'pino';
import type { Guard, Handler, Req, Res } from './http/context.ts';
import { API_BASE, ROUTE_LIST, ROUTES, type OperationId } from './contract/api/routes.ts';
import { guarded } from './http/chain.ts';
import { methodNotAllowed, type Problem, problem, sendProblem } from './http/problem.ts';
import { type RouteHandler, withInputs } from './http/route-input.ts';
import type { KeyStore } from './keys/key-store.ts';
import type { AccessLogger } from './middleware/access-log.ts';
import { auth } from './middleware/auth.ts';
import { cors } from './middleware/cors.ts';
import type { CorsOrigins } from './contract/api/cors.ts';
import { HSTS_VALUE } from './contract/api/cors.ts';
import { respond } from './http/respond.ts';
import { quota } from './middleware/quota.ts';
import { requestContext } from './middleware/request-context.ts';
import { requireScope } from './middleware/require-scope.ts';
import type { Policies } from './contract/api/quotas.ts';
import type { QuotaStore } from './quota/store.ts';
import { bulkResource } from './routes/bulk.ts';
import {
  assistanceResource,
  orphanDrugsResource,
  pagsResource,
  recordResource,
  sectionResource,
  storedResource,
} from './routes/disease.ts';
import { listingResource } from './routes/listing.ts';
import { geneResource } from './routes/genes.ts';
import { downloadFileResource, downloadListResource } from './routes/downloads.ts';
import { hierarchyResource } from './routes/hierarchy.ts';
import { xrefBatchResource, xrefResource } from './routes/xrefs.ts';
import { releaseChangesResource, releaseResource, releasesResource } from './routes/releases.ts';
import { versionResource, versionsResource } from './routes/versions.ts';
import { healthResource, openapiResource } from './routes/meta.ts';
import { livenessResource, type ReadinessCheck, readinessResource } from './routes/probes.ts';
import { IntegrityError } from './snapshot/object-integrity.ts';
import { docsPage } from './routes/docs.ts';
import { DOCS_PATH } from './contract/api/docs.ts';
import { searchResource } from './routes/search.ts';
import { matchResource } from './routes/match.ts';
import { phenotypeSearchResource, phenotypeTermResource } from './routes/phenotypes.ts';
import { annotatePostResource, annotateResource } from './routes/annotate.ts';
import { webhookHandlers } from './routes/webhooks.ts';
import type { WebhookService } from './webhooks/service.ts';
import type { SearchEngine } from './search/engine.ts';
import type { Snapshot } from './snapshot/snapshot.ts';

export interface AppOptions {
  snapshot: () => Snapshot;
  engine: () => SearchEngine;
  keys: KeyStore;
  quotaStore: QuotaStore;
  policies: Policies;
  logger: Logger;
  /** The access log (see accessLog()); null: no request lines. */
  accessLog?: AccessLogger | null;
  now?: () => number;
  startedAt?: number;
  /** The webhook subscriptions and outbox; without it the webhook routes answer 503. */
  webhooks?: WebhookService | null;
  /** The API reference page the build wrote (dist/docs), served under /docs; null or absent: none. */
  docsDir?: string | null;
  /** CORS_ORIGINS (parseCorsOrigins): `*`, the allowed origins, or null/absent for no CORS headers. */
  corsOrigins?: CorsOrigins;
  /** Served over TLS: every answer carries Strict-Transport-Security. */
  tls?: boolean;
  /** Per-request metrics (server/metrics/): called with the access log once each answer is written. */
  metrics?: ((req: Req, status: number, bytes: number) => void) | null;
  /** What readiness looks at (server/routes/probes.ts); absent: only that a snapshot is loaded. */
  readiness?: () => ReadinessCheck[];
}

/** The app as the server runs it: polka's handler behind the checks Node leaves to the app. */
export type App = ReturnType<typeof polka> & {
  /** The request listener: a request without Host (HTTP/1.1) is a 400 problem, anything else goes to polka. */
  serve: (req: Req, res: Res) => void;
  /** The `checkExpectation` listener: an Expect other than 100-continue is a 417 problem. */
  expectationFailed: (req: Req, res: Res) => void;
};

/**
 * The HTTP application: each path's dispatcher starts the request context (id, access log at the
 * end), then runs the method's chain, built from the contract's route table. Keyed routes run auth -> scope -> quota -> handler, so 401/403
 * are never counted. A method the path does not serve is a 405 before any of that; OPTIONS is a
 * 204 with Allow. With CORS_ORIGINS, the CORS guard runs first (it answers preflights).
 */
export function createApp(o: AppOptions): App {
  const log = o.accessLog ?? null;
  const observe = o.metrics ?? null;
  const onEnd =
    log && observe
      ? (req: Req, status: number, bytes: number) => {
          log(req, status, bytes);
          observe(req, status, bytes);
        }
      : (log ?? observe);
  const startRequest = requestContext({ onEnd, headers: o.tls ? ['Strict-Transport-Security', HSTS_VALUE] : [] });
  const origins = o.corsOrigins ?? null;
  const noMatchCors = origins === null ? null : cors({ origins, methods: null });
  const app = polka({
    onError(err: unknown, req: Req, res: Res) {
      // A damaged stored object was logged once when found (the snapshot reports it); the rest here.
      const damaged = err instanceof IntegrityError;
      if (!damaged) o.logger.error({ err, reqId: req.ctx?.id }, 'unhandled error');
      if (!req.ctx) startRequest(req, res);
      const detail = damaged
        ? 'The stored response for this resource failed its integrity check, so it is not sent; this has been logged.'
        : 'The server failed to answer this request; it has been logged.';
      if (!res.headersSent) sendProblem(req, res, problem('internal', detail));
      else res.destroy();
    },
    onNoMatch(req: Req, res: Res) {
      if (!req.ctx) startRequest(req, res);
      noMatchCors?.(req, res);
      sendProblem(req, res, problem('not-found', `No endpoint at ${req.path}. See ${API_BASE}/openapi.`));
    },
  } as never);

  const snap = o.snapshot;
  // Each handler is typed by its route: it receives the route's declared inputs, validated (route-input.ts).
  const handlers: { [K in OperationId]: RouteHandler<(typeof ROUTES)[K]> } = {
    listDiseases: listingResource(snap),
    searchDiseases: searchResource(snap, o.engine),
    matchDiseases: matchResource(snap),
    searchPhenotypes: phenotypeSearchResource(snap),
    annotatePhenotypes: annotateResource(snap),
    annotatePhenotypesPost: annotatePostResource(snap),
    getPhenotype: phenotypeTermResource(snap),
    getDiseasesBulk: bulkResource(snap),
    getDisease: recordResource(snap),
    getDiseaseSummary: storedResource(snap, ROUTES.getDiseaseSummary),
    getDiseaseSection: sectionResource(snap),
    getDiseasePhenotypes: storedResource(snap, ROUTES.getDiseasePhenotypes),
    listDiseasePags: pagsResource(snap),
    listDiseaseAssistancePrograms: assistanceResource(snap),
    listDiseaseOrphanDrugs: orphanDrugsResource(snap),
    getDiseaseScreening: storedResource(snap, ROUTES.getDiseaseScreening),
    getXref: xrefResource(snap),
    getXrefs: xrefBatchResource(snap),
    listDiseaseParents: hierarchyResource(snap, 'parents'),
    listDiseaseChildren: hierarchyResource(snap, 'children'),
    listDiseaseAncestors: hierarchyResource(snap, 'ancestors'),
    listDiseaseDescendants: hierarchyResource(snap, 'descendants'),
    getGene: geneResource(snap),
    listReleases: releasesResource(snap),
    getRelease: releaseResource(snap),
    listReleaseChanges: releaseChangesResource(snap),
    listDiseaseVersions: versionsResource(snap),
    listReleaseDownloads: downloadListResource(snap),
    getReleaseDownload: downloadFileResource(snap),
    getDiseaseVersion: versionResource(snap),
    getOpenApi: openapiResource(snap),
    getHealth: healthResource(snap, o.startedAt ?? Date.now()),
    getLiveness: livenessResource(o.startedAt ?? Date.now()),
    getReadiness: readinessResource(
      o.readiness ?? (() => [{ name: 'snapshot', ok: true, required: true, detail: snap().manifest.snapshot }]),
    ),
    ...webhookHandlers(() => o.webhooks ?? null),
  };
  const authn = auth({ store: o.keys });
  const metered = quota({ store: o.quotaStore, policies: o.policies, now: o.now });
  // One polka route per path: the method is dispatched here, so HEAD and 405 need no routes of their own.
  const byPath = new Map<string, Map<string, Handler>>();
  for (const route of ROUTE_LIST) {
    const pattern = route.path.replace(/\{(\w+)\}/g, ':$1');
    const guards: Guard[] = route.scope ? [authn, requireScope(route.scope), metered] : [];
    const methods = byPath.get(pattern) ?? new Map<string, Handler>();
    const method = route.method ?? 'GET';
    methods.set(method, guarded(guards, withInputs(route, handlers[route.operationId] as RouteHandler<typeof route>, snap)));
    if (method === 'GET') methods.set('HEAD', methods.get('GET')!);
    byPath.set(pattern, methods);
  }
  for (const [pattern, methods] of byPath) {
    const allow = [...methods.keys(), 'OPTIONS'].join(', ');
    // CORS runs first, before auth: a preflight is answered there, never counted; off, it costs nothing.
    const corsGuard = origins === null ? null : cors({ origins, methods: allow });
    app.all(pattern, function dispatch(req: Req, res: Res) {
      startRequest(req, res);
      // The route pattern names the request in the log and quota, never the raw URL.
      req.ctx.route = pattern;
      if (corsGuard !== null && !corsGuard(req, res)) return;
      const run = methods.get(req.method ?? '');
      if (run) return run(req, res);
      // Any other OPTIONS (no preflight, or CORS off or the origin not allowed) says what the path allows.
      if (req.method === 'OPTIONS') return respond(req, res, 204, ['Allow', allow]);
      methodNotAllowed(req, res, allow);
    } as never);
  }
  // The reference page is a static mount beside the API, not a route of the table (server/contract/api/docs.ts).
  if (o.docsDir) app.use(DOCS_PATH, docsPage(o.docsDir, startRequest) as never);
  const early = (req: Req, res: Res, p: Problem) => {
    startRequest(req, res);
    sendProblem(req, res, p, ['Connection', 'close']);
  };
  return Object.assign(app, {
    serve(req: Req, res: Res): void {
      // RFC 9112 §3.2: a server must answer 400 to an HTTP/1.1 request without Host (Node's own answer is a bare 400).
      if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1)
        return early(req, res, problem('malformed-request', 'An HTTP/1.1 request needs a Host header field (RFC 9112, section 3.2).'));
      app.handler(req as never, res as never, undefined as never);
    },
    expectationFailed(req: Req, res: Res): void {
      early(req, res, problem('expectation-failed', 'This server meets no expectation but 100-continue; send the request without Expect.'));
    },
  }) as App;
}
