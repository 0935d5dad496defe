import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { EDITORIAL_FILES } from '../ingest/editorial.ts';
import { SCHEMA_SUFFIX } from '../schema/load-schemas.ts';

/**
 * Fingerprint of every input that can change a compiled byte: the source files, the content/ files
 * the build reads, the code the build runs (its import closure, packages included), and the
 * compression libraries (brotli and gzip output differ between their versions). Equal
 * fingerprints mean an identical snapshot, so the build can stop early. Nothing else counts:
 * editing a README, a test or the server's request path leaves the fingerprint unchanged.
 */
export async function inputFingerprint(o: { sourceFiles: string[]; dataDir: string; contentDir: string; root: string }): Promise<string> {
  const h = createHash('sha256');
  h.update(`zlib ${process.versions.zlib} brotli ${process.versions.brotli}\0`);
  // Names relative to their roots: the same inputs at another path are the same inputs.
  const name = (f: string) => (f.startsWith(o.root) ? relative(o.root, f) : relative(o.dataDir, f));
  const content = fg.sync([`schemas/*${SCHEMA_SUFFIX}`, 'sources.json', ...Object.values(EDITORIAL_FILES)], { cwd: o.contentDir, absolute: true });
  const files = [...new Set([...o.sourceFiles, ...content, ...(await codeFiles(o.root))])].sort();
  for (const f of files) h.update(name(f)).update('\0').update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

/**
 * The files of the build's code: from source, the import closure of build/run-build.ts as esbuild
 * resolves it (local modules, contract and packages); in a bundled build, the bundle itself.
 */
export async function codeFiles(root: string): Promise<string[]> {
  const self = fileURLToPath(import.meta.url);
  if (!self.endsWith('.ts')) return [self];
  const { build } = await import('esbuild');
  const result = await build({ entryPoints: [join(root, 'build/run-build.ts')], bundle: true, write: false, platform: 'node', format: 'esm', metafile: true, logLevel: 'silent', absWorkingDir: root });
  return Object.keys(result.metafile.inputs).map((f) => join(root, f));
}

/** Fingerprint of one source's files, to tell whether that source was re-ingested. */
export function filesFingerprint(files: string[]): string {
  const h = createHash('sha256');
  for (const f of [...files].sort()) h.update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}
