import { readEditorial, type EditorialCheck } from './editorial.ts';
import { checkSources, inputFiles, resolveInputs } from './registry.ts';
import type { SourceData, SourceRelease } from './source-data.ts';
import { SourceFiles, type SourceEntry } from './source-entry.ts';
import { SOURCES, type SourceId } from './source-list.ts';

export interface LoadResult {
  data: SourceData;
  /** Milliseconds each source's read took, by source id (and `editorial`). */
  timings: Record<string, number>;
  /** The files each source was read from. */
  files: Map<SourceId, string[]>;
}

/** The files the build reads for a source (the first alternative present of each input). */
export function resolveFiles(entry: Pick<SourceEntry, 'id' | 'inputs'>, dataDir: string, contentDir: string): string[] {
  return inputFiles(resolveInputs(entry, dataDir, contentDir));
}

/**
 * Read every source of the registry (source-list.ts) and our content/ inputs; throws IngestError
 * on bad input. Each source's inputs are resolved to the richest files present, so a deployment
 * that downloaded upstream releases (`npm run fetch`) and our trimmed DATA_DIR both build; each
 * entry's `read` gives the facts it feeds and the release its files state (else the entry's).
 */
export async function loadSources(
  dataDir: string,
  contentDir: string,
  checkEditorial?: EditorialCheck,
  sources: readonly SourceEntry[] = SOURCES,
): Promise<LoadResult> {
  checkSources(sources);
  const facts: Record<string, unknown> = {};
  const fedBy = new Map<string, string>();
  const timings: Record<string, number> = {};
  const files = new Map<SourceId, string[]>();
  const releases = new Map<SourceId, SourceRelease>();
  const rel = (f: string) => f.replace(`${dataDir}/`, '').replace(`${contentDir}/`, 'content/');
  for (const entry of sources) {
    const id = entry.id as SourceId;
    const resolved = resolveInputs(entry, dataDir, contentDir);
    const t = performance.now();
    const read = await entry.read(new SourceFiles(resolved));
    timings[id] = Math.round(performance.now() - t);
    for (const [name, value] of Object.entries(read.facts)) {
      if (fedBy.has(name)) throw new Error(`sources "${fedBy.get(name)}" and "${id}" both feed the fact "${name}"`);
      fedBy.set(name, id);
      facts[name] = value;
    }
    files.set(id, inputFiles(resolved));
    releases.set(id, {
      id,
      name: entry.name,
      license: entry.license,
      files: files.get(id)!.map(rel),
      release: read.release ?? entry.release,
      releaseFrom: read.release ? 'file' : 'registry',
    });
  }
  const t = performance.now();
  const editorial = readEditorial(contentDir, checkEditorial);
  timings.editorial = Math.round(performance.now() - t);
  return { data: { ...facts, releases, editorial } as SourceData, timings, files };
}
