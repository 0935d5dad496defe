import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Redis } from 'ioredis';
import { REDIS_URL, redisReachable } from '../helpers/redis.ts';
import { build, copyTree, editData, MINI_DATA, tempDir } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { makeKeys } from '../helpers/keys.ts';
import { startServer, type RunningServer } from '../helpers/server-process.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { api } from '../helpers/json-api.ts';
import { Receiver } from '../helpers/webhook-receiver.ts';
import { releasesOf } from '../fixtures/build-pipeline/snapshot-audit.ts';

const made = makeKeys([{ tier: 'professional', name: 'pro' }]);
const KEY = made.keys.pro;
const servers: RunningServer[] = [];
const receivers: Receiver[] = [];
after(async () => {
  // A child already gone (stopped, or killed by the test) has nothing to stop.
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) await s.stop('SIGKILL');
  for (const r of receivers) await r.close();
});

/** A mini snapshot in a fresh dist, and the data edit that changes every record (a new Mondo release date); publish() returns the new release id. */
async function distWithPendingRelease(): Promise<{ dist: string; publish: () => Promise<string> }> {
  const dist = tempDir('webhooks-process');
  const first = await build(MINI_DATA, dist);
  assert.equal(first.ok, true, first.log);
  return {
    dist,
    async publish() {
      const data = copyTree(MINI_DATA, 'webhooks-process-data');
      for (const f of readdirSync(join(data, 'mondo/mappings')))
        editData(data, `mondo/mappings/${f}`, (t) => t.replace('/releases/2026-08-04/', '/releases/2026-09-01/'));
      const next = await build(data, dist);
      assert.equal(next.ok, true, next.log);
      // The id the events carry: the newest release of the history (r2).
      return releasesOf(dist).releases.at(-1)!.id;
    },
  };
}

async function server(env: Record<string, string>): Promise<RunningServer> {
  const s = await startServer({
    KEYS_FILE: made.file,
    WEBHOOK_ALLOW_ADDRESSES: 'loopback',
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_RETRY_SCHEDULE: '0,100ms,100ms,100ms',
    WEBHOOK_TIMEOUT: '60s',
    ...env,
  });
  servers.push(s);
  return s;
}

/** Deliveries of an endpoint by status, through the API. */
async function countByStatus(url: string, id: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const status of ['pending', 'delivered', 'failed'])
    out[status] = (await api(url, `/api/v1/webhooks/${id}/deliveries?status=${status}&limit=1`, { key: KEY })).json.pagination.total;
  return out;
}

const ALL_DONE = { pending: 0, delivered: 62, failed: 0 };

