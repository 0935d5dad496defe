import createClient, { type Middleware } from 'openapi-fetch';
import { openApiDocument } from './openapi-document.ts';
import type { paths } from '../generated/api.ts';
import { schemaErrors } from './response-schemas.ts';

type Obj = Record<string, any>;

/** The document the types were generated from (npm run types), as the build publishes it. */
export const DOCUMENT = openApiDocument() as Obj;

/**
 * What the document says a response of `method` on the path template `schemaPath` with `status`
 * has: its media type and body component (null: no body), or undefined when the status is not
 * documented for that operation.
 */
export function documentedBody(
  schemaPath: string,
  method: string,
  status: number,
): { type: string; component: string | null } | null | undefined {
  const response = DOCUMENT.paths?.[schemaPath]?.[method.toLowerCase()]?.responses?.[String(status)] as Obj | undefined;
  if (!response) return undefined;
  const content = response.content as Obj | undefined;
  if (!content) return null;
  const [type, media] = Object.entries(content)[0] as [string, Obj];
  // A body without a component (the OpenAPI document's own 200) is only checked for its media type.
  const ref = media.schema?.$ref as string | undefined;
  return { type, component: ref ? ref.replace('#/components/schemas/', '') : null };
}

/**
 * Checks every answer against the document: the status is documented for the operation, the
 * media type is the documented one, and the body is valid against the documented component.
 * A mismatch rejects the call, so a test that uses the client fails on any drift.
 */
const conformance: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const documented = documentedBody(schemaPath, request.method, response.status);
    const what = `${request.method} ${schemaPath} -> ${response.status}`;
    if (documented === undefined) throw new Error(`${what}: status not documented`);
    if (documented === null || request.method === 'HEAD') return;
    const type = response.headers.get('content-type') ?? '';
    if (type.split(';')[0] !== documented.type) throw new Error(`${what}: content-type ${type}, documented ${documented.type}`);
    if (documented.component === null) return;
    const errors = schemaErrors(documented.component, await response.clone().json());
    if (errors.length > 0) throw new Error(`${what}: body is not a valid ${documented.component}: ${errors.slice(0, 5).join('; ')}`);
  },
};

/**
 * An openapi-fetch client over the generated types, as a user of the API would write it (see the
 * README), plus the conformance check. Lists travel comma-separated (`style: form, explode: false`).
 */
export function typedClient(baseUrl: string, key?: string) {
  const client = createClient<paths>({
    baseUrl,
    headers: key ? { Authorization: `Bearer ${key}` } : {},
    querySerializer: { array: { style: 'form', explode: false } },
  });
  client.use(conformance);
  return client;
}
