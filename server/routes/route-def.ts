import type { RouteHandler } from '../http/route-input.ts';
import type { RouteSpec } from '../http/route-spec.ts';
import type { SearchEngine } from '../search/engine.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { WebhookService } from '../webhooks/service.ts';

/**
 * One endpoint, declared whole in its route module: the spec (path, method, parameters with their
 * schemas, scope, documentation) and the factory of its handler, as a fastify route carries its
 * schema and handler together. The app registers every route of the table (route-table.ts); the
 * OpenAPI document is written from the same table (server/openapi/).
 */

/** One thing readiness looks at (content/schemas/readiness-check.schema.json). */
export interface ReadinessCheck {
  name: 'snapshot' | 'shutdown' | 'quota-store' | 'webhook-store';
  ok: boolean;
  /** A failed required check makes the process not ready; a failed optional one is only reported. */
  required: boolean;
  detail: string;
}

/** One representation of the OpenAPI document of the snapshot served, with its ETag. */
export interface OpenApiBody {
  bytes: Buffer;
  etag: string;
}

/** What the app gives every handler factory once, at start: the services a handler may use. */
export interface RouteDeps {
  /** The snapshot of this request (swapped under the app when a new one is published). */
  snapshot: () => Snapshot;
  engine: () => SearchEngine;
  /** The webhook subscriptions and outbox; null: the webhook routes answer 503. */
  webhooks: () => WebhookService | null;
  /** The OpenAPI document of the snapshot served, as JSON or YAML (server/openapi/served-openapi.ts). */
  openapi: (format: 'json' | 'yaml') => OpenApiBody;
  /** What readiness looks at. */
  readiness: () => ReadinessCheck[];
  /** When the process started (ms since the epoch). */
  startedAt: number;
}

/** A route: its spec, and the factory that makes its handler from the app's services. */
export type Route<S extends RouteSpec = RouteSpec> = S & { handler: (deps: RouteDeps) => RouteHandler<S> };

/**
 * Declare a route: the spec and its handler factory, typed together, so the handler receives the
 * spec's parameters validated and typed (server/http/route-input.ts).
 */
export function route<const S extends RouteSpec>(spec: S, handler: (deps: RouteDeps) => RouteHandler<NoInfer<S>>): Route<S> {
  return { ...spec, handler };
}
