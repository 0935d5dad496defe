import { withRuleTexts } from './rule-texts.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withContract } from './contract-schemas.ts';
import { withSourceIds } from './source-id-schema.ts';
import { refsOf, type SchemaMap, type SchemaObject } from '../../server/contract/snapshot/component-schemas.ts';

/** Schema files are content/schemas/*.schema.json (also what the input fingerprint covers). */
export const SCHEMA_SUFFIX = '.schema.json';
const SUFFIX = SCHEMA_SUFFIX;
const FILE_NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*\.schema\.json$/;
// Component schemas live inside one OpenAPI document: these keywords would mean nothing there.
const FORBIDDEN = ['$schema', '$id', 'const', 'definitions', '$defs'];
const REF = /^#\/components\/schemas\/[A-Z][A-Za-z0-9]*$/;

/** `disease-record.schema.json` -> `DiseaseRecord`. */
export function componentName(file: string): string {
  return file
    .slice(0, -SUFFIX.length)
    .split('-')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

function check(file: string, name: string, schema: unknown): SchemaObject {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new Error(`${file}: a schema file must hold a JSON object`);
  }
  const s = schema as SchemaObject;
  if (s.title !== name)
    throw new Error(`${file}: "title" must be "${name}" (the component name of the file), found ${JSON.stringify(s.title)}`);
  if (typeof s.description !== 'string' || s.description === '') throw new Error(`${file}: "description" is required`);
  const bad = [...forbiddenKeywords(s)];
  if (bad.length > 0) throw new Error(`${file}: keywords outside the OpenAPI 3.0 subset: ${bad.join(', ')}`);
  if (nullableEnumWithoutNull(s))
    throw new Error(`${file}: a nullable schema with an enum must list null among its values (OpenAPI 3.0.3)`);
  for (const ref of refsOf(s)) {
    if (!REF.test(ref.target)) throw new Error(`${file}: $ref "${ref.target}" must be #/components/schemas/<Name>`);
    if (!ref.alone) throw new Error(`${file}: $ref "${ref.target}" has sibling keywords, which OpenAPI 3.0 ignores; wrap it in allOf`);
  }
  return s;
}

/** Keywords of FORBIDDEN used anywhere in a schema; member names under `properties` and data values are skipped. */
function forbiddenKeywords(schema: unknown, found = new Set<string>()): Set<string> {
  if (typeof schema !== 'object' || schema === null) return found;
  if (Array.isArray(schema)) {
    for (const item of schema) forbiddenKeywords(item, found);
    return found;
  }
  for (const [key, value] of Object.entries(schema)) {
    if (FORBIDDEN.includes(key)) found.add(key);
    if (key === 'enum' || key === 'example' || key === 'default') continue;
    if (key === 'properties' && typeof value === 'object' && value !== null) {
      for (const member of Object.values(value)) forbiddenKeywords(member, found);
    } else forbiddenKeywords(value, found);
  }
  return found;
}

function nullableEnumWithoutNull(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  if (Array.isArray(schema)) return schema.some(nullableEnumWithoutNull);
  const record = schema as Record<string, unknown>;
  if (record.nullable === true && Array.isArray(record.enum) && !record.enum.includes(null)) return true;
  return Object.entries(record).some(
    ([key, value]) => key !== 'enum' && key !== 'example' && key !== 'default' && nullableEnumWithoutNull(value),
  );
}

/**
 * Read every `*.schema.json` in `dir` into a map of component name -> schema, sorted by name, with
 * the enum components generated from server/contract/ (contract-schemas.ts) and the source registry
 * (source-id-schema.ts) added.
 * Throws an error naming the file for unreadable JSON, a file name that is not kebab-case, a
 * `title` that is not the component name, a missing description, or a keyword outside the
 * subset that OpenAPI 3.0 and ajv share.
 */
export function loadSchemas(dir: string): SchemaMap {
  const out: SchemaMap = {};
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(SUFFIX))
    .sort();
  for (const file of files) {
    const path = join(dir, file);
    if (!FILE_NAME.test(file)) throw new Error(`${path}: schema file names are kebab-case, e.g. disease-record.schema.json`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (err) {
      throw new Error(`${path}: invalid JSON: ${(err as Error).message}`);
    }
    const name = componentName(file);
    out[name] = check(path, name, withRuleTexts(parsed, path));
  }
  if (files.length === 0) throw new Error(`${dir}: no *.schema.json files`);
  const all = withSourceIds(withContract(out, dir), dir);
  return Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((k) => [k, all[k]]),
  );
}
