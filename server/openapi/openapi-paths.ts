import type { RouteSpec } from '../http/route-spec.ts';

/** A route as the document describes it: its spec and operation id. */
type DocumentedRoute = RouteSpec & { operationId: string };
import { routeParameters } from './openapi-parameters.ts';
import { responses } from './openapi-responses.ts';

/** The `paths` of the OpenAPI document, one operation per route of the route table. */

type Obj = Record<string, unknown>;

/** Name of the security scheme in components.securitySchemes. */
export const SECURITY_SCHEME = 'bearerAuth';

/** The 200 of the OpenAPI document itself: JSON or YAML, no component schema. */
const SPEC_OK = (description: string): Obj => ({
  description,
  headers: {
    ETag: { $ref: '#/components/headers/ETag' },
    'Cache-Control': { $ref: '#/components/headers/CacheControl' },
    Vary: { $ref: '#/components/headers/Vary' },
  },
  content: { 'application/json': { schema: { type: 'object' } }, 'application/yaml': { schema: { type: 'string' } } },
});

/** The 200 of a download: the stored bytes, with a strong ETag and byte ranges. */
const DOWNLOAD_OK = (description: string, media: string): Obj => ({
  description,
  headers: {
    ETag: { $ref: '#/components/headers/ETag' },
    'Cache-Control': { $ref: '#/components/headers/CacheControl' },
    'Accept-Ranges': { description: '`bytes`: one byte range may be asked for with `Range`.', schema: { type: 'string' } },
  },
  content: { [media]: { schema: { type: 'string', format: 'binary' } } },
});

function operation(route: DocumentedRoute): Obj {
  const auth = route.scope !== null;
  const parameters = routeParameters(route);
  const ok =
    route.ok.schema !== null
      ? { description: route.ok.description, schema: route.ok.schema }
      : route.ok.media
        ? DOWNLOAD_OK(route.ok.description, route.ok.media)
        : route.ok.status === 204
          ? { description: route.ok.description }
          : SPEC_OK(route.ok.description);
  const body = route.body
    ? { requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${route.body.title}` } } } } }
    : {};
  return {
    tags: [route.tag],
    summary: route.summary,
    description: auth ? `${route.description}\n\nNeeds an API key with the \`${route.scope}\` scope.` : route.description,
    operationId: route.operationId,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...body,
    // A public operation says so explicitly: no security requirement applies to it.
    security: auth ? [{ [SECURITY_SCHEME]: [] }] : [],
    ...(auth ? { 'x-required-scope': route.scope } : {}),
    responses: responses(ok, {
      auth,
      resolvesDisease: route.resolvesDisease ?? false,
      mondoIdForms: 'mondoId' in route.pathParams.properties,
      rangeOf: route.ok.media,
      notFound: route.notFound,
      link: route.link,
      etag: route.etag,
      status: route.ok.status,
      problems: route.problems,
      body: route.body !== undefined,
    }),
  };
}

/** The `paths` object: every route of the table with its operation. */
export function openApiPaths(routes: readonly DocumentedRoute[]): Record<string, Obj> {
  const paths: Record<string, Obj> = {};
  for (const route of routes) paths[route.path] = { ...paths[route.path], [(route.method ?? 'GET').toLowerCase()]: operation(route) };
  return paths;
}
