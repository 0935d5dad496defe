import { type Env, readSettings, type SettingsOf } from '../../server/contract/settings/setting.ts';
import { DIST_DIR_SETTING } from '../../server/contract/snapshot/app-paths.ts';
import { DATA_DIR_SETTING, HISTORY_KEEP_SETTING } from '../settings.ts';

/**
 * Every setting of `npm run fetch` and `npm run refresh`, read from the environment once. DATA_DIR
 * is where downloads go; refresh then builds into DIST_DIR keeping HISTORY_KEEP releases, as
 * `npm run build` does (the declarations are the build's own).
 */
export const FETCH_SETTINGS = {
  dataDir: DATA_DIR_SETTING,
  distDir: DIST_DIR_SETTING,
  historyKeep: HISTORY_KEEP_SETTING,
};

export type FetchSettings = SettingsOf<typeof FETCH_SETTINGS>;

/** The fetch's settings from `env` (the process environment when not given); throws a SettingsError listing every bad one. */
export function readFetchSettings(env: Env = process.env): FetchSettings {
  return readSettings(FETCH_SETTINGS, env);
}
