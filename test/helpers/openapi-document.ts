import { join, resolve } from 'node:path';
import { loadSchemas } from '../../build/schema/load-schemas.ts';
import { publishedSchemas } from '../../build/schema/published-schemas.ts';
import { API_RELEASE_DATE, API_VERSION } from '../../server/contract/api/version.ts';
import { generateOpenApi, type OpenApiDocument } from '../../server/openapi/openapi-document.ts';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The OpenAPI document exactly as the server serves it over a snapshot built from this checkout:
 * the route table over the schemas the build publishes from `<contentDir>/schemas`. The lint test
 * checks it with redocly, and the client types are generated from it.
 */
export function openApiDocument(contentDir = join(ROOT, 'content')): OpenApiDocument {
  const schemas = publishedSchemas(loadSchemas(join(contentDir, 'schemas')));
  return generateOpenApi({ schemas, apiVersion: API_VERSION, releaseDate: API_RELEASE_DATE });
}
