import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import fg from 'fast-glob';
import { buildCodeDigest, buildCodeFiles } from '../bundle/code-digest.mjs';
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
  // The code as one digest, the same from source and from the bundle (which carries it).
  h.update(`code ${typeof __BUILD_CODE_DIGEST__ === 'string' ? __BUILD_CODE_DIGEST__ : await buildCodeDigest(o.root)}\0`);
  const content = fg.sync([`schemas/*${SCHEMA_SUFFIX}`, ...Object.values(EDITORIAL_FILES)], {
    cwd: o.contentDir,
    absolute: true,
  });
  const files = [...new Set([...o.sourceFiles, ...content])].sort();
  for (const f of files) h.update(name(f)).update('\0').update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

/**
 * The files of the build's code, from source: the import closure of build/build-pipeline.ts as esbuild
 * resolves it (local modules, contract and packages). The bundled build has no source to read:
 * the bundler wrote the digest of these files into it (build/bundle/code-digest.mjs).
 */
export async function codeFiles(root: string): Promise<string[]> {
  return buildCodeFiles(root);
}

/** Set by the bundler in dist/build.mjs: the digest of the code it was bundled from. */
declare const __BUILD_CODE_DIGEST__: string | undefined;

/** Fingerprint of one source's files, to tell whether that source was re-ingested. */
export function filesFingerprint(files: string[]): string {
  const h = createHash('sha256');
  for (const f of [...files].sort()) h.update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}

/**
 * Whether a source changed since a release: its files' fingerprint differs from the one recorded
 * then, or none was. The release's `changed` flag and the source's `ingestedAt` both follow it.
 */
export function sourceChanged(before: { fingerprint: string | null } | undefined, fingerprint: string): boolean {
  return !before || before.fingerprint !== fingerprint;
}
