import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import defaultTiers from '../../server/contract/api/tiers.json' with { type: 'json' };
import { makeKeys } from '../helpers/keys.ts';

/** A limit no run reaches (about 20,000 requests/s for a day), so a metered key never gets a 429. */
export const RAISED_LIMIT = 2_000_000_000;

/** Keys, tiers and scratch space shared by every server the benchmark starts. */
export interface BenchEnv {
  dir: string;
  keysFile: string;
  tiersFile: string;
  /** Enterprise: every scope, unlimited, so never counted; this is how "quotas off" is measured. */
  unmeteredKey: string;
  /** Professional with both windows raised to RAISED_LIMIT: counted on every request, never refused. */
  meteredKey: string;
  /** Remove the scratch directory and the key file's directory. */
  dispose(): void;
}

/**
 * A fresh key file with one enterprise and one professional key, and a copy of server/tiers.json
 * whose professional limits are raised, both in temp directories.
 */
export function createBenchEnv(): BenchEnv {
  const dir = mkdtempSync(join(tmpdir(), 'dcs-bench-'));
  const { file, keys } = makeKeys([
    { tier: 'enterprise', name: 'unmetered' },
    { tier: 'professional', name: 'metered' },
  ]);
  const tiers = structuredClone(defaultTiers) as { tiers: Record<string, unknown> };
  tiers.tiers.professional = { day: RAISED_LIMIT, month: RAISED_LIMIT };
  const tiersFile = join(dir, 'tiers.json');
  writeFileSync(tiersFile, JSON.stringify(tiers, null, 2));
  return {
    dir,
    keysFile: file,
    tiersFile,
    unmeteredKey: keys.unmetered,
    meteredKey: keys.metered,
    dispose() {
      rmSync(dir, { recursive: true, force: true });
      rmSync(dirname(file), { recursive: true, force: true });
    },
  };
}
