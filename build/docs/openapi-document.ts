import { join } from 'node:path';
import { generateOpenApi, type OpenApiDocument } from '../compile/openapi.ts';
import { COMPUTED_FIELDS } from '../record/computed.ts';
import { loadSchemas } from '../schema/load-schemas.ts';
import type { SchemaMap } from '../schema/schema-types.ts';
import { API_RELEASE_DATE, API_VERSION } from '../../server/contract/api/version.ts';

/**
 * The OpenAPI document exactly as the build publishes it, from one call: the snapshot build writes
 * it, the lint test checks it with redocly, and the client types are generated from it.
 */


/** The document over the given schemas (default: those in `<contentDir>/schemas`). */
export function openApiDocument(source: { schemas: SchemaMap } | { contentDir: string }): OpenApiDocument {
  const schemas = 'schemas' in source ? source.schemas : loadSchemas(join(source.contentDir, 'schemas'));
  return generateOpenApi({ schemas, computedFields: COMPUTED_FIELDS, apiVersion: API_VERSION, releaseDate: API_RELEASE_DATE });
}
