import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KeyStore } from '../../server/keys/key-store.ts';
import type { Tier } from '../../server/contract/api/tiers.ts';

/** A fresh key file in a temp dir, with one key per requested tier. */
export function makeKeys(tiers: { tier: Tier; test?: boolean; name: string }[]): {
  file: string;
  keys: Record<string, string>;
  ids: Record<string, string>;
} {
  const dir = mkdtempSync(join(tmpdir(), 'dcs-keys-'));
  const file = join(dir, 'keys.json');
  const store = KeyStore.load(file);
  const keys: Record<string, string> = {};
  const ids: Record<string, string> = {};
  for (const t of tiers) {
    const { key, entry } = store.create({ tier: t.tier, name: t.name, test: t.test ?? false });
    keys[t.name] = key;
    ids[t.name] = entry.id;
  }
  return { file, keys, ids };
}
