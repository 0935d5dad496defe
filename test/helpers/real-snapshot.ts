import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { runBuild } from '../../build/build-pipeline.ts';
import { publishDocsPage } from '../../build/docs/docs-page.ts';
import { readBuildSettings } from '../../build/build-settings.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
// The build's own settings (DIST_DIR, DATA_DIR): the tests build and read what `npm run build` would.
const BUILD = readBuildSettings();
export const REAL_DIST = BUILD.distDir;
export const REAL_DATA = BUILD.dataDir;

/**
 * `DCS_TEST_SNAPSHOT=prebuilt`: serve the published dist/ as it is, without checking its inputs.
 * CI builds the real data once, on Node 20, and gives that snapshot to the LTS line: the build
 * fingerprints the zlib and brotli versions (compressed bytes may differ between them), so the
 * other line would otherwise build it all again, as a deployment never does.
 */
const PREBUILT = process.env.DCS_TEST_SNAPSHOT === 'prebuilt' || process.env.DCS_TEST_SNAPSHOT === 'given';

/**
 * False with `DCS_TEST_SNAPSHOT=given` (the snapshot was built on another Node line, as CI gives
 * Node 20's to the LTS line): tests that rebuild the real data (history-real.test.ts) run on the
 * line that built it, the build's own behaviour, and are skipped here.
 */
export const REBUILDS_REAL_DATA = process.env.DCS_TEST_SNAPSHOT !== 'given';

let built: Promise<void> | null = null;

/**
 * Make sure dist/ holds a snapshot of the real data and the reference page: builds it on first use (a no-op when the
 * published snapshot already has the current inputs). Integration tests share this one build.
 */
export function ensureRealSnapshot(): Promise<void> {
  if (PREBUILT && !built) {
    const missing = ['current/packs.json', 'docs/index.html'].filter((f) => !existsSync(join(REAL_DIST, f)));
    built = missing.length
      ? Promise.reject(
          new Error(
            `DCS_TEST_SNAPSHOT=${process.env.DCS_TEST_SNAPSHOT}, but ${REAL_DIST} has no ${missing.join(' or ')}: run npm run build first`,
          ),
        )
      : Promise.resolve();
  }
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
