import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as zlib from 'node:zlib';
import { BASE62, checksum, crc32Fallback, generateKey, hashKey, parseKey, randomBase62 } from '../../server/keys/key-format.ts';
import { KeyStore } from '../../server/keys/key-store.ts';
import { runKeysCli, USAGE } from '../../server/keys/cli-commands.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const KEY_PATTERN = /^svc_(live|test)_[0-9A-Za-z]{38}$/;
const T0 = Date.parse('2026-01-06T12:00:00.000Z');
const dirs: string[] = [];

function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keys-test-'));
  dirs.push(dir);
  return join(dir, 'keys.json');
}

after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('key format', () => {
  it('generates live and test keys of 47 characters that parse back to their kind', () => {
    for (const kind of ['live', 'test'] as const) {
      const key = generateKey(kind);
      assert.match(key, KEY_PATTERN);
      assert.equal(key.length, 47);
      assert.ok(key.startsWith(`svc_${kind}_`));
      assert.deepEqual(parseKey(key), { ok: true, kind });
    }
    assert.notEqual(generateKey('live'), generateKey('live'));
  });

  it('draws random characters by rejection sampling, never reducing bytes >= 248 modulo 62', () => {
    assert.equal(
      randomBase62(4, () => Uint8Array.from([248, 0, 255, 61, 62, 247])),
      '0z0z',
    );
    const rounds = [Uint8Array.from([255, 1]), Uint8Array.from([250, 2, 3, 4])];
    assert.equal(
      randomBase62(3, () => rounds.shift()!),
      '123',
    );
    assert.equal(BASE62.length, 62);
  });

  it('checksums with CRC-32 in six base62 digits (check value of "123456789" is 0xCBF43926)', () => {
    assert.equal(crc32Fallback('123456789'), 0xcbf43926);
    assert.equal(checksum('123456789'), '3jZRME');
    const body = generateKey('live').slice(0, 41);
    assert.equal(crc32Fallback(body), zlib.crc32(body));
  });

  it('rejects every one-character typo in the random part or checksum as a checksum error', () => {
    const key = generateKey('live');
    let tried = 0;
    for (let i = 'svc_live_'.length; i < key.length; i++) {
      for (const c of BASE62) {
        if (c === key[i]) continue;
        const typo = key.slice(0, i) + c + key.slice(i + 1);
        assert.deepEqual(parseKey(typo), { ok: false, reason: 'checksum' }, `typo at ${i}`);
        tried++;
      }
    }
    assert.equal(tried, 38 * 61);
  });

  it('rejects wrong prefixes, lengths and characters as malformed', () => {
    const key = generateKey('test');
    const bad = [
      '',
      key.slice(0, -1),
      `${key}A`,
      `svc_prod_${key.slice(9)}`,
      `SVC_test_${key.slice(9)}`,
      `svc_test-${key.slice(9)}`,
      `${key.slice(0, 20)}-${key.slice(21)}`,
      ` ${key}`,
    ];
    for (const candidate of bad) assert.deepEqual(parseKey(candidate), { ok: false, reason: 'malformed' }, candidate);
  });

  it('hashes with SHA-256 hex', () => {
    assert.equal(hashKey('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('key store', () => {
  it('creates a key with its tier scopes, stores only its hash in a 0600 file and authenticates it', () => {
    const file = tempFile();
    const store = KeyStore.load(file, { now: () => T0 });
    const { key, entry } = store.create({ tier: 'developer', name: 'ci bot' });
    assert.deepEqual(parseKey(key), { ok: true, kind: 'live' });
    assert.match(entry.id, /^key_[0-9A-Za-z]{12}$/);
    assert.deepEqual(entry, {
      id: entry.id,
      name: 'ci bot',
      tier: 'developer',
      scopes: ['read', 'search'],
      test: false,
      createdAt: '2026-01-06T12:00:00.000Z',
      revokedAt: null,
    });
    assert.equal(statSync(file).mode & 0o777, 0o600);
    const text = readFileSync(file, 'utf8');
    assert.equal(text.includes(key), false);
    assert.equal(text.includes(key.slice(9, 41)), false);
    assert.deepEqual(JSON.parse(text), { version: 1, keys: [{ ...entry, hash: hashKey(key) }] });
    assert.deepEqual(store.authenticate(key), {
      keyId: entry.id,
      name: 'ci bot',
      tier: 'developer',
      scopes: ['read', 'search'],
      test: false,
    });
    assert.deepEqual(readdirSync(join(file, '..')), ['keys.json']);
  });

  it('gives bulk only to professional and enterprise, and marks svc_test_ keys as test', () => {
    const store = KeyStore.load(tempFile());
    const scopes = (['free', 'developer', 'professional', 'enterprise'] as const).map((tier) => store.create({ tier }).entry.scopes);
    assert.deepEqual(scopes, [
      ['read', 'search'],
      ['read', 'search'],
      ['read', 'search', 'bulk', 'webhooks'],
      ['read', 'search', 'bulk', 'webhooks'],
    ]);
    const { key, entry } = store.create({ tier: 'professional', test: true });
    assert.ok(key.startsWith('svc_test_'));
    assert.equal(entry.test, true);
    assert.deepEqual(store.authenticate(key), {
      keyId: entry.id,
      name: null,
      tier: 'professional',
      scopes: ['read', 'search', 'bulk', 'webhooks'],
      test: true,
    });
  });

  it('lists entries in creation order without hashes', () => {
    const store = KeyStore.load(tempFile(), { now: () => T0 });
    const a = store.create({ tier: 'free', name: 'a' }).entry;
    const b = store.create({ tier: 'enterprise', test: true }).entry;
    assert.deepEqual(store.list(), [a, b]);
    assert.equal('hash' in store.list()[0], false);
  });

  it('revokes by id once, keeps the first revocation time and leaves other keys valid', () => {
    let now = T0;
    const store = KeyStore.load(tempFile(), { now: () => now });
    const first = store.create({ tier: 'developer' });
    const second = store.create({ tier: 'developer' });
    now = T0 + 60_000;
    const revoked = store.revoke(first.entry.id);
    assert.deepEqual(revoked, { entry: { ...first.entry, revokedAt: '2026-01-06T12:01:00.000Z' }, changed: true });
    assert.equal(store.authenticate(first.key), null);
    assert.equal(store.authenticate(second.key)?.keyId, second.entry.id);
    now = T0 + 120_000;
    assert.deepEqual(store.revoke(first.entry.id), { entry: revoked!.entry, changed: false });
    assert.equal(store.revoke('key_000000000000'), null);
  });

  it('returns null for unknown and malformed keys', () => {
    const store = KeyStore.load(tempFile());
    store.create({ tier: 'free' });
    assert.equal(store.authenticate(generateKey('live')), null);
    assert.equal(store.authenticate('svc_live_nope'), null);
  });

  it('refuses unknown tiers and unprintable names', () => {
    const store = KeyStore.load(tempFile());
    assert.throws(() => store.create({ tier: 'gold' as 'free' }), /unknown tier: gold/);
    assert.throws(() => store.create({ tier: 'free', name: 'a\u001b[2J' }), /1 to 100 characters/);
    assert.throws(() => store.create({ tier: 'free', name: '' }), /1 to 100 characters/);
    assert.deepEqual(store.list(), []);
  });

  it("hot-reloads another writer's changes only after the 500 ms check interval", () => {
    const file = tempFile();
    let now = T0;
    const server = KeyStore.load(file, { now: () => now });
    const { key } = KeyStore.load(file).create({ tier: 'free' });
    now = T0 + 499;
    assert.equal(server.authenticate(key), null);
    now = T0 + 500;
    assert.equal(server.authenticate(key)?.tier, 'free');
  });

  it('keeps the previous keys when the file turns invalid, reports it once, and recovers', () => {
    const file = tempFile();
    const errors: string[] = [];
    const server = KeyStore.load(file, { reloadIntervalMs: 0, onReloadError: (err) => errors.push(err.message) });
    const { key } = server.create({ tier: 'developer' });
    const good = readFileSync(file, 'utf8');
    writeFileSync(`${file}.new`, '{"version": 1, "keys": [ {"id": "key_');
    renameSync(`${file}.new`, file);
    assert.equal(server.authenticate(key)?.tier, 'developer');
    assert.equal(server.authenticate(key)?.tier, 'developer');
    assert.deepEqual(errors, [`${file}: not valid JSON`]);
    assert.throws(() => KeyStore.load(file), { message: `${file}: not valid JSON` });
    assert.throws(() => server.create({ tier: 'free' }), { message: `${file}: not valid JSON` });
    assert.equal(readFileSync(file, 'utf8'), '{"version": 1, "keys": [ {"id": "key_');
    writeFileSync(`${file}.new`, good.replace('"developer"', '"enterprise"'));
    renameSync(`${file}.new`, file);
    assert.equal(server.authenticate(key)?.tier, 'enterprise');
  });

  it('rejects entries of the wrong shape without quoting their content', () => {
    const file = tempFile();
    const { key, entry } = KeyStore.load(file).create({ tier: 'free' });
    const doc = { version: 1, keys: [{ ...entry, hash: hashKey(key), tier: 'gold' }] };
    writeFileSync(file, JSON.stringify(doc));
    assert.throws(() => KeyStore.load(file), { message: `${file}: keys[0] has an unknown tier` });
  });
});

describe('keys CLI', () => {
  const io = (keysFile: string) => {
    const out = { stdout: [] as string[], stderr: [] as string[] };
    return { out, io: { stdout: (l: string) => out.stdout.push(l), stderr: (l: string) => out.stderr.push(l), keysFile } };
  };

  it('exits 2 with the usage on stderr for bad usage', () => {
    const bad: [string[], string][] = [
      [[], 'no command given'],
      [['nope'], 'unknown command: nope'],
      [['create'], 'create needs --tier'],
      [['create', '--tier', 'gold'], 'unknown tier: gold'],
      [['create', '--tier', 'free', 'extra'], 'unexpected argument: extra'],
      [['create', '--tier', 'free', '--bogus'], "Unknown option '--bogus'"],
      [['revoke'], 'revoke needs exactly one key id'],
      [['revoke', 'a', 'b'], 'revoke needs exactly one key id'],
      [['list', 'x'], 'unexpected argument: x'],
    ];
    for (const [args, message] of bad) {
      const { out, io: cliIo } = io(tempFile());
      assert.equal(runKeysCli(args, cliIo), 2, args.join(' '));
      assert.deepEqual(out.stdout, []);
      assert.equal(out.stderr.length, 1);
      assert.ok(out.stderr[0].startsWith(`error: ${message}`), out.stderr[0]);
      assert.ok(out.stderr[0].endsWith(`\n\n${USAGE}`));
    }
  });

  it('lists keys as an aligned table without hashes', () => {
    const file = tempFile();
    let now = T0;
    const store = KeyStore.load(file, { now: () => now });
    const a = store.create({ tier: 'developer', name: 'ci bot' }).entry;
    const b = store.create({ tier: 'enterprise', test: true }).entry;
    now = T0 + 1000;
    store.revoke(b.id);
    const { out, io: cliIo } = io(file);
    assert.equal(runKeysCli(['list'], cliIo), 0);
    assert.deepEqual(out.stdout, [
      [
        'id                name    tier        scopes                     test  created                   revoked',
        `${a.id}  ci bot  developer   read,search                no    2026-01-06T12:00:00.000Z  -`,
        `${b.id}  -       enterprise  read,search,bulk,webhooks  yes   2026-01-06T12:00:00.000Z  2026-01-06T12:00:01.000Z`,
      ].join('\n'),
    ]);
    assert.doesNotMatch(out.stdout[0], /[0-9a-f]{64}/);
  });

  it('exits 1 when revoking an unknown id', () => {
    const { out, io: cliIo } = io(tempFile());
    assert.equal(runKeysCli(['revoke', 'key_000000000000'], cliIo), 1);
    assert.deepEqual(out, { stdout: [], stderr: ['error: no key with id key_000000000000'] });
  });

  it('creates and revokes from a separate process, and a running store picks both up', () => {
    const file = tempFile();
    const server = KeyStore.load(file, { reloadIntervalMs: 0 });
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/keys/cli.ts', ...args], {
        cwd: REPO,
        env: { ...process.env, KEYS_FILE: file },
        encoding: 'utf8',
      });
    const created = cli('create', '--tier', 'professional', '--name', 'spawned', '--test');
    assert.equal(created.stderr, '');
    assert.equal(created.status, 0);
    const lines = created.stdout.trimEnd().split('\n');
    const key = lines.at(-1)!;
    assert.match(key, /^svc_test_[0-9A-Za-z]{38}$/);
    const id = /^Created test key (key_[0-9A-Za-z]{12}) \(tier professional, scopes read,search,bulk,webhooks\)$/.exec(lines[0])?.[1];
    assert.ok(id, lines[0]);
    assert.deepEqual(lines.slice(1, -1), [
      'Name: spawned',
      `Key file: ${file}`,
      'Copy the key now: only its hash is stored, so it cannot be shown again.',
    ]);
    assert.deepEqual(server.authenticate(key), {
      keyId: id,
      name: 'spawned',
      tier: 'professional',
      scopes: ['read', 'search', 'bulk', 'webhooks'],
      test: true,
    });
    const revoked = cli('revoke', id);
    assert.equal(revoked.status, 0);
    assert.match(revoked.stdout, new RegExp(`^Revoked ${id} at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\n$`));
    assert.equal(server.authenticate(key), null);
  });
});