/** Poll the counts until they equal `want` (returned then) or 30 s pass (the last counts returned). */
async function countsReach(url: string, id: string, want: Record<string, number>): Promise<Record<string, number>> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const counts = await countByStatus(url, id);
    if (JSON.stringify(counts) === JSON.stringify(want) || Date.now() > deadline) return counts;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test('a server killed with deliveries pending and restarted loses none and sends none twice after a 2xx; secrets stay out of the logs', async () => {
  const { dist, publish } = await distWithPendingRelease();
  const dir = tempDir('webhooks-kill');
  const env = {
    DIST_DIR: dist,
    WEBHOOK_DIR: join(dir, 'outbox'),
    QUOTA_STATE_FILE: join(dir, 'quota.json'),
    LOG_FILE: join(dir, 'server.log'),
  };
  const r = await new Receiver().start();
  receivers.push(r);
  // The first three deliveries are acknowledged; every later one is held unanswered.
  r.answer = (_, n) => (n < 3 ? { status: 204 } : 'hang');
  const first = await server(env);
  const created = await api(first.url, '/api/v1/webhooks', { method: 'POST', key: KEY, body: { url: r.url } });
  assert.equal(created.status, 201);
  const id = created.json.data.id;
  r.secrets = [created.json.data.secret];

  const release = await publish();
  // 61 changed diseases and the release event; 4 at a time to this endpoint, so most wait.
  assert.deepEqual(await countsReach(first.url, id, { pending: 59, delivered: 3, failed: 0 }), { pending: 59, delivered: 3, failed: 0 });
  const ackedBefore = [...r.acked().keys()];
  assert.equal(ackedBefore.length, 3);
  assert.equal(await first.stop('SIGKILL'), null);

  r.answer = () => ({ status: 204 });
  r.release(503);
  const second = await server(env);
  await waitFor('every event acknowledged', () => (r.acked().size === 62 ? true : undefined), 30_000);
  assert.deepEqual(await countsReach(second.url, id, ALL_DONE), ALL_DONE);
  for (const [eventId, list] of r.acked()) assert.equal(list.length, 1, `${eventId} acknowledged ${list.length} times`);
  assert.ok(r.received.every((x) => x.verifiedWith === 0));
  const types = [...r.acked().values()].map((l) => l[0].payload.type);
  assert.deepEqual([types.filter((t) => t === 'release.published').length, types.filter((t) => t === 'disease.updated').length], [1, 61]);
  assert.deepEqual(
    [...r.acked().values()].map((l) => l[0].payload.data.release),
    Array(62).fill(release),
  );

  await second.stop('SIGTERM');
  const log = readFileSync(env.LOG_FILE, 'utf8');
  assert.ok(!log.includes('whsec_'), 'no secret in the logs');
  const line = log
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l))
    .find((l) => l.msg === 'request' && l.method === 'POST' && l.route === '/api/v1/webhooks');
  assert.deepEqual([line?.status, line?.counted, line?.tier], [201, true, 'professional']);
  // The restarted server announced nothing again (the killed one's own line may have died in its log buffer).
  const announcedBy = log
    .split('\n')
    .filter((l) => l.includes('"webhooks: release announced"'))
    .map((l) => JSON.parse(l).pid);
  assert.deepEqual(
    announcedBy.filter((pid) => pid === second.child.pid),
    [],
  );
});

const redisUp = await redisReachable();
const skip =
  redisUp || process.env.CI === 'true'
    ? false
    : `Redis unreachable at ${REDIS_URL}; start one with: redis-server --port 6390 --save '' --daemonize yes`;

test('with Redis, two server processes announce a release once and deliver each event once', { skip }, async () => {
  const { dist, publish } = await distWithPendingRelease();
  const prefix = `webhooks-test:${process.pid}:${Date.now()}:`;
  const dir = tempDir('webhooks-redis');
  const shared = { DIST_DIR: dist, WEBHOOK_STORE: REDIS_URL, WEBHOOK_REDIS_PREFIX: prefix, WEBHOOK_POLL: '100ms' };
  const r = await new Receiver().start();
  receivers.push(r);
  try {
    const one = await server({ ...shared, QUOTA_STATE_FILE: join(dir, 'q1.json'), LOG_FILE: join(dir, 'one.log') });
    const two = await server({ ...shared, QUOTA_STATE_FILE: join(dir, 'q2.json'), LOG_FILE: join(dir, 'two.log') });
    const created = await api(one.url, '/api/v1/webhooks', { method: 'POST', key: KEY, body: { url: r.url } });
    assert.equal(created.status, 201);
    r.secrets = [created.json.data.secret];
    // The other process serves the same endpoint: one store.
    assert.equal((await api(two.url, `/api/v1/webhooks/${created.json.data.id}`, { key: KEY })).status, 200);
    await publish();
    await waitFor('every event acknowledged', () => (r.acked().size === 62 ? true : undefined), 30_000);
    assert.deepEqual(await countsReach(two.url, created.json.data.id, ALL_DONE), ALL_DONE);
    assert.equal(r.received.length, 62, 'each event delivered once');
    assert.ok(r.received.every((x) => x.verifiedWith === 0));
    await one.stop();
    await two.stop();
    const announced = ['one.log', 'two.log'].map(
      (f) =>
        (existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : '')
          .split('\n')
          .filter((l) => l.includes('"webhooks: release announced"')).length,
    );
    assert.deepEqual(announced.sort(), [0, 1]);
  } finally {
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
});
