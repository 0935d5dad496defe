import type { Logger } from 'pino';
import polka, { type Polka } from 'polka';
import type { Guard, Handler, Req, Res } from './http/context.ts';
import { API_BASE } from './contract/api/base.ts';
import { guarded } from './http/chain.ts';
import { methodNotAllowed, type Problem, problem, sendProblem } from './http/problem.ts';
import { withInputs } from './http/route-input.ts';
import type { KeyStore } from './keys/key-store.ts';
import type { AccessLogger } from './middleware/access-log.ts';
import { auth } from './middleware/auth.ts';
import { cors } from './middleware/cors.ts';
import type { CorsOrigins } from './contract/api/cors-headers.ts';
import { HSTS_VALUE } from './contract/api/cors-headers.ts';
import { Router } from './http/router.ts';
import { respond } from './http/respond.ts';
import { quota } from './middleware/quota.ts';
import { requestContext } from './middleware/request-context.ts';
import { requireScope } from './middleware/require-scope.ts';
import type { Policies } from './contract/api/quotas.ts';
import type { QuotaStore } from './quota/store.ts';
import { ROUTE_LIST } from './routes/route-table.ts';
import { ServedOpenApi } from './openapi/served-openapi.ts';
import type { OpenApiBody, ReadinessCheck, RouteDeps } from './routes/route-def.ts';
import { IntegrityError } from './snapshot/object-integrity.ts';
import { docsPage } from './routes/docs.ts';
import { DOCS_PATH } from './contract/api/docs-mount.ts';
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
  /** What readiness looks at (server/routes/service-routes.ts); absent: only that a snapshot is loaded. */
  readiness?: () => ReadinessCheck[];
  /** The OpenAPI document of the snapshot served; absent: composed on first use (server/openapi/served-openapi.ts). */
  openapi?: (format: 'json' | 'yaml') => OpenApiBody;
}

/**
 * The HTTP application, a polka app: polka parses each request's URL and runs its one middleware,
 * the dispatch, whose router (http/router.ts) is the one matcher: it holds every route of the table
 * and the /docs mount, static segments before parameters whatever the order they were added in
 * (polka's own router runs its routes in the order added, each by its regular expression, so the
 * app adds none to it). Each path's dispatcher starts the request context (id, access log at the
 * end), then runs the method's chain: keyed routes run auth -> scope -> quota -> handler, so
 * 401/403 are never counted. A method the path does not serve is a 405 before any of that; OPTIONS
 * is a 204 with Allow. With CORS_ORIGINS, the CORS guard runs first (it answers preflights). A path
 * nothing matches is polka's onNoMatch, a 404 problem; an error thrown or a promise rejected is
 * polka's onError, a 500 problem.
 */
export class App {
  readonly #router = new Router();
  readonly #polka: Polka;
  readonly #startRequest: (req: Req, res: Res) => void;

  constructor(o: AppOptions) {
    this.#startRequest = requestContext({ onEnd: endOfRequest(o), headers: o.tls ? ['Strict-Transport-Security', HSTS_VALUE] : [] });
    const { onError, onNoMatch } = fallbacks(o, this.#startRequest);
    for (const [pattern, methods] of methodsByPath(o)) this.#router.add(pattern, dispatcher(pattern, methods, o, this.#startRequest));
    // The reference page is a static mount beside the API, not a route of the table (server/contract/api/docs-mount.ts).
    if (o.docsDir) this.#router.mount(DOCS_PATH, docsPage(o.docsDir, this.#startRequest));
    this.#polka = polka({
      onError: (err, req, res) => onError(err, req as never, res),
      onNoMatch: (req, res) => onNoMatch(req as never, res),
    });
    this.#polka.use((req, res, next) => this.#dispatch(req as never, res, next) as Promise<void>);
  }

  /** Every request, in production (the server's request listener) and in tests (inject): polka's handler. */
  handle(req: Req, res: Res): void {
    // polka's handler takes `next` only when mounted in another app; its own is made per request.
    this.#polka.handler(req as never, res, undefined as never);
  }

  /** A request without Host (HTTP/1.1) is a 400 problem; anything else goes to the route the router finds. */
  #dispatch(req: Req, res: Res, next: () => unknown): unknown {
    // RFC 9112 §3.2: a server must answer 400 to an HTTP/1.1 request without Host (Node's own answer is a bare 400).
    if (req.headers.host === undefined && req.httpVersionMajor === 1 && req.httpVersionMinor === 1)
      return this.#early(req, res, problem('malformed-request', 'An HTTP/1.1 request needs a Host header field (RFC 9112, section 3.2).'));
    const route = this.#router.find(req);
    if (route === null) return next();
    // polka awaits what the route returns: a rejected promise reaches onError.
    return route(req, res);
  }

  /** The `checkExpectation` listener: an Expect other than 100-continue is a 417 problem. */
  expectationFailed(req: Req, res: Res): void {
    this.#early(
      req,
      res,
      problem('expectation-failed', 'This server meets no expectation but 100-continue; send the request without Expect.'),
    );
  }

  /** An answer before any route: the request context, then the problem, and the connection closed. */
  #early(req: Req, res: Res, p: Problem): void {
    this.#startRequest(req, res);
    sendProblem(req, res, p, ['Connection', 'close']);
  }
}

