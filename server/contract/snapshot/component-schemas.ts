/**
 * The component schemas of a snapshot (schemas.json): every response shape, in the subset of JSON
 * Schema that OpenAPI 3.0.3 and ajv share. The build validates records against them and writes
 * them; the server's OpenAPI document and its projections (`fields=`) read them.
 */

/** A JSON Schema in the subset shared by JSON Schema (ajv) and OpenAPI 3.0.3 schema objects. */
export type SchemaObject = Record<string, unknown>;

/** Component name -> schema, as under `components.schemas` of the OpenAPI document. */
export type SchemaMap = Record<string, SchemaObject>;

/** Every `$ref` in a schema, with whether it stands alone in its object. */
export function refsOf(schema: unknown, out: { target: string; alone: boolean }[] = []): { target: string; alone: boolean }[] {
  if (typeof schema !== 'object' || schema === null) return out;
  if (Array.isArray(schema)) {
    for (const item of schema) refsOf(item, out);
    return out;
  }
  const record = schema as Record<string, unknown>;
  if (typeof record.$ref === 'string') out.push({ target: record.$ref, alone: Object.keys(record).length === 1 });
  for (const [key, value] of Object.entries(record)) if (key !== 'enum' && key !== 'example' && key !== 'default') refsOf(value, out);
  return out;
}
