import { stringify } from 'yaml';
import type { ComputedFieldDoc } from '../record/computed.ts';
import { withComputed } from '../schema/computed-schema.ts';
import { refsOf, type SchemaMap } from '../schema/load-schemas.ts';
import { describeApi, type Vocabularies } from './openapi-description.ts';
import { PARAMETERS } from './openapi-parameters.ts';
import { SECURITY_SCHEME, TAGS, openApiPaths } from './openapi-paths.ts';
import { HEADERS } from './openapi-responses.ts';

export type { Vocabularies } from './openapi-description.ts';

/** Inputs of the OpenAPI document; everything it states about data shapes comes from `schemas`. */
export interface OpenApiOptions {
  /** From loadSchemas('content/schemas'); input-only schemas (`*File`) are left out. */
  schemas: SchemaMap;
  /** COMPUTED_FIELDS of build/record/computed.ts: generates the Computed schema. */
  computedFields: readonly ComputedFieldDoc[];
  apiVersion: string;
  releaseDate: string;
  /** SECTION_KEYS, in order; must equal the SectionKey schema's enum. */
  sections: readonly string[];
  /** INHERITANCE_TERMS, ONSET_CATEGORIES, PREVALENCE_CATEGORIES; must equal the schema enums. */
  vocabularies: Vocabularies;
}

export type OpenApiDocument = Record<string, unknown>;

/** Schemas that describe editorial input files, not API responses. */
const isInputSchema = (name: string): boolean => name.endsWith('File');

// The vocabularies are written twice (TS constants for the code, enums for the contract): a
// difference stops the build here instead of publishing a wrong enum.
function sameValues(what: string, schemas: SchemaMap, component: string, expected: readonly string[]): void {
  const actual = schemas[component]?.enum as string[] | undefined;
  if (!actual || actual.join('\n') !== expected.join('\n')) {
    throw new Error(`${component} enum in content/schemas (${actual?.join(', ') ?? 'missing'}) differs from ${what} (${expected.join(', ')})`);
  }
}

function checkRefs(doc: OpenApiDocument): void {
  for (const { target } of refsOf(doc)) {
    const parts = target.replace(/^#\//, '').split('/');
    let at: unknown = doc;
    for (const p of parts) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[p] : undefined;
    if (!target.startsWith('#/') || at === undefined) throw new Error(`OpenAPI: unresolved $ref ${target}`);
  }
}

/**
 * Generate the OpenAPI 3.0.3 document: the 13 paths of the interface, parameters, headers,
 * responses, the API key security scheme, and the component schemas of content/schemas (with
 * Computed generated from COMPUTED_FIELDS). Throws when a vocabulary or the section list differs
 * from its schema enum, or when a $ref does not resolve.
 */
export function generateOpenApi(options: OpenApiOptions): OpenApiDocument {
  const { apiVersion, releaseDate, sections, vocabularies } = options;
  const all = withComputed(options.schemas, options.computedFields);
  sameValues('SECTION_KEYS', all, 'SectionKey', sections);
  sameValues('INHERITANCE_TERMS', all, 'InheritanceTerm', vocabularies.inheritance);
  sameValues('ONSET_CATEGORIES', all, 'OnsetCategory', vocabularies.onset);
  sameValues('PREVALENCE_CATEGORIES', all, 'PrevalenceCategory', vocabularies.prevalence);
  const schemas = Object.fromEntries(Object.keys(all).sort().filter((k) => !isInputSchema(k)).map((k) => [k, all[k]]));

  const doc: OpenApiDocument = {
    openapi: '3.0.3',
    info: {
      title: 'Disease Content Service',
      version: apiVersion,
      description: describeApi({ releaseDate, sections, vocabularies }),
      'x-release-date': releaseDate,
    },
    tags: TAGS,
    paths: openApiPaths(),
    components: {
      schemas,
      parameters: PARAMETERS,
      headers: HEADERS,
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'svc_live_/svc_test_ API key',
          description: 'An API key in `Authorization: Bearer <key>`: `svc_live_` keys for production, `svc_test_` keys for testing (100 calls a day, 1,000 a month). The key\'s scopes (`read`, `search`, `bulk`) follow its tier; each operation names the scope it needs in `x-required-scope`.',
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
