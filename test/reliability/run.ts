import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from '../helpers/real-snapshot.ts';
import { FIGURES_FILE, OUT, SECRETS_FILE, SETTINGS } from './harness.ts';

/**
 * `npm run test:reliability [-- --only=fuzz,soak] [--skip=soak]`: the reliability parts, one file
 * each, run one after another by node's test runner (each starts its own servers), then every
 * part's figure printed together. The secrets part runs last, on its own: it scans what the others
 * left in RELIABILITY_OUT. A run with --only adds to the files and figures of the last one.
 * Exit status: the test runners' (non-zero when any part failed).
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
if (!only) rmSync(FIGURES_FILE, { force: true });
if (!only && existsSync(SECRETS_FILE)) rmSync(SECRETS_FILE);

process.stdout.write(
  `== reliability: ${parts.join(', ')} (soak ${SETTINGS.soakMinutes} min${SETTINGS.soakRate ? ` at ${SETTINGS.soakRate}/s` : ''}, fuzz ${SETTINGS.fuzzRequests} requests, seed ${SETTINGS.seed}; files in ${relative(ROOT, OUT) || '.'})\n`,
);
/** Run some parts with node's test runner (which orders the files it is given by name); resolves to its exit code. */
function runParts(names: string[], tap: string): Promise<number> {
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
      ...names.map((p) => join('test/reliability', `${p}.test.ts`)),
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  return new Promise((done) => child.once('exit', (c, signal) => done(c ?? (signal ? 1 : 0))));
}

// The secrets part scans what every other part left, so it runs on its own, after them.
const first = parts.filter((p) => p !== 'secrets');
const taps: string[] = [];
let code = 0;
for (const group of [first, parts.includes('secrets') ? ['secrets'] : []]) {
  if (group.length === 0) continue;
  const tap = join(OUT, `results-${taps.length}.tap`);
  taps.push(tap);
  code = Math.max(code, await runParts(group, tap));
}
const figures = existsSync(FIGURES_FILE)
  ? readFileSync(FIGURES_FILE, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { part: string; text: string })
  : [];
process.stdout.write('\n== reliability figures\n');
for (const f of figures) process.stdout.write(`- ${f.part}: ${f.text}\n`);
// The runner's own totals (every test of every part), from its TAP summary.
const summaries = taps.map((t) => (existsSync(t) ? readFileSync(t, 'utf8') : ''));
const count = (what: string) =>
  summaries.reduce((n, summary) => n + Number(new RegExp(`^# ${what} (\\d+)$`, 'm').exec(summary)?.[1] ?? 0), 0);
process.stdout.write(`reliability: ${count('pass')} passed, ${count('fail') + (code !== 0 && count('fail') === 0 ? 1 : 0)} failed\n`);
process.exit(code);
