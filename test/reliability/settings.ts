import { integer, readSettings, type SettingsOf, setting, text } from '../../server/contract/settings/setting.ts';

/**
 * The reliability suite's own settings (`npm run test:reliability`), declared as every setting is
 * (server/contract/settings/setting.ts) and listed in the README's settings table. CI sets the
 * soak to the 10 minutes; a local run may shorten it.
 */
export const RELIABILITY_SETTINGS = {
  soakMinutes: setting(
    'RELIABILITY_SOAK_MINUTES',
    '`2`',
    'how long the soak runs (CI sets 2, the nightly workflow 10); RSS and open files are compared after the first minute (half of a shorter run) and at the end',
    integer(2, 1, 120),
  ),
  soakRate: setting(
    'RELIABILITY_SOAK_RATE',
    '`0` (as fast as it goes)',
    'requests per second the soak sends; CI caps it so the soak can run beside the other tests',
    integer(0, 0, 1_000_000),
  ),
  fuzzRequests: setting('RELIABILITY_FUZZ_REQUESTS', '`100000`', 'hostile requests the fuzz part sends', integer(100_000, 1, 10_000_000)),
  seed: setting('RELIABILITY_SEED', '`22`', 'seed of the fuzz: request i is made from seed + i', integer(22, 0, 2 ** 31)),
  replay: setting('RELIABILITY_FUZZ_REPLAY', 'none', 'a seed the fuzz printed: send only that request and print it with its answer', (v) =>
    v === undefined ? null : integer(0, 0, 2 ** 32)(v),
  ),
  redisPort: setting(
    'RELIABILITY_REDIS_PORT',
    '`6391`',
    'port of the Redis the flapping part starts, kills and restarts (its own: never a shared one)',
    integer(6391, 1, 65535),
  ),
  out: setting(
    'RELIABILITY_OUT',
    '`.scratch/reliability`',
    'where logs, state files and the figures of a run go',
    text('.scratch/reliability'),
  ),
};

export type ReliabilitySettings = SettingsOf<typeof RELIABILITY_SETTINGS>;

/** The suite's settings from the environment. */
export function reliabilitySettings(env: NodeJS.ProcessEnv = process.env): ReliabilitySettings {
  return readSettings(RELIABILITY_SETTINGS, env);
}
