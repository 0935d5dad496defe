import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { redisReachable } from '../helpers/redis.ts';
import { ensureRealSnapshot, REAL_DIST } from '../helpers/real-snapshot.ts';
import { type Answer, Client, figure, fmt, type PartServer, partDir, raisedTiers, SETTINGS, startPartServer } from './harness.ts';
import { partKeys } from './keys.ts';
import { problemFault } from './problem-check.ts';

const PART = 'redis-flap';
const OUTAGE_MS = 4000;
const BETWEEN_MS = 5000;
/** The issue's bound: service resumes within 5 s of Redis answering again. */
const RESUME_MS = 5000;
const REDIS_URL = `redis://127.0.0.1:${SETTINGS.redisPort}/0`;

/** A disposable redis-server of this part's own, on RELIABILITY_REDIS_PORT. */
async function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(SETTINGS.redisPort), '--save', '', '--appendonly', 'no', '--bind', '127.0.0.1'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  while (!(await redisReachable(REDIS_URL))) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`redis-server did not start on port ${SETTINGS.redisPort}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

interface Sample {
  at: number;
  server: 'open' | 'closed';
  kind: 'metered' | 'unmetered' | 'webhooks' | 'ready';
  a: Answer | null;
}

describe('reliability: Redis flapping under load', () => {
  let redis: ChildProcess | null = null;
  const servers: Record<'open' | 'closed', PartServer | null> = { open: null, closed: null };
  let keys: Record<string, string>;

  before(async () => {
    await ensureRealSnapshot();
    if (await redisReachable(REDIS_URL))
      throw new Error(`port ${SETTINGS.redisPort} already has a Redis: this part kills its own, set RELIABILITY_REDIS_PORT`);
    const dir = partDir(PART);
    const made = partKeys(dir, PART);
    keys = made.keys;
    redis = await startRedis();
    const tiers = raisedTiers(dir, ['professional']);
    for (const mode of ['open', 'closed'] as const)
      servers[mode] = await startPartServer({
        DIST_DIR: REAL_DIST,
        KEYS_FILE: made.file,
        LOG_FILE: join(dir, `server-${mode}.log`),
        QUOTA_STORE: REDIS_URL,
        QUOTA_FAIL_MODE: mode,
        WEBHOOK_KEY_FILE: join(dir, 'webhook.key'),
        TIERS_FILE: tiers,
        METRICS_PORT: '0',
      });
  });

  after(async () => {
    for (const s of Object.values(servers)) await s?.stop();
    redis?.kill('SIGKILL');
  });

  it('never exits; while Redis is away it answers as documented (quotas open or closed, webhooks 503 with Retry-After); it resumes within 5 s', async () => {
    const samples: Sample[] = [];
    let running = true;
    const loops = (['open', 'closed'] as const).flatMap((mode) => {
      const client = new Client(servers[mode]!.url, 16);
      const probe = (kind: Sample['kind']) => async () => {
        const path = {
          metered: '/api/v1/diseases/MONDO:0007739/summary',
          unmetered: '/api/v1/diseases/MONDO:0009061/summary',
          webhooks: '/api/v1/webhooks',
          ready: '/api/v1/health/ready',
        }[kind];
        const key = kind === 'unmetered' ? keys.enterprise : keys.professional;
        while (running) {
          const a = await client.send({ method: 'GET', path, headers: { authorization: `Bearer ${key}` } }, 10_000).catch(() => null);
          samples.push({ at: Date.now(), server: mode, kind, a });
          if (kind === 'ready' || kind === 'webhooks') await new Promise((r) => setTimeout(r, 50));
        }
      };
      return [...Array.from({ length: 4 }, probe('metered')), probe('unmetered')(), probe('webhooks')(), probe('ready')()];
    });
    const outages: { how: string; down: number; up: number }[] = [];
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
    await pause(BETWEEN_MS);
    for (const how of ['kill -9', 'SIGSTOP', 'kill -9'] as const) {
      const down = Date.now();
      if (how === 'SIGSTOP') redis!.kill('SIGSTOP');
      else {
        redis!.kill('SIGKILL');
        await new Promise((r) => redis!.once('exit', r));
      }
      await pause(OUTAGE_MS);
      if (how === 'SIGSTOP') redis!.kill('SIGCONT');
      else redis = await startRedis();
      outages.push({ how, down, up: Date.now() });
      await pause(BETWEEN_MS);
    }
    running = false;
    await Promise.all(loops);

    const alive = Object.values(servers).every((s) => s!.child.exitCode === null && s!.child.signalCode === null);
    const wrong: string[] = [];
    const within = (s: Sample, o: (typeof outages)[number]) => s.at > o.down + 1500 && s.at < o.up;
    for (const s of samples) {
      if (!s.a) {
        wrong.push(`${s.server} ${s.kind}: no answer`);
        continue;
      }
      if (s.a.status >= 500 && s.a.status !== 503) wrong.push(`${s.server} ${s.kind}: ${s.a.status}`);
      const fault = problemFault(s.a, 'GET');
      if (fault) wrong.push(`${s.server} ${s.kind}: ${fault}`);
      if (s.a.status === 503 && s.a.headers['retry-after'] === undefined) wrong.push(`${s.server} ${s.kind}: 503 without Retry-After`);
      // Well inside an outage (ioredis may take a moment to see a stopped Redis): the documented answers.
      if (outages.some((o) => within(s, o))) {
        const want = { metered: s.server === 'open' ? 200 : 503, unmetered: 200, webhooks: 503, ready: s.server === 'open' ? 200 : 503 }[
          s.kind
        ];
        if (s.a.status !== want) wrong.push(`${s.server} ${s.kind} during an outage: ${s.a.status}, expected ${want}`);
      }
    }
    const slowest = samples
      .filter((s) => s.a && outages.some((o) => s.at >= o.down && s.at <= o.up + RESUME_MS))
      .reduce((m, s) => Math.max(m, s.a!.ms), 0);
    // Resumed: from Redis answering again to the first answer after which every kind is back to normal on both servers.
    const resumed = outages.map((o, k) => {
      const until = Math.min(o.up + 3 * RESUME_MS, outages[k + 1]?.down ?? Number.POSITIVE_INFINITY);
      const normal = (s: Sample) => s.a !== null && (s.kind === 'webhooks' ? s.a.status === 200 : s.a.status === 200);
      let last = o.up;
      for (const s of samples) if (s.at >= o.up && s.at < until && !normal(s)) last = Math.max(last, s.at);
      return (last - o.up) / 1000;
    });
    const counts = (server: string, kind: string, status: number) =>
      samples.filter((s) => s.server === server && s.kind === kind && s.a?.status === status && outages.some((o) => within(s, o))).length;
    figure(
      PART,
      `${outages.length} Redis outages of ${OUTAGE_MS / 1000} s (${outages.map((o) => o.how).join(', ')}) under load (${fmt(samples.length)} calls on two servers): both still running, no 500; while down, QUOTA_FAIL_MODE=open served metered calls 200 (${fmt(counts('open', 'metered', 200))} counted locally), QUOTA_FAIL_MODE=closed answered them 503 with Retry-After (${fmt(counts('closed', 'metered', 503))}) and its readiness 503, unmetered calls 200 on both, webhook routes 503 with Retry-After (${counts('open', 'webhooks', 503) + counts('closed', 'webhooks', 503)}); slowest answer around an outage ${fmt(slowest)} ms; service resumed ${resumed.map((s) => `${fmt(s, 1)} s`).join(', ')} after Redis answered again`,
      { outages: outages.length, samples: samples.length, resumedSeconds: resumed, slowestMs: slowest, alive },
    );
    assert.ok(alive, 'both servers are still running');
    assert.deepEqual(wrong.slice(0, 20), []);
    for (const s of resumed) assert.ok(s <= RESUME_MS / 1000, `resumed after ${s} s`);
  });
});
