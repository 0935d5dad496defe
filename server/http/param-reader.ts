import { Ajv, type ErrorObject } from 'ajv';
import type { ParamSchema, ParamsOf, ParamsSchema } from './param-schemas.ts';
import type { InvalidParam } from '../contract/api/problems.ts';

type RawQuery = Record<string, string | string[] | undefined>;
export type ParamResult<Q extends ParamsSchema, P extends ParamsSchema> =
  | { ok: true; query: ParamsOf<Q>; path: ParamsOf<P> }
  | { ok: false; errors: InvalidParam[] };

// One instance for every route: schemas compile once, at start-up. `x-malformed` and `example`
// are annotations that the OpenAPI document carries; ajv must know them to stay strict.
const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true });
ajv.addKeyword('x-malformed');
ajv.addKeyword('x-empty');
ajv.addKeyword('x-alias-of');
ajv.addKeyword('example');

/**
 * A reader of a route's query and path parameters, compiled from the route's JSON Schemas. Text
 * values are first decoded by their schema type (integers, `true`/`false`, comma-separated lists);
 * a value that does not decode stays text, so ajv reports it as the wrong type. Every problem is
 * collected: unknown and repeated names, types, ranges, vocabularies, patterns.
 */
export function paramReader<Q extends ParamsSchema, P extends ParamsSchema>(
  query: Q,
  path: P,
): (rawQuery: RawQuery, rawPath: Record<string, string>) => ParamResult<Q, P> {
  const checkQuery = ajv.compile<ParamsOf<Q>>(query);
  const checkPath = ajv.compile<ParamsOf<P>>(path);
  const allowed = Object.keys(query.properties).join(', ') || 'none';
  const aliases = Object.entries(query.properties).flatMap(([name, p]) =>
    p.type === 'array' && p['x-alias-of'] ? [[name, p['x-alias-of']]] : [],
  );
  const pathNames = Object.keys(path.properties);
  return function readParams(rawQuery, rawPath) {
    const errors: InvalidParam[] = [];
    // Only this route's own path names.
    const p: Record<string, unknown> = {};
    for (const name of pathNames) {
      const raw = rawPath[name];
      // Path segments are text, except integers (a version number), decoded as query integers are.
      if (raw !== undefined) p[name] = path.properties[name].type === 'integer' ? decode(path.properties[name], raw) : raw;
    }
    const q: Record<string, unknown> = {};
    for (const name in rawQuery) {
      const raw = rawQuery[name];
      if (Array.isArray(raw))
        errors.push({ name, reason: 'duplicate', detail: 'given more than once; pass one value (lists are comma-separated)' });
      else if (raw !== undefined && !emptyIsAbsent(query.properties[name], raw)) q[name] = decode(query.properties[name], raw);
    }
    for (const [name, of] of aliases)
      if (q[name] !== undefined && q[of] !== undefined)
        errors.push({ name, reason: 'duplicate', detail: `the same filter as ${of}, which is also given: pass one of the two` });
    if (errors.length === 0 && checkPath(p) && checkQuery(q)) return { ok: true, query: q, path: p };
    // The failure path validates again, so that both schemas report (the line above stops early).
    if (!checkPath(p)) errors.unshift(...explain(checkPath.errors ?? [], path, p, allowed));
    if (!checkQuery(q)) errors.push(...explain(checkQuery.errors ?? [], query, q, allowed));
    return { ok: false, errors };
  };
}

/** A blank value of a parameter declared `x-empty: absent` is left out, as if not given. */
function emptyIsAbsent(schema: ParamSchema | undefined, raw: string): boolean {
  return schema?.type === 'string' && schema['x-empty'] === 'absent' && raw.trim() === '';
}

function decode(schema: ParamSchema | undefined, raw: string): unknown {
  switch (schema?.type) {
    case 'integer':
      return /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
    case 'boolean':
      return raw === 'true' ? true : raw === 'false' ? false : raw;
    case 'string':
      return raw.trim();
    case 'array': {
      const items = raw
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      // Lists without uniqueItems are sets: a repeated value changes nothing, so it is dropped.
      return schema.uniqueItems ? items : [...new Set(items)];
    }
    default:
      return raw;
  }
}

