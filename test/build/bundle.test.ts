import assert from 'node:assert/strict';
import { spawnSync, fork } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { before, describe, it } from 'node:test';
import { bundle } from '../../build/bundle/bundle.mjs';
import { BUNDLE_RECORD, bundleState } from '../../build/bundle/bundle-state.mjs';
import { BUNDLES } from '../../server/contract/snapshot/app-paths.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { body, readCurrentJson } from '../fixtures/build-pipeline/snapshot-audit.ts';
import { build, MINI_DATA, MINI_EDITORIAL, ROOT, tempDir } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { bearer, call } from '../helpers/http.ts';
import { makeKeys } from '../helpers/keys.ts';

const CF = 'MONDO:0009061';

/** Every node_modules folder Node's resolver would look in from `dir` upwards. */
function nodeModulesAbove(dir: string): string[] {
  const found: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'node_modules'))) found.push(join(d, 'node_modules'));
    if (d === parse(d).root) return found;
  }
}

/** A plain node child (no tsx loader inherited from the test runner), in `cwd`. */
function plainEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // The bundled server serves the dist/ it sits in; a DIST_DIR of the caller's would point it elsewhere.
  delete env.NODE_OPTIONS;
  delete env.DIST_DIR;
  return { ...env, ...extra };
}

// One mini-data snapshot with the bundles beside it, as `npm run build` leaves dist/.
let dist = '';
let bundled: Awaited<ReturnType<typeof bundle>>;
before(async () => {
  dist = tempDir('bundle-dist');
  const built = await build(MINI_DATA, dist);
  assert.equal(built.ok, true, built.log);
  bundled = await bundle({ root: ROOT, dist });
});

