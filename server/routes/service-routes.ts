import { PATHS } from '../contract/api/paths.ts';
import { API_BASE } from '../contract/api/base.ts';
import type { Req, Res } from '../http/context.ts';
import { params } from '../http/param-schemas.ts';
import { problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { respond } from '../http/respond.ts';
import { JSON_TYPE, notModified } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { NO_PARAMS } from './common-params.ts';
import { type ReadinessCheck, type RouteDeps, route } from './route-def.ts';

/** The public routes: the OpenAPI document, the health check and the probes. */

const OPENAPI = {
  path: PATHS.openapi,
  tag: 'Service',
  scope: null,
  query: params({
    format: {
      type: 'string',
      enum: ['json', 'yaml'],
      description:
        'Representation of the document: `json` (default) or `yaml`. Without it, `Accept: application/yaml` (or `text/yaml`) selects YAML; an Accept header that allows neither JSON nor YAML gets 406.',
    },
  }),
  pathParams: NO_PARAMS,
  summary: 'OpenAPI 3.0 specification of the service',
  description: 'This document, as JSON or YAML. No API key needed.',
  ok: {
    description: 'The OpenAPI 3.0.3 document of this version of the service: JSON, or YAML when `Accept` prefers `application/yaml`.',
    schema: null,
  },
} as const;

const HEALTH = {
  path: PATHS.health,
  tag: 'Service',
  scope: null,
  etag: false,
  query: NO_PARAMS,
  pathParams: NO_PARAMS,
  summary: 'Health check with data-freshness timestamps',
  description:
    'Live status: the snapshot served, when it was built, uptime, and the release and ingest time of every source. No API key needed.',
  ok: {
    description: 'The service is up and serving a snapshot; the body says which, and the release of every source in it.',
    schema: 'Health',
  },
} as const;

const LIVENESS = {
  path: `${API_BASE}/health/live`,
  tag: 'Service',
  scope: null,
  etag: false,
  query: NO_PARAMS,
  pathParams: NO_PARAMS,
  summary: 'Liveness probe',
  description:
    'Answers 200 while the process runs its event loop, whatever its stores do: restart the process only when this fails. No API key needed, not counted. Added in v1.3.0.',
  ok: { description: 'The process is alive.', schema: 'Liveness' },
} as const;

const READINESS = {
  path: `${API_BASE}/health/ready`,
  tag: 'Service',
  scope: null,
  etag: false,
  query: NO_PARAMS,
  pathParams: NO_PARAMS,
  problems: ['unavailable'],
  summary: 'Readiness probe',
  description:
    'Whether this process should get traffic: 200 when it has a snapshot loaded, is not shutting down and every store it requires answers; otherwise 503 with `Retry-After`. Each check is listed either way; a store the process can serve without (the webhook outbox, a quota store that fails open) is listed with `required: false` and never fails readiness. No API key needed, not counted. Added in v1.3.0.',
  ok: { description: 'Ready: every required check passed.', schema: 'Readiness' },
} as const;

export const SERVICE_ROUTES = {
  getOpenApi: route(OPENAPI, ({ openapi }) => openapiResource(openapi)),
  getHealth: route(HEALTH, ({ snapshot, startedAt }) => healthResource(snapshot, startedAt)),
  getLiveness: route(LIVENESS, ({ startedAt }) => livenessResource(startedAt)),
  getReadiness: route(READINESS, ({ readiness }) => readinessResource(readiness)),
};

const PUBLIC_CACHE = 'public, max-age=300';

function wantsYaml(accept: string | undefined): boolean | null {
  if (!accept) return false;
  const a = accept.toLowerCase();
  if (/(application|text)\/(x-)?yaml/.test(a)) return true;
  if (a.includes('application/json') || a.includes('*/*') || a.includes('application/*')) return false;
  return null;
}

/** JSON, or YAML when Accept asks for it or ?format=yaml. No key needed. */
function openapiResource(openapi: RouteDeps['openapi']): RouteHandler<typeof OPENAPI> {
  return function openapiHandler(req, res, { query }): void {
    const { format } = query;
    const yaml = format ? format === 'yaml' : wantsYaml(req.headers.accept);
    if (yaml === null) {
      return sendProblem(req, res, problem('not-acceptable', 'The OpenAPI document is available as application/json or application/yaml.'));
    }
    const { bytes, etag } = openapi(yaml ? 'yaml' : 'json');
    if (notModified(req, res, etag, PUBLIC_CACHE, 'Accept')) return;
    respond(
      req,
      res,
      200,
      [
        'Content-Type',
        yaml ? 'application/yaml; charset=utf-8' : JSON_TYPE,
        'ETag',
        etag,
        'Cache-Control',
        PUBLIC_CACHE,
        'Vary',
        'Accept',
        'Content-Length',
        String(bytes.length),
      ],
      bytes,
    );
  };
}

/** GET /api/v1/health: status, snapshot, uptime and per-source freshness, computed live. No key needed. */
function healthResource(getSnapshot: () => Snapshot, startedAt: number): RouteHandler<typeof HEALTH> {
  return function healthHandler(req, res): void {
    const snap = getSnapshot();
    const now = Date.now();
    const rel = snap.release;
    const days = (iso: string) => Math.floor((now - Date.parse(iso)) / 86_400_000);
    const body = Buffer.from(
      JSON.stringify({
        status: 'ok',
        snapshot: rel.snapshot,
        builtAt: rel.builtAt,
        snapshotAgeSeconds: Math.floor((now - Date.parse(rel.builtAt)) / 1000),
        uptimeSeconds: Math.floor((now - startedAt) / 1000),
        apiVersion: rel.apiVersion,
        recordCount: rel.recordCount,
        checkedAt: new Date(now).toISOString(),
        sources: rel.sources.map((s) => ({
          id: s.id,
          name: s.name,
          release: s.release,
          releaseAgeDays: /^\d{4}-\d{2}-\d{2}$/.test(s.release) ? days(s.release) : null,
          ingestedAt: s.ingestedAt,
          license: s.license,
        })),
      }),
    );
    respond(req, res, 200, ['Content-Type', JSON_TYPE, 'Cache-Control', 'no-store', 'Content-Length', String(body.length)], body);
  };
}

/** How long a load balancer should wait before asking a process that is not ready again. */
export const NOT_READY_RETRY_SECONDS = 2;

function sendJson(req: Req, res: Res, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body));
  respond(req, res, 200, ['Content-Type', JSON_TYPE, 'Cache-Control', 'no-store', 'Content-Length', String(bytes.length)], bytes);
}

/** GET /api/v1/health/live: 200 while the event loop turns; it looks at nothing else, so a store outage never restarts the process. */
function livenessResource(startedAt: number): RouteHandler<typeof LIVENESS> {
  return function liveness(req, res): void {
    sendJson(req, res, { status: 'live', uptimeSeconds: Math.max(0, Math.floor((Date.now() - startedAt) / 1000)) });
  };
}

/**
 * GET /api/v1/health/ready: 200 with every check when no required check fails; otherwise a 503
 * `unavailable` problem with `Retry-After` and the same checks, so a load balancer stops sending
 * this process traffic (no snapshot, shutting down, a required store away) and resumes once it
 * passes again.
 */
function readinessResource(checks: () => ReadinessCheck[]): RouteHandler<typeof READINESS> {
  return function readiness(req, res): void {
    const list = checks();
    const failed = list.filter((c) => c.required && !c.ok);
    if (failed.length === 0) return sendJson(req, res, { status: 'ready', checks: list });
    sendProblem(
      req,
      res,
      problem('unavailable', `Not ready: ${failed.map((c) => `${c.name} (${c.detail})`).join('; ')}.`, { checks: list }),
      ['Retry-After', String(NOT_READY_RETRY_SECONDS)],
    );
  };
}
