import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import formatsPlugin from 'ajv-formats';
import type { ComputedFieldDoc } from '../record/computed-fields.ts';
import { withComputed } from './computed-schema.ts';
import type { SchemaMap } from '../../server/contract/snapshot/component-schemas.ts';

/** Id under which the component schemas are registered; refs resolve as `dcs#/components/schemas/<Name>`. */
export const SCHEMA_DOCUMENT_ID = 'dcs';

/** What a tier-1 message names besides the pointer: the disease and the source files it was built from. */
export interface RecordContext {
  diseaseId: string;
  sourceFiles: string[];
}

/** Validate one record; returns tier-1 messages, empty when the record is valid. */
export type RecordValidate = (record: unknown, context: RecordContext) => string[];

/** Validate one document of any component; messages start with `label` (e.g. the file name) when given, else with the pointer. */
export type ComponentValidate = (data: unknown, label?: string) => string[];

// ajv-formats is CommonJS: under NodeNext the default import is module.exports, whose `default` is the plugin.
const addFormats = formatsPlugin.default;

/**
 * One ajv instance holding every component schema in a single document, so that the
 * `#/components/schemas/<Name>` refs written for OpenAPI resolve unchanged. Strict mode stays on;
 * `components` (the container) and `example` (an OpenAPI annotation) are declared as keywords
 * without validation. `nullable` is ajv's own OpenAPI keyword.
 */
function compile(schemas: SchemaMap, name: string, patch?: (schemas: SchemaMap) => SchemaMap, allErrors = true): ValidateFunction {
  if (!(name in schemas)) throw new Error(`no component schema named ${name}`);
  const ajv = new Ajv({ strict: true, allErrors });
  addFormats(ajv, ['date', 'date-time', 'uri']);
  ajv.addKeyword({ keyword: 'components' });
  ajv.addKeyword({ keyword: 'example' });
  ajv.addSchema({ $id: SCHEMA_DOCUMENT_ID, components: { schemas: patch ? patch(schemas) : schemas } });
  return ajv.compile({ $ref: `${SCHEMA_DOCUMENT_ID}#/components/schemas/${name}` });
}

/** `/phenotypes/3/frequency/percent: must be <= 100`, with the offending member or allowed values where ajv knows them. */
export function formatError(e: ErrorObject): string {
  const where = e.instancePath === '' ? '(root)' : e.instancePath;
  let text = e.message ?? e.keyword;
  if (e.keyword === 'additionalProperties') text += `: '${(e.params as { additionalProperty: string }).additionalProperty}'`;
  if (e.keyword === 'enum')
    text += `: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  return `${where}: ${text}`;
}

/**
 * Compile a validator for one component schema (e.g. AdvocacyGroupFile for the curated content
 * files). `schemas` must already hold every component the named one refers to (DiseaseRecord
 * needs Computed: pass withComputed(...)). Compile once, call many times.
 */
export function createValidator(schemas: SchemaMap, name: string): ComponentValidate {
  const check = compile(schemas, name);
  return function validate(data, label) {
    if (check(data)) return [];
    const prefix = label ? `${label} ` : '';
    return (check.errors ?? []).map((e) => prefix + formatError(e));
  };
}

/**
 * Compile the tier-1 check of disease records: the DiseaseRecord schema with the generated
 * Computed schema and, unlike the API schema (where `?sections=` may leave some out), every
 * section of the Sections schema required. A message reads
 * `MONDO:0009061 /phenotypes/3/frequency/percent: must be <= 100 (sources: a.gz, b.gz)`.
 */
export function createRecordValidator(schemas: SchemaMap, computedFields: readonly ComputedFieldDoc[]): RecordValidate {
  const full = withComputed(schemas, computedFields);
  // Nearly every record is valid: a first-error pass is about twice as fast; only a failing
  // record is checked again to list all its errors.
  const quick = compile(full, 'DiseaseRecord', requireAllSections, false);
  const check = compile(full, 'DiseaseRecord', requireAllSections);
  return function validate(record, context) {
    if (quick(record)) return [];
    check(record);
    const sources = context.sourceFiles.length > 0 ? ` (sources: ${context.sourceFiles.join(', ')})` : '';
    return (check.errors ?? []).map((e) => `${context.diseaseId} ${formatError(e)}${sources}`);
  };
}

function requireAllSections(schemas: SchemaMap): SchemaMap {
  const sections = schemas.Sections;
  if (!sections) throw new Error('no component schema named Sections');
  const keys = Object.keys((sections.properties ?? {}) as object);
  return { ...schemas, Sections: { ...sections, required: keys } };
}