describe('the bundle (one artifact)', () => {
  it('writes every bundle of server/contract/snapshot/bundles.json with a record of its inputs', () => {
    assert.deepEqual(Object.keys(bundled.sizes).sort(), Object.keys(BUNDLES).sort());
    for (const file of Object.keys(BUNDLES)) assert.ok(readFileSync(join(dist, file)).length > 1000, file);
    const record = JSON.parse(readFileSync(join(dist, BUNDLE_RECORD), 'utf8'));
    assert.equal(record.target, 'node20.11');
    assert.ok(record.inputs['server/main.ts'], 'the server entry is an input');
    assert.ok(record.inputs['node_modules/polka/build.mjs'] && record.inputs['node_modules/sirv/build.mjs'], 'packages are bundled in');
    assert.deepEqual(bundleState(ROOT, dist), { fresh: true });
  });

  it('serves a record from a copy of dist/ alone, with plain node and no node_modules anywhere above it', async () => {
    const box = tempDir('bundle-box');
    const app = join(box, 'app');
    cpSync(dist, app, { recursive: true, verbatimSymlinks: true });
    assert.deepEqual(nodeModulesAbove(app), [], 'no node_modules the bundle could fall back on');
    assert.ok(!readdirSync(app).includes('node_modules'));
    const { file: keysFile, keys } = makeKeys([{ tier: 'developer', name: 'dev' }]);
    const child = fork(join(app, 'server.mjs'), [], {
      cwd: box,
      execArgv: [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: plainEnv({
        PORT: '0',
        HOST: '127.0.0.1',
        KEYS_FILE: keysFile,
        QUOTA_STATE_FILE: join(box, 'quota.json'),
        LOG_FILE: join(box, 'server.log'),
        WORKERS: '1',
      }),
    });
    try {
      const url = await new Promise<string>((done, fail) => {
        child.once('exit', (code) =>
          fail(
            new Error(
              `the bundled server exited with ${code}: ${existsSync(join(box, 'server.log')) ? readFileSync(join(box, 'server.log'), 'utf8') : ''}`,
            ),
          ),
        );
        child.on('message', (m: { ready?: boolean; url?: string }) => m.ready && done(m.url!));
      });
      // The snapshot it serves is the copy it sits in: the body is that stored object, byte for byte.
      const manifest = readCurrentJson<Manifest>(app, SNAPSHOT_FILES.manifest);
      const entry = manifest.entries[`${CF}/summary`];
      const r = await call(url, `/api/v1/diseases/${CF}/summary`, { headers: bearer(keys.dev) });
      assert.equal(r.status, 200);
      assert.equal(r.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(r.headers.etag, `W/"${entry[0]}"`);
      assert.deepEqual(r.body, body(app, entry));
      assert.equal(r.json().data.id, CF);
      const missing = await call(url, '/api/v1/diseases/MONDO:0000001/summary', { headers: bearer(keys.dev) });
      assert.equal(missing.status, 404);
      assert.equal(missing.headers['content-type'], 'application/problem+json; charset=utf-8');
      assert.equal(missing.json().status, 404);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
    }
    assert.equal(child.exitCode, 0);
  });

  it('the bundled build fingerprints its inputs as the build from source does: nothing changed, nothing rebuilt', () => {
    const r = spawnSync(process.execPath, [join(dist, 'build.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: plainEnv({ DATA_DIR: MINI_DATA, DIST_DIR: dist, EDITORIAL_DIR: MINI_EDITORIAL }),
    });
    assert.equal(r.status, 0, r.stderr);
    const current = readdirSync(join(dist, 'snapshots'));
    assert.match(
      r.stdout,
      new RegExp(`^Snapshot ${current[0]} is current: inputs unchanged \\(fingerprint [0-9a-f]{16}\\); nothing rewritten\\.`),
    );
  });

  it('a bundle whose inputs changed is stale, and one that is missing says so', () => {
    const copy = tempDir('bundle-stale');
    for (const f of [...Object.keys(BUNDLES), BUNDLE_RECORD]) cpSync(join(dist, f), join(copy, f));
    const record = JSON.parse(readFileSync(join(copy, BUNDLE_RECORD), 'utf8'));
    record.inputs['server/app.ts'] = '0000000000000000';
    writeFileSync(join(copy, BUNDLE_RECORD), JSON.stringify(record));
    assert.deepEqual(bundleState(ROOT, copy), { fresh: false, missing: false, reason: 'server/app.ts changed since the bundle was made' });
    const empty = tempDir('bundle-none');
    assert.deepEqual(bundleState(ROOT, empty), {
      fresh: false,
      missing: true,
      reason: `${Object.keys(BUNDLES).join(', ')} not found in ${empty}`,
    });
  });

  it('bundling again from the same code rewrites no bundle', async () => {
    const again = await bundle({ root: ROOT, dist, force: true });
    assert.deepEqual(again.written, []);
    assert.deepEqual(again.sizes, bundled.sizes);
  });

  it('npm start without a snapshot: the bundled server runs the bundled build; from source it names the command', async () => {
    const fresh = tempDir('bundle-fresh');
    for (const f of Object.keys(BUNDLES)) cpSync(join(dist, f), join(fresh, f));
    const { file: keysFile, keys } = makeKeys([{ tier: 'developer', name: 'dev' }]);
    // From the checkout (content/ and the data), with plain node: builds, then serves what it built.
    const child = fork(join(fresh, 'server.mjs'), [], {
      cwd: ROOT,
      execArgv: [],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: plainEnv({
        DATA_DIR: MINI_DATA,
        EDITORIAL_DIR: MINI_EDITORIAL,
        PORT: '0',
        HOST: '127.0.0.1',
        KEYS_FILE: keysFile,
        QUOTA_STATE_FILE: join(fresh, 'quota.json'),
        LOG_FILE: join(fresh, 'server.log'),
        WEBHOOK_DIR: join(fresh, 'webhooks'),
      }),
    });
    try {
      const url = await new Promise<string>((done, fail) => {
        child.once('exit', (code) => fail(new Error(`exited with ${code}`)));
        child.on('message', (m: { ready?: boolean; url?: string }) => m.ready && done(m.url!));
      });
      assert.ok(existsSync(join(fresh, 'current', SNAPSHOT_FILES.manifest)));
      assert.equal((await call(url, `/api/v1/diseases/${CF}/summary`, { headers: bearer(keys.dev) })).status, 200);
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((done) => child.once('exit', done));
    }
    const log = readFileSync(join(fresh, 'server.log'), 'utf8');
    assert.ok(log.includes(`"msg":"no published snapshot in ${fresh}: building it first (node ${join(fresh, 'build.mjs')})"`), log);

    const empty = tempDir('bundle-nosnap');
    const fromSource = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
      env: plainEnv({ DIST_DIR: empty, PORT: '0', LOG_FILE: '' }),
    });
    assert.equal(fromSource.status, 1);
    const line = JSON.parse(fromSource.stdout.trim().split('\n').at(-1)!);
    assert.equal(
      line.msg,
      `no published snapshot in ${empty}: build one first with \`npm run build\` (or \`node dist/build.mjs\` from the checkout), then start the server again`,
    );
  });
});
