import { resolve } from 'node:path';
import { runBuild } from './build-pipeline.ts';
import { diskFullMessage, isDiskFull } from './compile/disk-full.ts';
import { currentSnapshot } from './compile/publish.ts';
import { IngestError } from './ingest/source-types.ts';
import { publishDocsPage } from './docs/docs-page.ts';
import { APP_ROOT, BUNDLED } from '../server/contract/snapshot/app-paths.ts';
import { type BuildSettings, readBuildSettings } from './build-settings.ts';

/**
 * `npm run build [-- --force]`: compile the snapshot from DATA_DIR into DIST_DIR, keeping
 * HISTORY_KEEP releases (build/build-settings.ts). Exit 0 when
 * published or already current, 1 on a tier-1 failure or a bad setting. With `--bundle` (what
 * `npm run build` passes) it then bundles the server, the build and the keys CLI into the same
 * folder (build/bundle/bundle.mjs; `--sourcemap` adds source maps). Bundled (dist/build.mjs), it
 * builds the checkout it is run from (content/ in the working directory) with no node_modules.
 */
const root = APP_ROOT;
const args = process.argv.slice(2);
if (BUNDLED && args.includes('--bundle')) {
  process.stderr.write(
    'build failed: the bundled build cannot bundle; run `npm run build` in a checkout with its dev dependencies (npm ci)\n',
  );
  process.exit(1);
}
let settings: BuildSettings;
try {
  settings = readBuildSettings();
} catch (err) {
  process.stderr.write(`build failed: ${(err as Error).message}\n`);
  process.exit(1);
}
const dist = settings.distDir;
try {
  const summary = await runBuild({
    root,
    dataDir: settings.dataDir,
    contentDir: resolve(root, 'content'),
    dist,
    force: args.includes('--force'),
    historyKeep: settings.historyKeep,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  // The reference page is code, not data: written whether or not the snapshot was rebuilt.
  publishDocsPage(dist, (line) => process.stdout.write(`${line}\n`));
  process.exitCode = summary.ok ? 0 : 1;
  if (summary.ok && args.includes('--bundle')) {
    const { bundle } = await import('./bundle/bundle.mjs');
    await bundle({ root, dist, sourcemap: args.includes('--sourcemap'), log: (line) => process.stdout.write(`${line}\n`) });
  }
} catch (err) {
  if (err instanceof IngestError) {
    process.stderr.write(`build failed (tier 1): ${err.message}\nThe previous snapshot, if any, is still the one served.\n`);
    process.exitCode = 1;
  } else if (isDiskFull(err)) {
    process.stderr.write(`${diskFullMessage(err as NodeJS.ErrnoException, dist, currentSnapshot(dist))}\n`);
    process.exitCode = 1;
  } else throw err;
}
