import { resolve } from 'node:path';
import bundles from './bundles.json' with { type: 'json' };
import { setting } from '../settings/setting.ts';

/**
 * Where the service runs from. From source (tsx) this file is server/contract/snapshot/app-paths.ts and
 * the checkout is three folders up. From a bundle (dist/server.mjs, dist/build.mjs, dist/keys.mjs:
 * every module shares the bundle's import.meta) it is the bundle's own folder, which is also the
 * snapshot folder: a dist/ copied anywhere serves itself, and relative paths resolve from the
 * working directory, as KEYS_FILE and QUOTA_STATE_FILE always have.
 */
export const BUNDLED = !import.meta.url.endsWith('.ts');

/** The folder the bundle sits in (from source: the checkout's dist/). */
const HERE = import.meta.dirname;

/** The folder of the running bundle (null from source): the bundled build sits beside the server. */
export const BUNDLE_DIR: string | null = BUNDLED ? HERE : null;

/** Relative DIST_DIR, DATA_DIR, WEBHOOK_DIR and content/ resolve from here: the checkout, or the working directory of a bundle. */
export const APP_ROOT = BUNDLED ? process.cwd() : resolve(HERE, '../../..');

/** The snapshot folder, a setting of both the build and the server: DIST_DIR, else the bundle's own folder, else the checkout's dist/. */
export const DIST_DIR_SETTING = setting(
  'DIST_DIR',
  '`dist` (`dist/server.mjs`: its own folder)',
  'the snapshot folder the build writes and the server serves',
  (v) => (v ? resolve(APP_ROOT, v) : BUNDLED ? HERE : resolve(APP_ROOT, 'dist')),
);

/** The bundle files written into the snapshot folder (bundles.json, read by build/bundle/bundle.mjs too). */
export const BUNDLES: Readonly<Record<string, string>> = bundles.bundles;

/** The bundled build, which the bundled server runs when no snapshot is published. */
export const BUILD_BUNDLE = Object.keys(BUNDLES).find((file) => BUNDLES[file] === 'build/build-cli.ts') as string;
