import { resolve } from 'node:path';
import { runBuild } from '../../build/run-build.ts';
import { publishDocsPage } from '../../build/docs/docs-page.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const REAL_DIST = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
export const REAL_DATA = resolve(ROOT, process.env.DATA_DIR ?? '../shared/data/raw');

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
