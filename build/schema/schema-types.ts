/** A JSON Schema in the subset shared by JSON Schema (ajv) and OpenAPI 3.0.3 schema objects. */
export type SchemaObject = Record<string, unknown>;

/** Component name -> schema, as under `components.schemas` of the OpenAPI document. */
export type SchemaMap = Record<string, SchemaObject>;
