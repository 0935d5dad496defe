import { parseArgs } from 'node:util';
import { KeyStore } from './key-store.ts';
import type { PublicKeyEntry } from './key-store.ts';
import { TIERS, isTier } from '../contract/api/tiers.ts';

/** Where the CLI writes; separate from process streams so tests can run it in-process. */
export interface CliIo {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
  keysFile: string;
}

export const USAGE = `Usage: npm run keys -- <command>

Commands:
  create --tier <${TIERS.join('|')}> [--name <name>] [--test]
      Create a key. The key is printed once, alone on the last line.
  list
      List keys (id, name, tier, scopes, test, created, revoked); hashes are never shown.
  revoke <id>
      Revoke a key by its id (key_...). The server picks the change up without a restart.

The key file is KEYS_FILE, or .keys.json in the current directory.`;

class UsageError extends Error {}

/** Run one CLI command; returns the exit code (0 done, 1 failed, 2 bad usage). */
export function runKeysCli(args: string[], io: CliIo): number {
  const [command, ...rest] = args;
  try {
    if (command === 'help' || command === '--help' || command === '-h') {
      io.stdout(USAGE);
      return 0;
    }
    if (command === 'create') return create(rest, io);
    if (command === 'list') return list(rest, io);
    if (command === 'revoke') return revoke(rest, io);
    throw new UsageError(command === undefined ? 'no command given' : `unknown command: ${command}`);
  } catch (err) {
    if (err instanceof UsageError || isParseArgsError(err)) {
      io.stderr(`error: ${(err as Error).message}\n\n${USAGE}`);
      return 2;
    }
    io.stderr(`error: ${(err as Error).message}`);
    return 1;
  }
}

function create(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    options: { tier: { type: 'string' }, name: { type: 'string' }, test: { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (values.tier === undefined) throw new UsageError('create needs --tier');
  if (!isTier(values.tier)) throw new UsageError(`unknown tier: ${values.tier}`);
  const store = KeyStore.load(io.keysFile);
  const { key, entry } = store.create({ tier: values.tier, name: values.name ?? null, test: values.test });
  io.stdout(`Created ${entry.test ? 'test' : 'live'} key ${entry.id} (tier ${entry.tier}, scopes ${entry.scopes.join(',')})`);
  if (entry.name !== null) io.stdout(`Name: ${entry.name}`);
  io.stdout(`Key file: ${store.file}`);
  io.stdout('Copy the key now: only its hash is stored, so it cannot be shown again.');
  // Alone on the last line, so scripts can take it with `tail -n1`.
  io.stdout(key);
  return 0;
}

function list(args: string[], io: CliIo): number {
  if (args.length > 0) throw new UsageError(`unexpected argument: ${args[0]}`);
  io.stdout(formatTable(KeyStore.load(io.keysFile).list()));
  return 0;
}

function revoke(args: string[], io: CliIo): number {
  const { positionals } = parseArgs({ args, options: {}, strict: true, allowPositionals: true });
  if (positionals.length !== 1) throw new UsageError('revoke needs exactly one key id');
  const result = KeyStore.load(io.keysFile).revoke(positionals[0]);
  if (!result) {
    io.stderr(`error: no key with id ${positionals[0]}`);
    return 1;
  }
  io.stdout(
    result.changed
      ? `Revoked ${result.entry.id} at ${result.entry.revokedAt}`
      : `${result.entry.id} was already revoked at ${result.entry.revokedAt}`,
  );
  return 0;
}

/** Plain aligned columns; '-' marks an absent name or revocation. */
export function formatTable(entries: PublicKeyEntry[]): string {
  const header = ['id', 'name', 'tier', 'scopes', 'test', 'created', 'revoked'];
  const rows = entries.map((e) => [
    e.id,
    e.name ?? '-',
    e.tier,
    e.scopes.join(','),
    e.test ? 'yes' : 'no',
    e.createdAt,
    e.revokedAt ?? '-',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  return [header, ...rows]
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

function isParseArgsError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}
