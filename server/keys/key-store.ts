import { timingSafeEqual } from 'node:crypto';
import type { Tier } from '../contract/api/tiers.ts';
import type { Principal } from '../http/context.ts';
import { generateKey, hashKey, parseKey, randomBase62 } from './key-format.ts';
import { keyFileSignature, readKeyFile, writeKeyFile } from './key-file.ts';
import type { KeyEntry } from './key-file.ts';
import { isTier, TIER_SCOPES } from '../contract/api/tiers.ts';

/** A key entry as shown to people: everything but the hash. */
export type PublicKeyEntry = Omit<KeyEntry, 'hash'>;

export interface KeyStoreOptions {
  /** Minimum time between two checks of the key file from the request path; default 500 ms. */
  reloadIntervalMs?: number;
  /** Clock in milliseconds, for tests; default Date.now. */
  now?: () => number;
  /** Called once per unreadable version of the key file; the previous keys stay in force. Default: a process warning. */
  onReloadError?: (err: Error) => void;
}

export interface CreateKeyInput {
  tier: Tier;
  name?: string | null;
  test?: boolean;
}

const MAX_NAME_LENGTH = 100;

/** Accepted keys remembered between reloads; more distinct live keys than this just start over. */
const ACCEPTED_MAX = 10_000;

/**
 * The API keys in one key file, indexed by hash.
 *
 * Hot reload: authenticate() stats the file at most once per `reloadIntervalMs` and reloads it when
 * inode, size or mtime changed. This was chosen over fs.watchFile (a background poller, 5 s by default,
 * that must be stopped on shutdown and in every test) and fs.watch (which stops following the path once
 * a rename replaces the file on some platforms): it needs no lifecycle, costs at most two stats a second,
 * and a change applies to the first request after the interval. Writers rename complete files into place,
 * so a half-written file is never read.
 */
export class KeyStore {
  readonly file: string;
  #entries: KeyEntry[] = [];
  #byHash = new Map<string, KeyEntry>();
  // Accepted keys, so a client's repeat calls skip parsing and hashing; emptied on every reload.
  #accepted = new Map<string, Principal>();
  #signature = '';
  #failedSignature = '';
  #checkedAt = -Infinity;
  #interval: number;
  #now: () => number;
  #onReloadError: (err: Error) => void;

  /** Open the key file (the KEYS_FILE setting); throws if it exists but is invalid. */
  static load(file: string, options: KeyStoreOptions = {}): KeyStore {
    const store = new KeyStore(file, options);
    store.reload();
    return store;
  }

  constructor(file: string, options: KeyStoreOptions = {}) {
    this.file = file;
    this.#interval = options.reloadIntervalMs ?? 500;
    this.#now = options.now ?? Date.now;
    this.#onReloadError = options.onReloadError ?? ((err) => process.emitWarning(`key file not reloaded: ${err.message}`));
  }

  /** Read the key file now, replacing the keys in memory; throws (keeping the old keys) if it is invalid. */
  reload(): void {
    const { entries, signature } = readKeyFile(this.file);
    this.#entries = entries;
    this.#byHash = new Map(entries.map((entry) => [entry.hash, entry]));
    this.#accepted = new Map();
    this.#signature = signature;
    this.#checkedAt = this.#now();
  }

  /** The caller a key belongs to, or null when the key is malformed, unknown or revoked. */
  authenticate(key: string): Principal | null {
    this.#reloadIfChanged();
    const known = this.#accepted.get(key);
    if (known) return known;
    const parsed = parseKey(key);
    if (!parsed.ok) return null;
    const hash = hashKey(key);
    const entry = this.#byHash.get(hash);
    if (!entry || entry.revokedAt !== null) return null;
    // The Map already matched on the hash; the constant-time comparison is defence in depth in case
    // the index is ever replaced by something that compares secrets byte by byte.
    if (!timingSafeEqual(Buffer.from(hash, 'hex'), Buffer.from(entry.hash, 'hex'))) return null;
    // The prefix is part of the hashed key, so it is as trustworthy as the entry's own test flag.
    const principal: Principal = Object.freeze({
      keyId: entry.id,
      name: entry.name,
      tier: entry.tier,
      scopes: Object.freeze([...entry.scopes]) as Principal['scopes'],
      test: parsed.kind === 'test',
    });
    if (this.#accepted.size >= ACCEPTED_MAX) this.#accepted.clear();
    this.#accepted.set(key, principal);
    return principal;
  }

  /** Create a key with its tier's default scopes and save it. The returned key is the only copy. */
  create(input: CreateKeyInput): { key: string; entry: PublicKeyEntry } {
    const { tier, name = null, test = false } = input;
    if (!isTier(tier)) throw new Error(`unknown tier: ${String(tier)}`);
    if (name !== null && !validName(name)) {
      throw new Error(`a key name must be 1 to ${MAX_NAME_LENGTH} characters without control characters`);
    }
    // Start from the file as it is now, not from a possibly stale copy, so other writers' keys survive.
    this.reload();
    const key = generateKey(test ? 'test' : 'live');
    const entry: KeyEntry = {
      id: this.#newId(),
      name,
      tier,
      scopes: [...TIER_SCOPES[tier]],
      test,
      hash: hashKey(key),
      createdAt: new Date(this.#now()).toISOString(),
      revokedAt: null,
    };
    this.#save([...this.#entries, entry]);
    return { key, entry: publicEntry(entry) };
  }

  /** Every key, oldest first, without hashes. */
  list(): PublicKeyEntry[] {
    this.#reloadIfChanged();
    return this.#entries.map(publicEntry);
  }

  /**
   * Revoke a key by id. Returns null for an unknown id; `changed` is false when it was already revoked
   * (the original revocation time is kept).
   */
  revoke(id: string): { entry: PublicKeyEntry; changed: boolean } | null {
    this.reload();
    const current = this.#entries.find((entry) => entry.id === id);
    if (!current) return null;
    if (current.revokedAt !== null) return { entry: publicEntry(current), changed: false };
    const revoked: KeyEntry = { ...current, revokedAt: new Date(this.#now()).toISOString() };
    this.#save(this.#entries.map((entry) => (entry === current ? revoked : entry)));
    return { entry: publicEntry(revoked), changed: true };
  }

  #reloadIfChanged(): void {
    const now = this.#now();
    if (now - this.#checkedAt < this.#interval) return;
    this.#checkedAt = now;
    let signature = '';
    try {
      signature = keyFileSignature(this.file);
      // A broken file is reported once, not on every check until someone fixes it.
      if (signature === this.#signature || signature === this.#failedSignature) return;
      this.reload();
    } catch (err) {
      this.#failedSignature = signature;
      this.#onReloadError(err as Error);
    }
  }

  #save(entries: KeyEntry[]): void {
    writeKeyFile(this.file, entries);
    this.reload();
  }

  #newId(): string {
    // 12 base62 characters make a clash practically impossible; checking costs nothing.
    for (;;) {
      const id = `key_${randomBase62(12)}`;
      if (!this.#entries.some((entry) => entry.id === id)) return id;
    }
  }
}

function publicEntry(entry: KeyEntry): PublicKeyEntry {
  const { hash: _hash, ...rest } = entry;
  return { ...rest, scopes: [...rest.scopes] };
}

function validName(name: string): boolean {
  // Names end up in a terminal table, where control characters could rewrite the screen.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a key name must not hold
  return name.length >= 1 && name.length <= MAX_NAME_LENGTH && !/[\u0000-\u001f\u007f-\u009f]/.test(name);
}
