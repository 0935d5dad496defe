import type { InvalidParam } from '../contract/api/problems.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { Req, Res } from './context.ts';
import { badRequest } from './problem.ts';

/**
 * `fields=` projections: the members a component's schema allows, as a tree of names (read from
 * the snapshot's own OpenAPI document, so the schema stays the one home of what a record holds),
 * a check of requested dotted paths against it, and the projection of a value to those paths.
 * Arrays are looked through: `phenotypes.hpoId` keeps `hpoId` of every phenotype.
 */

/** Allowed member names below a point of a schema; an empty map is a leaf. */
export type FieldTree = Map<string, FieldTree>;
/** The requested paths as a tree: true keeps the whole value. */
export type Selection = { [name: string]: Selection | true };

type Schema = { $ref?: string; allOf?: Schema[]; properties?: Record<string, Schema>; items?: Schema; additionalProperties?: unknown };
const MAX_DEPTH = 4;
const trees = new WeakMap<Snapshot, Map<string, FieldTree>>();

/** The field tree of a component schema of the snapshot, built once per snapshot. */
export function fieldTree(snap: Snapshot, component: string): FieldTree {
  let perSnap = trees.get(snap);
  if (!perSnap) trees.set(snap, (perSnap = new Map()));
  let tree = perSnap.get(component);
  if (!tree) {
    tree = schemaFieldTree(component, snap.schemas);
    perSnap.set(component, tree);
  }
  return tree;
}

/** The field tree of a component among OpenAPI component schemas. */
export function schemaFieldTree(component: string, schemas: Record<string, object>): FieldTree {
  return walk({ $ref: `#/components/schemas/${component}` }, schemas as Record<string, Schema>, 0);
}

function walk(schema: Schema, all: Record<string, Schema>, depth: number): FieldTree {
  const out: FieldTree = new Map();
  if (depth > MAX_DEPTH) return out;
  if (schema.$ref) return walk(all[schema.$ref.split('/').pop()!] ?? {}, all, depth);
  for (const part of schema.allOf ?? [])
    for (const [k, v] of walk(part, all, depth)) if (!out.has(k) || out.get(k)!.size === 0) out.set(k, v);
  if (schema.items) for (const [k, v] of walk(schema.items, all, depth)) out.set(k, v);
  for (const [name, sub] of Object.entries(schema.properties ?? {})) out.set(name, walk(sub, all, depth + 1));
  return out;
}

/** Check `fields` against the tree: the selection, or one 400 entry per unknown path naming the allowed members there. */
export function selectFields(
  fields: readonly string[],
  tree: FieldTree,
): { ok: true; selection: Selection } | { ok: false; errors: InvalidParam[] } {
  const selection: Selection = {};
  const errors: InvalidParam[] = [];
  for (const path of fields) {
    const names = path.split('.');
    let at = tree;
    let sel: Selection = selection;
    for (let i = 0; i < names.length; i++) {
      const next = at.get(names[i]);
      if (next === undefined) {
        const where = i === 0 ? '' : ` in ${names.slice(0, i).join('.')}`;
        const allowed = at.size ? [...at.keys()].join(', ') : 'none (a value without members)';
        errors.push({ name: 'fields', reason: 'not-allowed-value', detail: `unknown field ${path}${where}; allowed: ${allowed}` });
        break;
      }
      if (i === names.length - 1) sel[names[i]] = true;
      else {
        const child = sel[names[i]];
        if (child === true) break;
        sel = sel[names[i]] = child ?? {};
        at = next;
      }
    }
  }
  return errors.length ? { ok: false, errors } : { ok: true, selection };
}

/** The value with only the selected members, in the value's own order; arrays projected item by item. */
export function project(value: unknown, sel: Selection | true): unknown {
  if (sel === true || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => project(v, sel));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (k in sel) out[k] = project(v, sel[k]);
  return out;
}

/** A stable text of a selection, for ETags: the same projection gives the same text whatever the request order. */
export function selectionKey(sel: Selection): string {
  return JSON.stringify(sel, Object.keys(flatKeys(sel)).sort());
}

function flatKeys(sel: Selection, out: Record<string, true> = {}): Record<string, true> {
  for (const [k, v] of Object.entries(sel)) {
    out[k] = true;
    if (v !== true) flatKeys(v, out);
  }
  return out;
}

/**
 * The selection of a request's `fields` against a component, or null without `fields`; on an
 * unknown member the 400 is sent and false returned.
 */
export function requestSelection(
  req: Req,
  res: Res,
  snap: Snapshot,
  fields: readonly string[] | undefined,
  component: string,
): Selection | null | false {
  if (fields === undefined) return null;
  const r = selectFields(fields, fieldTree(snap, component));
  if (r.ok) return r.selection;
  badRequest(req, res, r.errors);
  return false;
}
