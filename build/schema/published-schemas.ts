import type { SchemaMap } from '../../server/contract/snapshot/component-schemas.ts';
import { COMPUTED_FIELDS } from '../record/computed-fields.ts';
import { withComputed } from './computed-schema.ts';

/** Schemas that describe editorial input files, not API responses. */
const isInputSchema = (name: string): boolean => name.endsWith('File');

/**
 * The component schemas a snapshot publishes (schemas.json): every response shape, with the
 * Computed schema generated from COMPUTED_FIELDS, sorted by name. The schemas of editorial input
 * files (`*File`) stay in the build.
 */
export function publishedSchemas(schemas: SchemaMap): SchemaMap {
  const all = withComputed(schemas, COMPUTED_FIELDS);
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .filter((k) => !isInputSchema(k))
      .map((k) => [k, all[k]]),
  );
}