/** The app of the options: the request listener the server calls for every request. */
export function createApp(o: AppOptions): App {
  return new App(o);
}

/** One path's dispatcher: the request context, CORS, then the method's chain, a 204 for OPTIONS or a 405. */
function dispatcher(pattern: string, methods: Map<string, Handler>, o: AppOptions, startRequest: (req: Req, res: Res) => void): Handler {
  const allow = [...methods.keys(), 'OPTIONS'].join(', ');
  // CORS runs first, before auth: a preflight is answered there, never counted; off, it costs nothing.
  const corsGuard = o.corsOrigins ? cors({ origins: o.corsOrigins, methods: allow }) : null;
  return function dispatch(req: Req, res: Res) {
    startRequest(req, res);
    // The route pattern names the request in the log and quota, never the raw URL.
    req.ctx.route = pattern;
    if (corsGuard !== null && !corsGuard(req, res)) return;
    const run = methods.get(req.method ?? '');
    if (run) return run(req, res);
    // Any other OPTIONS (no preflight, or CORS off or the origin not allowed) says what the path allows.
    if (req.method === 'OPTIONS') return respond(req, res, 204, ['Allow', allow]);
    methodNotAllowed(req, res, allow);
  };
}

/** What runs once each answer is written: the access log line, then the metrics. */
function endOfRequest(o: AppOptions): ((req: Req, status: number, bytes: number) => void) | null {
  const log = o.accessLog ?? null;
  const observe = o.metrics ?? null;
  if (!log || !observe) return log ?? observe;
  return (req, status, bytes) => {
    log(req, status, bytes);
    observe(req, status, bytes);
  };
}

/** The answers when no route matched and when a handler threw. */
function fallbacks(o: AppOptions, startRequest: (req: Req, res: Res) => void) {
  const noMatchCors = o.corsOrigins ? cors({ origins: o.corsOrigins, methods: null }) : null;
  return {
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
      startRequest(req, res);
      noMatchCors?.(req, res);
      sendProblem(req, res, problem('not-found', `No endpoint at ${req.path}. See ${API_BASE}/openapi.`));
    },
  };
}

/**
 * Every route as its guarded handler, by path pattern, then by method: one router entry per path,
 * so HEAD and 405 need no entries of their own.
 */
function methodsByPath(o: AppOptions): Map<string, Map<string, Handler>> {
  const snap = o.snapshot;
  const deps: RouteDeps = {
    snapshot: snap,
    engine: o.engine,
    webhooks: () => o.webhooks ?? null,
    openapi: o.openapi ?? servedOpenApi(snap),
    readiness: o.readiness ?? (() => [{ name: 'snapshot', ok: true, required: true, detail: snap().manifest.snapshot }]),
    startedAt: o.startedAt ?? Date.now(),
  };
  const authn = auth({ store: o.keys });
  const metered = quota({ store: o.quotaStore, policies: o.policies, now: o.now });
  const byPath = new Map<string, Map<string, Handler>>();
  for (const route of ROUTE_LIST) {
    const pattern = route.path.replace(/\{(\w+)\}/g, ':$1');
    const guards: Guard[] = route.scope ? [authn, requireScope(route.scope), metered] : [];
    const methods = byPath.get(pattern) ?? new Map<string, Handler>();
    const method = route.method ?? 'GET';
    methods.set(method, guarded(guards, withInputs(route, route.handler(deps), snap)));
    if (method === 'GET') methods.set('HEAD', methods.get('GET')!);
    byPath.set(pattern, methods);
  }
  return byPath;
}

/** The document of the snapshot served, composed on first use. */
function servedOpenApi(snapshot: () => Snapshot): (format: 'json' | 'yaml') => OpenApiBody {
  const served = new ServedOpenApi(snapshot);
  return (format) => served.body(format);
}
