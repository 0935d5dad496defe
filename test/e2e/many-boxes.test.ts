import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { build, copyTree, editData, MINI_DATA, ROOT, tempDir } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { assertQuotaExactAcrossBoxes, BOX_ADDRESSES as ADDRESSES, type Boxes, startBoxes } from '../helpers/boxes.ts';
import { bearer, call, type RawResponse } from '../helpers/http.ts';
import { runLoad } from '../helpers/phased-load.ts';
import { makeKeys } from '../helpers/keys.ts';
import { nginxMissing, type Balancer } from '../helpers/nginx-balancer.ts';
import { REDIS_URL, redisReachable } from '../helpers/redis.ts';
import { syncRelease } from '../helpers/release-sync.ts';
import type { RunningServer } from '../helpers/server-process.ts';

/**
 * Issue 21: three servers as three hosts (their own loopback address and their own copy of dist/,
 * as on separate machines) behind nginx, sharing one Redis for quotas and the webhook outbox.
 * The snapshot is the mini dataset: release 1 lacks classic phenylketonuria, release 2 (the mini
 * data as it is) has it, so the listing total, the listing rows and phenylketonuria's children
 * each tell the releases apart, and a call that mixed them would show it.
 */
const PREFIX = `many-boxes-test:${process.pid}:${Date.now()}:`;
const PKU = 'MONDO:0009861';
const CLASSIC_PKU = 'MONDO:0019259';
const QUOTA = 30;
const LISTING = '/api/v1/diseases?limit=100';
const BULK = `/api/v1/diseases/bulk?ids=${PKU},${CLASSIC_PKU}`;

const missing = nginxMissing() ?? ((await redisReachable()) ? null : `Redis unreachable at ${REDIS_URL}`);
if (missing && process.env.CI === 'true') {
  it('has nginx and Redis (required when CI=true)', () =>
    assert.fail(`${missing}. CI=true, so the many-boxes test fails instead of being skipped.`));
}
const skip = missing ? `skipped: ${missing}` : false;

/** Which release a listing or bulk answer comes from, or 'mixed' when its parts disagree. */
function releaseOf(path: string, r: RawResponse): 1 | 2 | 'mixed' {
  const body = r.json();
  if (path === LISTING) {
    const byTotal = body.pagination.total === 60 ? 1 : body.pagination.total === 61 ? 2 : 'mixed';
    const byRows = body.data.some((d: { id: string }) => d.id === CLASSIC_PKU) ? 2 : 1;
    return byTotal === byRows ? byTotal : 'mixed';
  }
  const [pku, classic] = body.data;
  const byChild = pku.data.children.some((c: { id: string }) => c.id === CLASSIC_PKU) ? 2 : 1;
  const byStatus = classic.status === 'found' ? 2 : classic.status === 'not_found' ? 1 : 'mixed';
  const byMeta = body.meta.found === 2 ? 2 : 1;
  return byChild === byStatus && byStatus === byMeta ? byChild : 'mixed';
}

interface Outcome {
  path: string;
  status: number | 'error';
  /** The address of the box that answered (nginx lists every box it tried; the last one answered). */
  box: string | null;
  release: 1 | 2 | 'mixed' | null;
}

function outcomeOf(path: string, r: RawResponse | null): Outcome {
  if (!r) return { path, status: 'error', box: null, release: null };
  const tried = String(r.headers['x-upstream'] ?? '').split(', ');
  const box = tried.at(-1) ? new URL(`http://${tried.at(-1)}`).hostname : null;
  const release = r.status === 200 && (path === LISTING || path === BULK) ? releaseOf(path, r) : null;
  return { path, status: r.status, box, release };
}

/** `loops` clients calling `paths` in turn through the balancer (each from its own place), one call at a time, until stop(). */
function load(url: string, key: string, paths: string[], loops: number) {
  const clients = Array.from({ length: loops }, (_, i) => ({ who: `client ${i}`, key, paths, first: i }));
  return runLoad(url, clients, outcomeOf);
}
const SUMMARY = ['/api/v1/diseases/MONDO:0009061/summary'];

async function snapshotOf(box: RunningServer): Promise<string> {
  return (await call(box.url, '/api/v1/health')).json().snapshot;
}

