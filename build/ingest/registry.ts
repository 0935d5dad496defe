import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { IngestError } from './source-types.ts';
import { CADENCES, type ResolvedInputs, type SourceEntry, type SourceInput } from './source-entry.ts';

/**
 * The registry's mechanics: which files of a source's inputs are present (the first alternative of
 * each), and what an entry must hold beyond its type (source-entry.ts).
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What TypeScript cannot hold an entry to: non-empty texts, a release date, ids unique, every input
 * with alternatives and named once, `unlessFound` naming an earlier input. Throws naming the source
 * and the field.
 */
export function checkSources(entries: readonly SourceEntry[]): void {
  const ids = new Set<string>();
  for (const s of entries) {
    const fail = (field: string, expected: string) => {
      throw new Error(`source "${s.id}" ${field}: expected ${expected}`);
    };
    if (ids.has(s.id)) fail('id', 'an id no other source has');
    ids.add(s.id);
    for (const key of ['id', 'name', 'license', 'format', 'homepage'] as const) if (!s[key]) fail(key, 'a non-empty string');
    if (!DATE.test(s.release)) fail('release', 'a date, YYYY-MM-DD');
    if (!CADENCES.includes(s.cadence)) fail('cadence', `one of ${CADENCES.join(', ')}`);
    if (s.inputs.length === 0) fail('inputs', 'at least one input');
    const names = new Set<string>();
    s.inputs.forEach((input, i) => {
      if (input.oneOf.length === 0) fail(`inputs[${i}].oneOf`, 'a non-empty list of alternatives');
      if (names.has(input.name)) fail(`inputs[${i}].name`, 'a name no other input of the source has');
      if (input.unlessFound && !names.has(input.unlessFound)) fail(`inputs[${i}].unlessFound`, 'the name of an earlier input');
      names.add(input.name);
    });
  }
}

/** The files of one alternative, relative to its root, or null when any is missing. */
function findAlternative(
  alt: string | string[],
  input: SourceInput,
  exists: (path: string) => boolean,
  list: (dir: string) => string[] | null,
): string[] | null {
  if (Array.isArray(alt)) return alt.every(exists) ? alt : null;
  if (!alt.endsWith('/')) return exists(alt) ? [alt] : null;
  const pattern = input.folderFiles ?? '*';
  const star = pattern.indexOf('*');
  const [head, tail] = star < 0 ? [pattern, ''] : [pattern.slice(0, star), pattern.slice(star + 1)];
  const names = (list(alt) ?? [])
    .filter((n) => (star < 0 ? n === pattern : n.startsWith(head) && n.endsWith(tail) && n.length >= head.length + tail.length))
    .sort();
  return names.length > 0 ? names.map((n) => alt + n) : null;
}

/**
 * Pick, for every input of `entry`, the first alternative present (all its files) in DATA_DIR or
 * content/. A required input with no alternative present is an error naming what was looked for.
 */
export function resolveInputs(entry: Pick<SourceEntry, 'id' | 'inputs'>, dataDir: string, contentDir: string): ResolvedInputs {
  const abs = (p: string) => (p.startsWith('content:') ? join(contentDir, p.slice(8)) : join(dataDir, p));
  const exists = (p: string) => {
    try {
      return statSync(abs(p)).isFile();
    } catch {
      return false;
    }
  };
  const list = (dir: string) => (existsSync(abs(dir)) ? readdirSync(abs(dir)) : null);
  const out: ResolvedInputs = new Map();
  for (const input of entry.inputs) {
    if (input.unlessFound && out.has(input.unlessFound)) continue;
    let found: { files: string[]; alternative: string } | null = null;
    for (const alt of input.oneOf) {
      const files = findAlternative(alt, input, exists, list);
      if (files) {
        found = { files: files.map(abs), alternative: Array.isArray(alt) ? alt.join(', ') : alt };
        break;
      }
    }
    if (found) out.set(input.name, found);
    else if (!input.optional) {
      const looked = input.oneOf.map((a) => (Array.isArray(a) ? `[${a.length} files: ${a[0]}, ...]` : a)).join(' | ');
      throw new IngestError(
        abs(typeof input.oneOf[0] === 'string' ? input.oneOf[0] : input.oneOf[0][0]),
        '',
        `no file for input "${input.name}" of source "${entry.id}" (DATA_DIR=${dataDir}); looked for: ${looked}`,
      );
    }
  }
  return out;
}

/** Every file of the resolved inputs, in input order. */
export function inputFiles(resolved: ResolvedInputs): string[] {
  return [...resolved.values()].flatMap((r) => r.files);
}

/** The alternatives of an input as the paths a mirror may hold, for `npm run fetch --mirror` (folders excluded: HTTP cannot list them). */
export function mirrorAlternatives(input: SourceInput): string[][] {
  return input.oneOf
    .filter((a) => Array.isArray(a) || !a.endsWith('/'))
    .map((a) => (Array.isArray(a) ? a : [a]))
    .filter((a) => !a[0].startsWith('content:'));
}
