import { resolve } from 'node:path';
import { runBuild } from '../../build/run-build.ts';
import { publishDocsPage } from '../../build/docs/docs-page.ts';
import { readBuildSettings } from '../../build/build-settings.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
// The build's own settings (DIST_DIR, DATA_DIR): the tests build and read what `npm run build` would.
const BUILD = readBuildSettings();
export const REAL_DIST = BUILD.distDir;
export const REAL_DATA = BUILD.dataDir;

let built: Promise<void> | null = null;

/**
 * Make sure dist/ holds a snapshot of the real data and the reference page: builds it on first use (a no-op when the
 * published snapshot already has the current inputs). Integration tests share this one build.
 */
export function ensureRealSnapshot(): Promise<void> {
  built ??= runBuild({
    root: ROOT,
    dataDir: REAL_DATA,
    contentDir: resolve(ROOT, 'content'),
    dist: REAL_DIST,
    force: false,
    log: (l) => process.stderr.write(`# ${l}\n`),
  }).then((r) => {
    if (!r.ok) throw new Error('real-data build failed');
    // As npm run build does: the reference page beside the snapshot.
    publishDocsPage(REAL_DIST, (l) => process.stderr.write(`# ${l}\n`));
  });
  return built;
}
