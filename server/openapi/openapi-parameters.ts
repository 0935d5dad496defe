import type { ParamSchema, ParamsSchema } from '../http/param-schemas.ts';
import type { RouteSpec } from '../http/route-spec.ts';
import { ASSISTANCE_STATUSES, INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES, SECTION_KEYS } from '../contract/api/vocab.ts';

/**
 * OpenAPI parameter objects, derived from the routes' parameter schemas (the same schemas
 * the server validates with). A vocabulary enum becomes a `$ref` to its component schema.
 */

type Obj = Record<string, unknown>;

/** Vocabulary arrays and the component that publishes each (same array object: the same vocabulary). */
const COMPONENT_OF = new Map<readonly string[], string>([
  [INHERITANCE_TERMS, 'InheritanceTerm'],
  [ONSET_CATEGORIES, 'OnsetCategory'],
  [PREVALENCE_CATEGORIES, 'PrevalenceCategory'],
  [SECTION_KEYS, 'SectionKey'],
  [ASSISTANCE_STATUSES, 'AssistanceStatus'],
]);

/** A parameter's value schema, without the annotations that belong to the parameter object. */
function valueSchema(schema: object): Obj {
  const { description: _d, example: _e, 'x-malformed': _m, 'x-empty': _x, 'x-alias-of': _a, ...rest }: Obj = { ...schema };
  const component = Array.isArray(rest.enum) ? COMPONENT_OF.get(rest.enum as readonly string[]) : undefined;
  if (component) return { $ref: `#/components/schemas/${component}` };
  if (rest.type === 'array' && typeof rest.items === 'object' && rest.items) return { ...rest, items: valueSchema(rest.items) };
  return rest;
}

function parameter(name: string, schema: ParamSchema, where: 'query' | 'path', required: boolean): Obj {
  const list = schema.type === 'array';
  return {
    name,
    in: where,
    required,
    description: schema.description,
    ...(list ? { style: where === 'path' ? 'simple' : 'form', explode: false } : {}),
    schema: valueSchema(schema),
    ...(schema.type !== 'boolean' && schema.example !== undefined ? { example: schema.example } : {}),
  };
}

function fromSchema(params: ParamsSchema, where: 'query' | 'path'): Obj[] {
  const required = new Set(params.required ?? []);
  return Object.entries(params.properties).map(([name, schema]) => parameter(name, schema, where, where === 'path' || required.has(name)));
}

const IF_NONE_MATCH: Obj = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'ETags of representations the client holds (a list, or `*`); weak comparison. A match gives 304 Not Modified with no body.',
  schema: { type: 'string' },
  example: 'W/"3f2a9c0d1b7e4a6f"',
};

/** Every parameter of a route: path, then query, then If-None-Match where the route has ETags. */
export function routeParameters(route: RouteSpec): Obj[] {
  return [...fromSchema(route.pathParams, 'path'), ...fromSchema(route.query, 'query'), ...(route.etag === false ? [] : [IF_NONE_MATCH])];
}