describe('many boxes behind nginx, one Redis', { skip }, () => {
  let boxes: RunningServer[] = [];
  const dists: string[] = [];
  let fleet: Boxes;
  let balancer: Balancer;
  let staging = '';
  let keys: Record<string, string> = {};
  let release1 = '';

  before(async () => {
    // Release 1 from an edited copy of the mini data; built once, then shipped to each box.
    const data1 = copyTree(MINI_DATA, 'many-boxes-data');
    editData(data1, 'mondo/class-stats.tsv.gz', (t) =>
      t
        .split('\n')
        .filter((l) => !l.startsWith(`${CLASSIC_PKU}\t`))
        .join('\n'),
    );
    staging = tempDir('many-boxes-staging');
    const built = await build(data1, staging);
    assert.equal(built.ok, true, built.log);
    release1 = built.snapshot!;

    const dir = tempDir('many-boxes-state');
    const made = makeKeys([
      { tier: 'free', name: 'small' },
      { tier: 'enterprise', name: 'big' },
    ]);
    keys = made.keys;
    const tiers = JSON.parse(readFileSync(join(ROOT, 'server/contract/api/tiers.json'), 'utf8'));
    tiers.tiers.free = { day: QUOTA, month: QUOTA };
    writeFileSync(join(dir, 'tiers.json'), JSON.stringify(tiers));
    for (let i = 1; i <= ADDRESSES.length; i++) {
      const dist = tempDir(`many-boxes-box${i}`);
      syncRelease(staging, dist);
      dists.push(dist);
    }
    fleet = await startBoxes({
      dists,
      dir,
      keysFile: made.file,
      tiersFile: join(dir, 'tiers.json'),
      redisUrl: REDIS_URL,
      prefix: PREFIX,
    });
    ({ boxes, balancer } = fleet);
  });

  after(async () => {
    await fleet?.stop();
    const r = new Redis(REDIS_URL);
    const found = await r.keys(`${PREFIX}*`);
    if (found.length) await r.del(...found);
    r.disconnect();
  });

  it('each box listens on its own address and serves release 1', async () => {
    assert.deepEqual(
      boxes.map((b) => new URL(b.url).hostname),
      ADDRESSES,
    );
    assert.deepEqual(await Promise.all(boxes.map(snapshotOf)), [release1, release1, release1]);
  });

  it('the quota is exact across boxes: 30 of 90 concurrent calls through nginx are 200, all three boxes counting', () =>
    assertQuotaExactAcrossBoxes(balancer.url, keys.small, QUOTA));

  it('a new release reaches every box, and no call under load sees a mixed answer', async (t) => {
    const run = load(balancer.url, keys.big, [LISTING, BULK], 6);
    await run.more(60);
    // Release 2 (the mini data as it is), built once and shipped box after box: new packs, its
    // snapshot directory, then the atomic switch of `current`.
    const built = await build(MINI_DATA, staging);
    assert.equal(built.ok, true, built.log);
    const shipped = dists.map((dist) => syncRelease(staging, dist));
    // Release 1's pack and index are on every box already; release 2 sends its one new pack and index.
    for (const s of shipped) assert.deepEqual(s, { copied: 2, skipped: 2 });
    for (const box of boxes) {
      for (let i = 0; (await snapshotOf(box)) !== built.snapshot; i++) {
        assert.ok(i < 200, `box ${box.url} still serves release 1 after 20 s`);
        await sleep(100);
      }
    }
    await run.more(60);
    await run.stop();
    const o = run.outcomes;
    const count = (r: 1 | 2) => o.filter((x) => x.release === r).length;
    t.diagnostic(`${o.length} calls: ${count(1)} release 1, ${count(2)} release 2; shipped per box ${JSON.stringify(shipped[0])}`);
    assert.deepEqual(
      o.filter((x) => x.status !== 200),
      [],
    );
    assert.deepEqual(
      o.filter((x) => x.release === 'mixed'),
      [],
    );
    assert.equal(o[0].release, 1);
    assert.equal(o.at(-1)!.release, 2);
    // Every box answered during the switch.
    assert.equal(new Set(o.map((x) => x.box)).size, 3);
    // Once every box switched, every answer is release 2.
    const last = await Promise.all(
      Array.from({ length: 9 }, (_, i) => call(balancer.url, i % 2 ? BULK : LISTING, { headers: bearer(keys.big) })),
    );
    assert.deepEqual(
      last.map((r, i) => releaseOf(i % 2 ? BULK : LISTING, r)),
      Array(9).fill(2),
    );
  });

  it('a box killed under load fails only calls in flight on it; the other two serve on', async (t) => {
    const loops = 8;
    const run = load(balancer.url, keys.big, SUMMARY, loops);
    await run.more(100);
    assert.equal(new Set(run.outcomes.map((x) => x.box)).size, 3);
    const victim = boxes[1];
    victim.child.kill('SIGKILL');
    await new Promise((done) => victim.child.once('exit', done));
    run.mark();
    await run.more(300);
    await run.stop();
    const failed = run.outcomes.filter((x) => x.status !== 200);
    t.diagnostic(`${run.outcomes.length} calls, ${failed.length} failed (${loops} clients)`);
    // Only calls that started before the box died can fail, at most one per client (each has one
    // call in flight); nginx retries a GET that got nothing yet on the next box, so most succeed.
    assert.ok(failed.length <= loops, `${failed.length} failed calls: ${JSON.stringify(failed)}`);
    assert.deepEqual(
      failed.filter((x) => x.started > 0),
      [],
    );
    // Every call that started after the kill is answered, by the two boxes left.
    const late = run.outcomes.filter((x) => x.started > 0);
    assert.ok(late.length >= 300 - loops, `${late.length} calls after the kill`);
    assert.deepEqual([...new Set(late.map((x) => x.box))].sort(), [ADDRESSES[0], ADDRESSES[2]]);
  });
});
