import { randomBytes } from 'node:crypto';
import { closeSync, fstatSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Scope, Tier } from '../contract/api/tiers.ts';
import { isScope, isTier } from '../contract/api/tiers.ts';
import { type Env, readSettings, setting } from '../contract/settings/setting.ts';

/** One stored key. `hash` is hashKey(key); the key itself is never written anywhere. */
export interface KeyEntry {
  /** Public identifier, 'key_' + 12 base62 characters: safe to log, show and pass to `revoke`. */
  id: string;
  name: string | null;
  tier: Tier;
  scopes: Scope[];
  test: boolean;
  hash: string;
  createdAt: string;
  revokedAt: string | null;
}

/** A key file as read: its entries and a signature that changes whenever the file is replaced. */
export interface KeyFileSnapshot {
  entries: KeyEntry[];
  signature: string;
}

const FILE_VERSION = 1;
const ID_PATTERN = /^key_[0-9A-Za-z]{12}$/;
const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** The key file when KEYS_FILE is not set: in the working directory. */
export const DEFAULT_KEYS_FILE = '.keys.json';

/** KEYS_FILE, declared here for the server's settings table and the keys CLI, which reads it alone. */
export const KEYS_FILE_SETTING = setting('KEYS_FILE', `\`${DEFAULT_KEYS_FILE}\``, 'hashed API keys (git-ignored, mode 0600)', (v) =>
  resolve(v ?? DEFAULT_KEYS_FILE),
);

/** The key file named by KEYS_FILE in `env` (the process environment when not given). */
export function keysFileOf(env: Env = process.env): string {
  return readSettings({ keysFile: KEYS_FILE_SETTING }, env).keysFile;
}

/**
 * Signature of the file at `file` ('missing' when absent). The inode is part of it because every
 * write renames a new file into place, which catches two writes within one mtime tick of equal size.
 */
export function keyFileSignature(file: string): string {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw err;
  }
  return signatureOf(stats);
}

function signatureOf(stats: Stats): string {
  return `${stats.ino}:${stats.size}:${stats.mtimeMs}`;
}

/**
 * Read and validate a key file; a missing file holds no keys. Content and signature come from the
 * same descriptor, so a rename between the two cannot pair new content with an old signature.
 * Throws on unreadable or invalid content rather than guessing at partial data.
 */
export function readKeyFile(file: string): KeyFileSnapshot {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], signature: 'missing' };
    throw err;
  }
  try {
    const signature = signatureOf(fstatSync(fd));
    return { entries: validateKeyFile(parseJson(readFileSync(fd, 'utf8'), file), file), signature };
  } finally {
    closeSync(fd);
  }
}

/**
 * Replace the key file atomically: write a 0600 temp file beside it, fsync, then rename over the
 * old one, so a reader (the server's hot reload) sees either the old file or the new one, never half.
 */
export function writeKeyFile(file: string, entries: readonly KeyEntry[]): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const data = `${JSON.stringify({ version: FILE_VERSION, keys: entries }, null, 2)}\n`;
  try {
    const fd = openSync(tmp, 'wx', 0o600);
    try {
      writeSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // JSON.parse messages quote the text around the error, which here would be key material.
    throw new Error(`${file}: not valid JSON`);
  }
}

function validateKeyFile(data: unknown, file: string): KeyEntry[] {
  const doc = data as { version?: unknown; keys?: unknown } | null;
  if (typeof doc !== 'object' || doc === null || doc.version !== FILE_VERSION || !Array.isArray(doc.keys)) {
    throw new Error(`${file}: expected {"version": ${FILE_VERSION}, "keys": [...]}`);
  }
  const ids = new Set<string>();
  const hashes = new Set<string>();
  return doc.keys.map((raw: unknown, index: number) => {
    const problem = entryProblem(raw);
    // Messages name the index and field only: never a hash or other entry content.
    if (problem) throw new Error(`${file}: keys[${index}] ${problem}`);
    const entry = raw as KeyEntry;
    if (ids.has(entry.id)) throw new Error(`${file}: keys[${index}] repeats id ${entry.id}`);
    if (hashes.has(entry.hash)) throw new Error(`${file}: keys[${index}] repeats the hash of another key`);
    ids.add(entry.id);
    hashes.add(entry.hash);
    return { ...entry, scopes: [...entry.scopes] };
  });
}

function entryProblem(raw: unknown): string | null {
  if (typeof raw !== 'object' || raw === null) return 'is not an object';
  const e = raw as Record<string, unknown>;
  if (typeof e.id !== 'string' || !ID_PATTERN.test(e.id)) return 'has an invalid id';
  if (e.name !== null && typeof e.name !== 'string') return 'has an invalid name';
  if (!isTier(e.tier)) return 'has an unknown tier';
  if (!Array.isArray(e.scopes) || !e.scopes.every(isScope)) return 'has invalid scopes';
  if (typeof e.test !== 'boolean') return 'has an invalid test flag';
  if (typeof e.hash !== 'string' || !HASH_PATTERN.test(e.hash)) return 'has an invalid hash';
  if (typeof e.createdAt !== 'string' || Number.isNaN(Date.parse(e.createdAt))) return 'has an invalid createdAt';
  if (e.revokedAt !== null && (typeof e.revokedAt !== 'string' || Number.isNaN(Date.parse(e.revokedAt)))) {
    return 'has an invalid revokedAt';
  }
  return null;
}
