import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Tier } from '../../server/contract/api/tiers.ts';
import { makeKeys } from './keys.ts';
import { ensureRealSnapshot, REAL_DIST } from './real-snapshot.ts';
import { startServer, type RunningServer } from './server-process.ts';

export interface RealServer {
  server: RunningServer;
  keys: Record<string, string>;
  logFile: string;
  env: Record<string, string>;
}

/**
 * The real server over the real snapshot, with fresh keys, quota state and access log in a temp
 * dir. `env` adds or overrides variables (e.g. TIERS_FILE); `start: false` only prepares them.
 */
export async function startRealServer(
  keySpecs: { tier: Tier; name: string; test?: boolean }[],
  env: Record<string, string> = {},
): Promise<RealServer> {
  await ensureRealSnapshot();
  const made = makeKeys(keySpecs);
  const dir = mkdtempSync(join(tmpdir(), 'dcs-e2e-'));
  const logFile = join(dir, 'access.log');
  const fullEnv = { DIST_DIR: REAL_DIST, KEYS_FILE: made.file, QUOTA_STATE_FILE: join(dir, 'quota.json'), LOG_FILE: logFile, ...env };
  return { server: await startServer(fullEnv), keys: made.keys, logFile, env: fullEnv };
}
