import { stringify } from 'yaml';
import type { ComputedFieldDoc } from '../record/computed.ts';
import { withComputed } from '../schema/computed-schema.ts';
import { refsOf } from '../schema/load-schemas.ts';
import type { SchemaMap } from '../schema/schema-types.ts';
import { describeApi } from './openapi-description.ts';
import { DEFAULT_POLICIES } from '../../server/contract/api/quotas.ts';
import { TAGS } from '../../server/contract/api/routes.ts';
import { SCOPES } from '../../server/contract/api/tiers.ts';
import { SECURITY_SCHEME, openApiPaths } from './openapi-paths.ts';
import { HEADERS } from './openapi-responses.ts';
import { openApiWebhooks } from './openapi-webhooks.ts';

/** Inputs of the OpenAPI document; everything it states about data shapes comes from `schemas`. */
export interface OpenApiOptions {
  /** From loadSchemas('content/schemas'); input-only schemas (`*File`) are left out. */
  schemas: SchemaMap;
  /** COMPUTED_FIELDS of build/record/computed.ts: generates the Computed schema. */
  computedFields: readonly ComputedFieldDoc[];
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

/** Schemas that describe editorial input files, not API responses. */
const isInputSchema = (name: string): boolean => name.endsWith('File');

function checkRefs(doc: OpenApiDocument): void {
  for (const { target } of refsOf(doc)) {
    const parts = target.replace(/^#\//, '').split('/');
    let at: unknown = doc;
    for (const p of parts) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[p] : undefined;
    if (!target.startsWith('#/') || at === undefined) throw new Error(`OpenAPI: unresolved $ref ${target}`);
  }
}

/**
 * Generate the OpenAPI 3.0.3 document: the paths of the contract's route table with their
 * parameters, headers and responses, the API key security scheme, and the component schemas of
 * content/schemas (with Computed generated from COMPUTED_FIELDS and the contract's enums). Throws
 * when a $ref does not resolve.
 */
export function generateOpenApi(options: OpenApiOptions): OpenApiDocument {
  const { apiVersion, releaseDate } = options;
  const all = withComputed(options.schemas, options.computedFields);
  const schemas = Object.fromEntries(
    Object.keys(all)
      .sort()
      .filter((k) => !isInputSchema(k))
      .map((k) => [k, all[k]]),
  );

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
    paths: openApiPaths(),
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
