import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fg from 'fast-glob';
import { join, relative } from 'node:path';

/**
 * Fingerprint of every build input: the source files, our content/, and the code that turns
 * them into responses. Equal fingerprints mean an identical snapshot, so the build can stop early.
 */
export function inputFingerprint(sourceFiles: string[], dataDir: string, repoRoot: string): string {
  const h = createHash('sha256');
  // Names relative to their roots: the same inputs at another path are the same inputs.
  const name = (f: string) => (f.startsWith(repoRoot) ? relative(repoRoot, f) : relative(dataDir, f));
  const code = fg.sync(['build/**/*.ts', 'server/contract/**/*', 'content/**/*', 'package-lock.json'], { cwd: repoRoot, dot: false }).sort();
  for (const f of [...sourceFiles].sort()) h.update(name(f)).update('\0').update(readFileSync(f));
  for (const f of code) h.update(f).update('\0').update(readFileSync(join(repoRoot, f)));
  return h.digest('hex').slice(0, 16);
}

/** Fingerprint of one source's files, to tell whether that source was re-ingested. */
export function filesFingerprint(files: string[]): string {
  const h = createHash('sha256');
  for (const f of [...files].sort()) h.update(readFileSync(f));
  return h.digest('hex').slice(0, 16);
}
