import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { publishDocsPage } from '../../build/docs/docs-page.ts';
import { build, MINI_DATA, MINI_EDITORIAL } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { ROOT } from '../helpers/real-snapshot.ts';
import { Client, figure, fmt, type PartServer, partDir, startPartServer } from './harness.ts';
import { partKeys } from './keys.ts';

const PART = 'disk-full';
/** The writable layer: less than a forced build of the fixture data writes (its snapshot documents). */
const DISK_KB = 64;
const SAMPLE = ['MONDO:0007739', 'MONDO:0009061', 'MONDO:0010679', 'MONDO:0007947'];

/** Every file under `dir` whose name ends in `.tmp`, and every staging folder. */
function leftovers(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.name.endsWith('.tmp') || e.name.startsWith('.staging-')) out.push(p);
      else if (e.isDirectory()) walk(p);
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}

/**
 * A build into a dist/ whose disk is full. The dist/ is an overlay: a snapshot of the fixture data
 * below (read-only, served as the previous snapshot) and a 64 KB tmpfs above that takes every write,
 * so the build runs out of space exactly as on a full disk. The fixture data (61 diseases) runs the
 * same build code as the real data in seconds, where a forced build of the real data took 110 s of
 * CI for the same failure. Needs root (mount), as CI has.
 */
describe('reliability: the disk fills up during a build', () => {
  let dir: string;
  let dist: string;
  let upper: string;
  let mounted: string[] = [];
  let server: PartServer | null = null;
  let mountError: string | null = null;

  before(async () => {
    dir = partDir(PART);
    const lower = join(dir, 'lower');
    const published = await build(MINI_DATA, lower);
    assert.equal(published.ok, true, published.log);
    publishDocsPage(lower, () => {});
    upper = join(dir, 'upper');
    dist = join(dir, 'dist');
    mkdirSync(upper);
    mkdirSync(dist);
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_KB}k`, 'tmpfs', upper], { stdio: 'pipe' });
      mounted.unshift(upper);
      mkdirSync(join(upper, 'u'));
      mkdirSync(join(upper, 'w'));
      execFileSync(
        'mount',
        ['-t', 'overlay', 'overlay', '-o', `lowerdir=${lower},upperdir=${join(upper, 'u')},workdir=${join(upper, 'w')}`, dist],
        {
          stdio: 'pipe',
        },
      );
      mounted.unshift(dist);
    } catch (err) {
      mountError = String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim();
    }
  });

  after(async () => {
    await server?.stop();
    for (const m of mounted) execFileSync('umount', [m]);
    mounted = [];
  });

  it('stops with a message naming the disk, publishes nothing half-written, and the previous snapshot keeps serving', async (t) => {
    if (mountError) {
      if (process.env.CI) assert.fail(`cannot make a small filesystem (mount needs root): ${mountError}`);
      t.skip(`cannot make a small filesystem (mount needs root): ${mountError}`);
      return;
    }
    const { file, keys } = partKeys(dir, PART);
    server = await startPartServer({
      DIST_DIR: dist,
      KEYS_FILE: file,
      QUOTA_STATE_FILE: join(dir, 'quota-state.json'),
      LOG_FILE: join(dir, 'server.log'),
      WEBHOOK_DIR: join(dir, 'webhooks'),
      WEBHOOK_KEY_FILE: join(dir, 'webhook.key'),
    });
    const client = new Client(server.url, 4);
    const snapshotOf = async () =>
      JSON.parse((await client.send({ method: 'GET', path: '/api/v1/health' })).body.toString()).snapshot as string;
    const tags = async () => {
      const out: string[] = [];
      for (const id of SAMPLE) {
        const a = await client.send({
          method: 'GET',
          path: `/api/v1/diseases/${id}`,
          headers: { authorization: `Bearer ${keys.enterprise}` },
        });
        assert.equal(a.status, 200);
        out.push(String(a.headers.etag));
      }
      return out;
    };
    const before = { link: readlinkSync(join(dist, 'current')), snapshot: await snapshotOf(), tags: await tags() };

    // --force: the inputs are those of the published snapshot, so only a forced build writes anything.
    const t0 = performance.now();
    const build = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'build/build-cli.ts'), '--force'], {
      env: { ...process.env, DIST_DIR: dist, DATA_DIR: MINI_DATA, EDITORIAL_DIR: MINI_EDITORIAL },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    build.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    const code = await new Promise<number | null>((done) => build.once('exit', done));
    const seconds = (performance.now() - t0) / 1000;
    // Serving goes on while and after the build fails.
    await new Promise((r) => setTimeout(r, 2500));
    const afterwards = { link: readlinkSync(join(dist, 'current')), snapshot: await snapshotOf(), tags: await tags() };
    client.close();
    const left = leftovers(join(upper, 'u'));
    const message =
      stderr
        .trim()
        .split('\n')
        .find((l) => l.startsWith('build failed')) ?? stderr.trim();
    figure(
      PART,
      `a forced build of the fixture data into a dist/ on a ${DISK_KB} KB filesystem stopped after ${fmt(seconds, 1)} s with exit ${code}: "${message}"; published snapshot unchanged (${afterwards.snapshot}), ${left.length} staging or temporary files left, ${SAMPLE.length} records served with their old ETags before and after`,
      { exit: code, message, leftovers: left.length, seconds },
    );
    assert.equal(code, 1);
    assert.match(message, /disk is full/);
    assert.ok(message.includes(dist), 'the message names the disk (the folder and its mount point)');
    assert.deepEqual(afterwards, before);
    assert.deepEqual(left, []);
  });
});
