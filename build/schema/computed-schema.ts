import type { ComputedFieldDoc } from '../record/computed-fields.ts';
import type { SchemaMap, SchemaObject } from '../../server/contract/snapshot/component-schemas.ts';
import { withRuleTexts } from './rule-texts.ts';

/** Component name of the generated `computed` schema; DiseaseRecord refers to it. */
export const COMPUTED_COMPONENT = 'Computed';

/**
 * The schema of a record's `computed` object, generated from COMPUTED_FIELDS so that the field
 * list is written once: every documented field is required, no other field is allowed. Rule texts
 * enter the descriptions as in the schema files: `{{NAME}}` (rule-texts.ts).
 */
export function computedSchema(fields: readonly ComputedFieldDoc[]): SchemaObject {
  const names = new Set<string>();
  const properties: Record<string, SchemaObject> = {};
  for (const f of fields) {
    if (names.has(f.name)) throw new Error(`COMPUTED_FIELDS: duplicate field ${f.name}`);
    names.add(f.name);
    properties[f.name] = {
      type: f.type,
      ...(f.nullable ? { nullable: true } : {}),
      ...(f.items ? { items: f.items } : {}),
      description: f.description,
    };
  }
  const schema: SchemaObject = {
    title: COMPUTED_COMPONENT,
    description: `Derived fields of the record (added in v1.2.0), computed at build time from the record's sourced facts; ${fields.length} fields. Counts about trials come from the ClinicalTrials.gov sample, not the full registry.`,
    type: 'object',
    additionalProperties: false,
    required: fields.map((f) => f.name),
    properties,
  };
  return withRuleTexts(schema, 'COMPUTED_FIELDS (build/record/computed-fields.ts)') as SchemaObject;
}

/** The component schemas with the generated Computed schema added; a Computed file is an error, since it would be a second source. */
export function withComputed(schemas: SchemaMap, fields: readonly ComputedFieldDoc[]): SchemaMap {
  if (COMPUTED_COMPONENT in schemas)
    throw new Error(
      `content/schemas: ${COMPUTED_COMPONENT} is generated from COMPUTED_FIELDS (build/record/computed-fields.ts); remove its schema file`,
    );
  return { ...schemas, [COMPUTED_COMPONENT]: computedSchema(fields) };
}