/** One InvalidParam per ajv error, in a stable order: unknown names first, then schema order. */
function explain(errors: ErrorObject[], schema: ParamsSchema, values: Record<string, unknown>, allowed: string): InvalidParam[] {
  const order = Object.keys(schema.properties);
  const out: (InvalidParam & { at: number })[] = [];
  for (const e of errors) {
    if (e.keyword === 'additionalProperties') {
      const name = String(e.params.additionalProperty);
      out.push({ at: -1, name, reason: 'unknown-parameter', detail: `unknown parameter; allowed: ${allowed}` });
      continue;
    }
    const name = e.keyword === 'required' ? String(e.params.missingProperty) : e.instancePath.split('/')[1];
    const prop = schema.properties[name];
    if (!prop || out.some((o) => o.name === name)) continue;
    out.push({ at: order.indexOf(name), name, ...reasonOf(e, prop, values[name]) });
  }
  return out.sort((a, b) => a.at - b.at).map(({ at: _at, ...p }) => p);
}

function reasonOf(e: ErrorObject, prop: ParamSchema, value: unknown): Omit<InvalidParam, 'name'> {
  const got = typeof value === 'string' ? `"${clip(value)}"` : String(value);
  const item = prop.type === 'array' ? prop.items : prop;
  switch (e.keyword) {
    case 'required':
      return { reason: 'missing', detail: 'required' };
    case 'type':
      return {
        reason: 'wrong-type',
        detail:
          prop.type === 'integer'
            ? `must be an integer, got ${got}`
            : prop.type === 'boolean'
              ? `must be true or false, got ${got}`
              : `must be a ${prop.type}, got ${got}`,
      };
    case 'minimum':
    case 'maximum':
      return {
        reason: 'out-of-range',
        detail: prop.type === 'integer' ? `must be between ${prop.minimum} and ${prop.maximum}, got ${got}` : `out of range, got ${got}`,
      };
    case 'minLength':
    case 'maxLength':
      return {
        reason: 'out-of-range',
        detail: `length must be ${item.type === 'string' ? `${item.minLength ?? 0} to ${item.maxLength ?? 'any'}` : ''} characters`,
      };
    case 'minItems':
      return { reason: 'missing', detail: 'empty list' };
    case 'maxItems':
      return {
        reason: 'out-of-range',
        detail: `at most ${prop.type === 'array' ? prop.maxItems : ''} values, got ${Array.isArray(value) ? value.length : 0}`,
      };
    case 'uniqueItems': {
      const list = Array.isArray(value) ? value.map(String) : [];
      const dupes = [...new Set(list.filter((v, i) => list.indexOf(v) !== i))];
      return { reason: 'duplicate', detail: `duplicate value(s): ${dupes.slice(0, 5).map(clip).join(', ')}` };
    }
    case 'enum': {
      const values = item.type === 'string' ? (item.enum ?? []) : [];
      if (prop.type !== 'array') return { reason: 'not-allowed-value', detail: `must be one of: ${values.join(', ')}; got ${got}` };
      const bad = (Array.isArray(value) ? value : []).filter((v) => !values.includes(v));
      return {
        reason: 'not-allowed-value',
        detail: `unknown value(s) ${bad.map((b) => `"${clip(String(b))}"`).join(', ')}; allowed: ${values.join(', ')}`,
      };
    }
    case 'pattern': {
      const what = item.type === 'string' ? (item['x-malformed'] ?? `matching ${item.pattern}`) : '';
      const bad =
        prop.type === 'array'
          ? (Array.isArray(value) ? value : []).filter((v) => !new RegExp(item.type === 'string' ? (item.pattern ?? '') : '').test(v))
          : [value];
      return { reason: 'malformed', detail: `must be ${what}, got ${bad.map((b) => `"${clip(String(b))}"`).join(', ')}` };
    }
    default:
      return { reason: 'malformed', detail: e.message ?? 'invalid' };
  }
}

/** Echo at most 60 characters of client input in messages. */
function clip(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}
