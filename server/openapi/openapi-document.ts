import { stringify } from 'yaml';
import { refsOf, type SchemaMap } from '../contract/snapshot/component-schemas.ts';
import { ROUTE_LIST, TAGS } from '../routes/route-table.ts';
import { describeApi } from './openapi-description.ts';
import { DEFAULT_POLICIES } from '../contract/api/quotas.ts';
import { SCOPES } from '../contract/api/tiers.ts';
import { SECURITY_SCHEME, openApiPaths } from './openapi-paths.ts';
import { HEADERS } from './openapi-responses.ts';
import { openApiWebhooks } from './openapi-webhooks.ts';

/** Inputs of the OpenAPI document; everything it states about data shapes comes from `schemas`. */
export interface OpenApiOptions {
  /** The component schemas of the snapshot served (its schemas.json). */
  schemas: SchemaMap;
  apiVersion: string;
  releaseDate: string;
}

export type OpenApiDocument = Record<string, unknown>;

const TEST = DEFAULT_POLICIES.test.limits;

/**
 * One server, relative: `/` resolves against the URL the document was fetched from, so the snapshot
 * (built once, served anywhere) names whichever host serves it, and the paths carry /api/v1.
 */
const SERVERS = [{ url: '/', description: 'The host that serves this document (the paths include the version prefix).' }];

function checkRefs(doc: OpenApiDocument): void {
  for (const { target } of refsOf(doc)) {
    const parts = target.replace(/^#\//, '').split('/');
    let at: unknown = doc;
    for (const p of parts) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[p] : undefined;
    if (!target.startsWith('#/') || at === undefined) throw new Error(`OpenAPI: unresolved $ref ${target}`);
  }
}

/**
 * Generate the OpenAPI 3.0.3 document: the paths of the route table with their parameters, headers
 * and responses, the API key security scheme, and the component schemas of the snapshot. Throws
 * when a $ref does not resolve.
 */
export function generateOpenApi(options: OpenApiOptions): OpenApiDocument {
  const { apiVersion, releaseDate, schemas } = options;

  const doc: OpenApiDocument = {
    openapi: '3.0.3',
    info: {
      title: 'Disease Content Service',
      version: apiVersion,
      description: describeApi({ apiVersion, releaseDate }),
      'x-release-date': releaseDate,
    },
    servers: SERVERS,
    tags: TAGS,
    paths: openApiPaths(ROUTE_LIST),
    'x-webhooks': openApiWebhooks(),
    components: {
      schemas,
      headers: HEADERS,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'svc_live_/svc_test_ API key',
          description: `An API key in \`Authorization: Bearer <key>\`: \`svc_live_\` keys for production, \`svc_test_\` keys for testing (${TEST.day?.toLocaleString('en-US') ?? 'unlimited'} calls a day, ${TEST.month?.toLocaleString('en-US') ?? 'unlimited'} a month). The key's scopes (${SCOPES.map((x) => `\`${x}\``).join(', ')}) follow its tier; each operation names the scope it needs in \`x-required-scope\`.`,
        },
      },
    },
  };
  checkRefs(doc);
  return doc;
}

/** The document as YAML; shared objects are written out in full (no anchors), so the YAML reads like the JSON. */
export function toYaml(doc: OpenApiDocument): string {
  return stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 });
}
