/**
 * What declares a data source: one entry (build/ingest/sources/) gives its id, name, licence, the
 * release to publish when its files state none, its update cadence, the files it reads (`inputs`),
 * where `npm run fetch` downloads them (`upstream`), and `read`: its parser, which turns the files
 * into the facts it feeds (members of SourceData) and the release they state. The list of entries
 * (source-list.ts) is the registry: the source ids, their type and the SourceId schema enum are
 * derived from it.
 */

/** Update cadences of the interface's data table: when a new upstream release may exist. */
export const CADENCES = ['per-release', 'monthly-1st', 'weekly-sunday', 'daily'] as const;
export type Cadence = (typeof CADENCES)[number];

/**
 * One input of a source: alternatives, richest or newest first. An alternative is a path relative
 * to DATA_DIR (`content:` paths are relative to content/), a list of paths read together, or a
 * folder (trailing `/`) whose files matching `folderFiles` are read together.
 */
export interface SourceInput {
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

/** Per input name, the files found (absolute paths) and which alternative they are. */
export type ResolvedInputs = Map<string, { files: string[]; alternative: string }>;

/** A source's inputs as found in DATA_DIR and content/, handed to its `read`. */
export class SourceFiles {
  constructor(readonly resolved: ResolvedInputs) {}

  /** The files of one input; undefined when it is optional (or replaced) and no alternative is present. */
  files(name: string): string[] | undefined {
    return this.resolved.get(name)?.files;
  }

  /** The one file of an input that is present (a required input always is: resolveInputs checks). */
  one(name: string): string {
    const files = this.files(name);
    if (!files) throw new Error(`input "${name}" was not found`);
    return files[0];
  }
}

/** What a source's parser gives: the facts it feeds, and the release its files state (null: none). */
export interface SourceRead<F> {
  facts: F;
  release: string | null;
}

export interface SourceEntry<Id extends string = string, F extends object = object> {
  id: Id;
  name: string;
  license: string;
  /** The release to publish when the files state none (YYYY-MM-DD). */
  release: string;
  cadence: Cadence;
  homepage: string;
  /** The formats read, for a reader of the registry. */
  format: string;
  inputs: SourceInput[];
  upstream: UpstreamFile[];
  /** Why `upstream` is empty or incomplete, when it is. */
  upstreamNote?: string;
  /** The parser: the input files to the facts this source feeds, each a member of SourceData. */
  read(files: SourceFiles): SourceRead<F> | Promise<SourceRead<F>>;
}

/** The newest of a list of dates (YYYY-MM-DD...), or null: the release a file of dated rows states. */
export function newest(dates: readonly (string | null)[]): string | null {
  return dates.reduce<string | null>((max, d) => (d && (!max || d > max) ? d : max), null);
}

/** Declare a source; its id stays a literal type, from which SourceId is derived (source-list.ts). */
export function defineSource<const Id extends string, F extends object>(entry: SourceEntry<Id, F>): SourceEntry<Id, F> {
  return entry;
}
