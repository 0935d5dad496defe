import type { DiseaseResource } from '../contract/api/paths.ts';
import type { ProblemKind } from '../contract/api/problems.ts';
import type { Scope } from '../contract/api/tiers.ts';
import type { ANNOTATE_BODY } from '../contract/api/annotate.ts';
import type { BodySchema } from '../contract/api/webhooks.ts';
import type { ParamsSchema } from './param-schemas.ts';

/**
 * What a route declares besides its handler: what the server registers, validates and answers,
 * and what the OpenAPI document says. A route module (server/routes/) declares each of its routes
 * whole, this spec with its handler (route-def.ts there).
 */

/** The OpenAPI tags, in display order (TAGS in server/routes/route-table.ts describes each). */
export type RouteTag = 'Diseases' | 'Disease resources' | 'Phenotypes' | 'Lookups' | 'History' | 'Webhooks' | 'Service';

/** Methods a route can have; HEAD is answered by every GET route. */
export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteSpec {
  /** Default GET. */
  method?: RouteMethod;
  path: string;
  tag: RouteTag;
  summary: string;
  description: string;
  /** Scope the API key needs; null: a public route, no key. */
  scope: Scope | null;
  query: ParamsSchema;
  pathParams: ParamsSchema;
  /**
   * The success response: its status (default 200) and body component; `null` where there is no
   * body (204) or the route documents its own 200 (openapi); `media` with a null schema: bytes of that type (downloads, with 206).
   */
  ok: { description: string; schema: string | null; status?: 200 | 201 | 202 | 204; media?: string };
  /** JSON request body (POST, PATCH): validated by the server, `requestBody` in the document. */
  body?: BodySchema | typeof ANNOTATE_BODY;
  /** Problem kinds this route answers besides those every route has (400, 401, 403, 429, 500). */
  problems?: readonly ProblemKind[];
  /** The precomputed per-disease body this route serves. */
  stored?: DiseaseResource;
  /**
   * The route's `{mondoId}` names a current disease: before the handler runs, an obsolete id is
   * answered with 301 to its replacement (or 410) and an unknown one with 404.
   */
  resolvesDisease?: true;
  /** When a route that is not per-disease answers 404 (documented as its 404 response). */
  notFound?: string;
  /** Sends an RFC 8288 Link header. */
  link?: boolean;
  /** Carries an ETag (false: always computed live). */
  etag?: boolean;
}
