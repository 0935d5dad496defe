import { resolve } from 'node:path';
import { type Env, readSettings, type SettingsOf, setting } from '../server/contract/settings/setting.ts';
import { APP_ROOT, DIST_DIR_SETTING } from '../server/contract/snapshot/app-paths.ts';

/**
 * Every setting of the build (`npm run build`, dist/build.mjs) and of `npm run fetch` and
 * `npm run refresh` (DATA_DIR is where downloads go; refresh then builds into DIST_DIR keeping
 * HISTORY_KEEP releases), read from the environment once and checked together. Nothing else in
 * build/ reads process.env.
 */

/** Where the public releases are read from (never copied into the repo). */
export const DATA_DIR_SETTING = setting(
  'DATA_DIR',
  '`../shared/data/raw`',
  'the public releases the build reads (never copied into the repo)',
  (v) => resolve(APP_ROOT, v ?? '../shared/data/raw'),
);

/** How many releases the history keeps; null keeps all. */
export const HISTORY_KEEP_SETTING = setting(
  'HISTORY_KEEP',
  'all',
  'how many releases the history keeps (a whole number, or `all`); see Releases and history',
  (v): number | null => {
    if (v === undefined || v === 'all') return null;
    if (!/^[1-9]\d{0,8}$/.test(v)) throw new Error(`must be a whole number of releases (at least 1) or "all", got "${v}"`);
    return Number(v);
  },
);

/** Where the expert (editorial) files are read from: ours, in content/ (tests point it at their fixtures). */
export const EDITORIAL_DIR_SETTING = setting(
  'EDITORIAL_DIR',
  '`content/editorial`',
  'the expert (editorial) files the build joins to the records (content/editorial/README.md); a build of other data points it at files curated for that data',
  (v) => resolve(APP_ROOT, v ?? 'content/editorial'),
);

export const BUILD_SETTINGS = {
  dataDir: DATA_DIR_SETTING,
  editorialDir: EDITORIAL_DIR_SETTING,
  distDir: DIST_DIR_SETTING,
  historyKeep: HISTORY_KEEP_SETTING,
};

export type BuildSettings = SettingsOf<typeof BUILD_SETTINGS>;

/** The build's settings from `env` (the process environment when not given); throws a SettingsError listing every bad one. */
export function readBuildSettings(env: Env = process.env): BuildSettings {
  return readSettings(BUILD_SETTINGS, env);
}
