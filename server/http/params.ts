import type { InvalidParam } from '../contract/problems.ts';

/** How one query parameter is read; every parameter of an endpoint must be declared. */
export type ParamSpec =
  | { type: 'int'; min: number; max: number; default?: number }
  | { type: 'bool'; default?: boolean }
  | { type: 'string'; minLength: number; maxLength: number }
  | { type: 'enum-list'; values: readonly string[] }
  | { type: 'enum'; values: readonly string[] }
  | { type: 'list'; pattern: RegExp; maxItems: number; describe: string };

export type ParamValue = number | boolean | string | string[] | undefined;

/**
 * Validate a query against its declared parameters. Every problem is collected (unknown names,
 * repeats, wrong types, ranges, vocabulary), so one 400 lists all bad parameters at once.
 */
export function readParams(query: Record<string, string | string[] | undefined>, specs: Record<string, ParamSpec>): { values: Record<string, ParamValue>; errors: InvalidParam[] } {
  const values: Record<string, ParamValue> = {};
  const errors: InvalidParam[] = [];
  for (const name of Object.keys(query)) {
    if (!(name in specs)) errors.push({ name, reason: 'unknown-parameter', detail: `unknown parameter; allowed: ${Object.keys(specs).join(', ') || 'none'}` });
  }
  for (const [name, spec] of Object.entries(specs)) {
    const raw = query[name];
    if (Array.isArray(raw)) {
      errors.push({ name, reason: 'duplicate', detail: 'given more than once; pass one value (lists are comma-separated)' });
      continue;
    }
    if (raw === undefined) {
      values[name] = 'default' in spec ? spec.default : undefined;
      continue;
    }
    switch (spec.type) {
      case 'int': {
        if (!/^-?\d+$/.test(raw)) { errors.push({ name, reason: 'wrong-type', detail: `must be an integer, got "${clip(raw)}"` }); break; }
        const n = Number(raw);
        if (n < spec.min || n > spec.max) { errors.push({ name, reason: 'out-of-range', detail: `must be between ${spec.min} and ${spec.max}, got ${clip(raw)}` }); break; }
        values[name] = n;
        break;
      }
      case 'bool':
        if (raw !== 'true' && raw !== 'false') errors.push({ name, reason: 'wrong-type', detail: `must be true or false, got "${clip(raw)}"` });
        else values[name] = raw === 'true';
        break;
      case 'string': {
        const t = raw.trim();
        if (t.length < spec.minLength || t.length > spec.maxLength) errors.push({ name, reason: 'out-of-range', detail: `length must be ${spec.minLength} to ${spec.maxLength} characters` });
        else values[name] = t;
        break;
      }
      case 'enum':
        if (!spec.values.includes(raw)) errors.push({ name, reason: 'not-allowed-value', detail: `must be one of: ${spec.values.join(', ')}` });
        else values[name] = raw;
        break;
      case 'enum-list': {
        const items = splitList(raw);
        const bad = items.filter((v) => !spec.values.includes(v));
        if (items.length === 0) errors.push({ name, reason: 'missing', detail: 'empty list' });
        else if (bad.length) errors.push({ name, reason: 'not-allowed-value', detail: `unknown value(s) ${bad.map((b) => `"${clip(b)}"`).join(', ')}; allowed: ${spec.values.join(', ')}` });
        else values[name] = [...new Set(items)];
        break;
      }
      case 'list': {
        const items = splitList(raw);
        const bad = items.filter((v) => !spec.pattern.test(v));
        if (items.length === 0) errors.push({ name, reason: 'missing', detail: 'empty list' });
        else if (items.length > spec.maxItems) errors.push({ name, reason: 'out-of-range', detail: `at most ${spec.maxItems} values, got ${items.length}` });
        else if (bad.length) errors.push({ name, reason: 'malformed', detail: `${bad.map((b) => `"${clip(b)}"`).join(', ')} ${bad.length > 1 ? 'are' : 'is'} not ${spec.describe}` });
        else values[name] = items;
        break;
      }
    }
  }
  return { values, errors };
}

/** Split a comma-separated value, trimming items and dropping empties. */
export function splitList(raw: string): string[] {
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Echo at most 60 characters of client input in messages. */
function clip(s: string): string {
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}
