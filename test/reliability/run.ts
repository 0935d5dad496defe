import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/real-snapshot.ts';
import { FIGURES_FILE, OUT, SECRETS_FILE, SETTINGS } from './harness.ts';

/**
 * `npm run test:reliability [-- --only=fuzz,soak] [--skip=soak]`: the reliability parts, one file
 * each, run one after another by node's test runner (each starts its own servers), then every
 * part's figure printed together. The secrets part runs last: it scans what the others left in
 * RELIABILITY_OUT. Exit status: the test runner's.
 */
const PARTS = ['fuzz', 'protocol', 'corrupt-object', 'crash', 'redis-flap', 'disk-full', 'soak', 'secrets'];

const arg = (name: string) =>
  process.argv
    .find((a) => a.startsWith(`--${name}=`))
    ?.slice(name.length + 3)
    .split(',')
    .filter(Boolean) ?? null;
const only = arg('only');
const skip = arg('skip') ?? [];
for (const p of [...(only ?? []), ...skip])
  if (!PARTS.includes(p)) throw new Error(`unknown part "${p}"; the parts are ${PARTS.join(', ')}`);
const parts = PARTS.filter((p) => (only ? only.includes(p) : true) && !skip.includes(p));

// A run starts clean, unless it adds parts to one under way (--only, as CI does with the soak).
if (!only) rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
rmSync(FIGURES_FILE, { force: true });
if (!only && existsSync(SECRETS_FILE)) rmSync(SECRETS_FILE);

process.stdout.write(
  `== reliability: ${parts.join(', ')} (soak ${SETTINGS.soakMinutes} min${SETTINGS.soakRate ? ` at ${SETTINGS.soakRate}/s` : ''}, fuzz ${SETTINGS.fuzzRequests} requests, seed ${SETTINGS.seed}; files in ${relative(ROOT, OUT) || '.'})\n`,
);
const files = parts.map((p) => join('test/reliability', `${p}.test.ts`));
const tap = join(OUT, 'results.tap');
const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-concurrency=1',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=tap',
    `--test-reporter-destination=${tap}`,
    ...files,
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
const code: number = await new Promise((done) => child.once('exit', (c, signal) => done(c ?? (signal ? 1 : 0))));
const figures = existsSync(FIGURES_FILE)
  ? readFileSync(FIGURES_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { part: string; text: string })
  : [];
process.stdout.write('\n== reliability figures\n');
for (const f of figures) process.stdout.write(`- ${f.part}: ${f.text}\n`);
// The runner's own totals (every test of every part), from its TAP summary.
const summary = existsSync(tap) ? readFileSync(tap, 'utf8') : '';
const count = (what: string) => Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(summary)?.[1] ?? 0);
process.stdout.write(`reliability: ${count('pass')} passed, ${count('fail') + (code !== 0 && count('fail') === 0 ? 1 : 0)} failed\n`);
process.exit(code);
