import { API_BASE } from './base.ts';
import { NO_PARAMS } from './disease-params.ts';
import { params } from './params.ts';
import type { RouteDef } from './route-def.ts';

/** The public routes: the OpenAPI document and the health check. */

export const OPENAPI_QUERY = params({
  format: {
    type: 'string',
    enum: ['json', 'yaml'],
    description:
      'Representation of the document: `json` (default) or `yaml`. Without it, `Accept: application/yaml` (or `text/yaml`) selects YAML; an Accept header that allows neither JSON nor YAML gets 406.',
  },
});

export const SERVICE_ROUTES = {
  getOpenApi: {
    path: `${API_BASE}/openapi`,
    tag: 'Service',
    scope: null,
    query: OPENAPI_QUERY,
    pathParams: NO_PARAMS,
    summary: 'OpenAPI 3.0 specification of the service',
    description: 'This document, as JSON or YAML. No API key needed.',
    ok: {
      description: 'The OpenAPI 3.0.3 document of this version of the service: JSON, or YAML when `Accept` prefers `application/yaml`.',
      schema: null,
    },
  },
  getHealth: {
    path: `${API_BASE}/health`,
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
  },
  getLiveness: {
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
  },
  getReadiness: {
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
  },
} as const satisfies Record<string, Omit<RouteDef, 'operationId'>>;
