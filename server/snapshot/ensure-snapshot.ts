import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROOT, BUILD_BUNDLE, BUNDLE_DIR } from '../contract/snapshot/app-paths.ts';
import { SNAPSHOT_FILES } from '../contract/snapshot/route-map.ts';

/**
 * Make sure `dist` has a published snapshot in pack files. When it has none (or only one from before packs): the bundled server runs the bundled
 * build beside it (`node dist/build.mjs`, plain node, no tsx, no node_modules) from the working
 * directory, which must be the checkout (content/ and DATA_DIR); the server run from source names
 * the command instead of running the build itself. Returns an error message, or null when a
 * snapshot is there. `buildEnv` is the environment the build runs with (server/settings.ts childEnv).
 */
export function ensureSnapshot(dist: string, log: (msg: string) => void, buildEnv: NodeJS.ProcessEnv): string | null {
  if (existsSync(join(dist, 'current', SNAPSHOT_FILES.packs))) return null;
  // A snapshot without packs.json was built before pack files (one file per object): this server
  // cannot read it, and a build carries its history over into packs.
  const why = existsSync(join(dist, 'current')) ? 'the published snapshot predates pack files' : 'no published snapshot';
  const bundledBuild = BUNDLE_DIR ? join(BUNDLE_DIR, BUILD_BUNDLE) : `dist/${BUILD_BUNDLE}`;
  if (!BUNDLE_DIR || !existsSync(bundledBuild)) {
    return `${why} in ${dist}: build one first with \`npm run build\` (or \`node ${bundledBuild}\` from the checkout), then start the server again`;
  }
  log(`${why} in ${dist}: building it first (node ${bundledBuild})`);
  const r = spawnSync(process.execPath, [bundledBuild], { stdio: 'inherit', env: buildEnv, cwd: APP_ROOT });
  if (r.status !== 0) return `the build failed (exit ${r.status ?? r.signal}); nothing to serve`;
  return existsSync(join(dist, 'current', SNAPSHOT_FILES.packs)) ? null : `the build published no snapshot in ${dist}; nothing to serve`;
}
