import { join } from 'node:path';
import { COMPUTED_FIELDS } from '../../build/record/computed-fields.ts';
import { withComputed } from '../../build/schema/computed-schema.ts';
import { loadSchemas } from '../../build/schema/load-schemas.ts';
import { createValidator } from '../../build/schema/validate-record.ts';
import { ROOT } from './real-snapshot.ts';

const schemas = withComputed(loadSchemas(join(ROOT, 'content/schemas')), COMPUTED_FIELDS);
const cache = new Map<string, ReturnType<typeof createValidator>>();

/** Problems of `body` against the named response component (the same schemas as the OpenAPI document); [] when valid. */
export function schemaErrors(component: string, body: unknown): string[] {
  let v = cache.get(component);
  if (!v) cache.set(component, (v = createValidator(schemas, component)));
  return v(body);
}
