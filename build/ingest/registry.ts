import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { SourceId } from './source-types.ts';
import { IngestError } from './source-types.ts';

/** Update cadences of the interface's data table: when a new upstream release may exist. */
export const CADENCES = ['per-release', 'monthly-1st', 'weekly-sunday', 'daily'] as const;
export type Cadence = (typeof CADENCES)[number];

/**
 * One input of a source: alternatives, richest or newest first. An alternative is a path relative
 * to DATA_DIR (`content:` paths are relative to content/), a list of paths read together, or a
 * folder (trailing `/`) whose files matching `folderFiles` are read together.
 */
export interface RegistryInput {
  name: string;
  oneOf: (string | string[])[];
  /** The source is complete without this input. */
  optional?: boolean;
  /** Not needed (not read, not required) when the named input of the same source was found. */
  unlessFound?: string;
  /** File name pattern of a folder alternative, one `*` (e.g. `ORPHApacket_*.json`). */
  folderFiles?: string;
}

/** A file `npm run fetch` downloads from upstream into DATA_DIR at `path`. */
export interface UpstreamFile {
  path: string;
  url: string;
  /** The FDA's export is a form submission. */
  method?: 'GET' | 'POST';
  form?: Record<string, string>;
  /** A tar.gz archive: its files under `from` (after the archive's top folder) are placed under `to`. */
  unpack?: { from: string; to: string; files: string };
}

export interface RegistryEntry {
  id: SourceId;
  name: string;
  license: string;
  /** Release to publish when the files state none. */
  release: string;
  cadence: Cadence;
  format: string;
  homepage: string;
  inputs: RegistryInput[];
  upstream: UpstreamFile[];
  /** Why `upstream` is empty or incomplete, when it is. */
  upstreamNote?: string;
}

/** Per input name, the files found (absolute paths) and which alternative they are. */
export type ResolvedInputs = Map<string, { files: string[]; alternative: string }>;

/** Read content/sources.json: names, licenses, cadences, inputs and upstream URLs of every source. */
export function readRegistry(contentDir: string): RegistryEntry[] {
  const file = join(contentDir, 'sources.json');
  let doc: { sources?: RegistryEntry[] };
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new IngestError(file, '', `cannot read the source registry: ${(err as Error).message}`);
  }
  const sources = doc.sources;
  if (!Array.isArray(sources)) throw new IngestError(file, '/sources', 'expected an array of sources');
  sources.forEach((s, k) => {
    const at = `/sources/${k}`;
    for (const key of ['id', 'name', 'license', 'release', 'format', 'homepage'] as const) {
      if (typeof s[key] !== 'string' || s[key] === '') throw new IngestError(file, `${at}/${key}`, 'expected a non-empty string');
    }
    if (!CADENCES.includes(s.cadence)) throw new IngestError(file, `${at}/cadence`, `expected one of ${CADENCES.join(', ')}`);
    if (!Array.isArray(s.inputs) || s.inputs.length === 0) throw new IngestError(file, `${at}/inputs`, 'expected a non-empty array');
    if (!Array.isArray(s.upstream)) throw new IngestError(file, `${at}/upstream`, 'expected an array');
    s.inputs.forEach((input, i) => {
      if (!Array.isArray(input.oneOf) || input.oneOf.length === 0)
        throw new IngestError(file, `${at}/inputs/${i}/oneOf`, 'expected a non-empty array of alternatives');
    });
  });
  return sources;
}

/** The files of one alternative, relative to its root, or null when any is missing. */
function findAlternative(
  alt: string | string[],
  input: RegistryInput,
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
export function resolveInputs(entry: RegistryEntry, dataDir: string, contentDir: string): ResolvedInputs {
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
export function mirrorAlternatives(input: RegistryInput): string[][] {
  return input.oneOf
    .filter((a) => Array.isArray(a) || !a.endsWith('/'))
    .map((a) => (Array.isArray(a) ? a : [a]))
    .filter((a) => !a[0].startsWith('content:'));
}
