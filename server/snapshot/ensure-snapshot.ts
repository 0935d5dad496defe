import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROOT, BUILD_BUNDLE, BUNDLE_DIR } from '../contract/snapshot/app-paths.ts';
import { SNAPSHOT_FILES } from '../contract/snapshot/route-map.ts';

/**
 * Make sure `dist` has a published snapshot this server reads. When it has none (or only an older kind): the bundled server runs the bundled
 * build beside it (`node dist/build.mjs`, plain node, no tsx, no node_modules) from the working
 * directory, which must be the checkout (content/ and DATA_DIR); the server run from source names
 * the command instead of running the build itself. Returns an error message, or null when a
 * snapshot is there. `buildEnv` is the environment the build runs with (server/settings.ts childEnv).
 */
export function ensureSnapshot(dist: string, log: (msg: string) => void, buildEnv: NodeJS.ProcessEnv): string | null {
  if (current(dist)) return null;
  // A snapshot without packs.json was built before pack files (one file per object), one without
  // schemas.json before the server wrote its own OpenAPI document: this server cannot read it,
  // and a build carries its history over.
  const why = existsSync(join(dist, 'current')) ? 'the published snapshot predates this server' : 'no published snapshot';
  const bundledBuild = BUNDLE_DIR ? join(BUNDLE_DIR, BUILD_BUNDLE) : `dist/${BUILD_BUNDLE}`;
  if (!BUNDLE_DIR || !existsSync(bundledBuild)) {
    return `${why} in ${dist}: build one first with \`npm run build\` (or \`node ${bundledBuild}\` from the checkout), then start the server again`;
  }
  log(`${why} in ${dist}: building it first (node ${bundledBuild})`);
  const r = spawnSync(process.execPath, [bundledBuild], { stdio: 'inherit', env: buildEnv, cwd: APP_ROOT });
  if (r.status !== 0) return `the build failed (exit ${r.status ?? r.signal}); nothing to serve`;
  return current(dist) ? null : `the build published no snapshot in ${dist}; nothing to serve`;
}

/** Whether the published snapshot has what this server reads: pack files and component schemas. */
function current(dist: string): boolean {
  return existsSync(join(dist, 'current', SNAPSHOT_FILES.packs)) && existsSync(join(dist, 'current', SNAPSHOT_FILES.schemas));
}
