import { join } from 'node:path';
import type { Tier } from '../../server/contract/api/tiers.ts';
import { KeyStore } from '../../server/keys/key-store.ts';
import { recordSecret } from './harness.ts';

/**
 * A key file in `dir` with one key per tier, a test key and a revoked key (each recorded for the
 * secrets part), plus `extra` professional keys named p1, p2...
 */
export function partKeys(
  dir: string,
  part: string,
  extra = 0,
): { file: string; keys: Record<string, string>; ids: Record<string, string> } {
  const file = join(dir, 'keys.json');
  const store = KeyStore.load(file);
  const keys: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const make = (name: string, tier: Tier, test = false) => {
    const { key, entry } = store.create({ tier, name, test });
    keys[name] = key;
    ids[name] = entry.id;
    recordSecret('api-key', key, part);
  };
  for (const tier of ['free', 'developer', 'professional', 'enterprise'] as const) make(tier, tier);
  make('test', 'professional', true);
  make('revoked', 'professional');
  store.revoke(ids.revoked);
  for (let i = 1; i <= extra; i++) make(`p${i}`, 'professional');
  return { file, keys, ids };
}
