import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, afterEach, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { EXPIRY_GRACE_MS, RedisStore, redisKey } from '../../server/quota/quota-redis-store.ts';
import type { QuotaLogger, QuotaStore } from '../../server/quota/store.ts';
import { slotsFor } from '../../server/quota/store.ts';
import { quotaApp, TEST_POLICIES } from '../fixtures/quota/app.ts';
import { burst, get, spawnServer, tally } from '../fixtures/quota/harness.ts';
import { REDIS_URL, whyRedisUnreachable } from '../helpers/redis.ts';

// Every key this run writes starts with PREFIX, and only those keys are deleted afterwards.
const PREFIX = `quota-test:${process.pid}:${Date.now()}:`;
const printable = REDIS_URL.replace(/\/\/[^@/]*@/, '//');

const unreachable = await whyRedisUnreachable(REDIS_URL);
const ci = process.env.CI === 'true';
const skip =
  unreachable === null
    ? false
    : `Redis unreachable at ${printable} (${unreachable}); start one with: redis-server --port 6390 --save '' --daemonize yes (or set REDIS_URL)`;

if (unreachable !== null && ci) {
  it('reaches Redis at REDIS_URL (required when CI=true)', () => {
    assert.fail(`${skip}. CI=true, so the Redis tests fail instead of being skipped.`);
  });
}

/** Records log calls so tests can count warnings. */
function recordingLogger() {
  const warns: string[] = [];
  const infos: string[] = [];
  const logger: QuotaLogger = { warn: (_details, message) => warns.push(message), info: (_details, message) => infos.push(message) };
  return { logger, warns, infos };
}

// Apps a failed assertion left running; closed after each test so the file can still exit.
const running = new Set<() => Promise<void>>();
afterEach(async () => {
  for (const close of running) await close();
});

async function start(store: QuotaStore) {
  const app = await quotaApp({ store });
  const url = app.url;
  const close = async () => {
    running.delete(close);
    await app.close();
    await store.close();
  };
  running.add(close);
  return { url, close };
}

/** A TCP relay in front of Redis that a test can cut and restore, to stage an outage. */
async function relay(target: URL) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 6379), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket
        .on('error', () => {})
        .on('close', () => {
          sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const close = async () => {
    running.delete(close);
    if (server.listening) await down();
  };
  const down = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  running.add(close);
  return {
    url: url.href,
    down,
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close,
  };
}

describe('redis quota store', { skip }, () => {
  let redis: Redis;
  const dayKey = (keyId: string) => redisKey(PREFIX, keyId, slotsFor(TEST_POLICIES.developer, Date.now())[0]);

  before(() => {
    redis = new Redis(REDIS_URL);
  });

  after(async () => {
    if (!redis) return;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 1000);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
    await redis.quit();
  });

  it('admits exactly 25 of 60 concurrent calls, Redis running one script call per batch', async () => {
    const scriptCalls = async () => {
      const stats = await redis.info('commandstats');
      const calls = (command: string) => Number(new RegExp(`cmdstat_${command}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
      return { evalsha: calls('evalsha'), eval: calls('eval') };
    };
    const store = new RedisStore({ url: REDIS_URL, prefix: PREFIX });
    const app = await start(store);
    const before = await scriptCalls();
    const replies = await burst(`${app.url}/ok`, 60, 'k-burst');
    const afterBurst = await scriptCalls();
    assert.deepEqual(tally(replies), { 200: 25, 429: 35 });
    // ioredis sends EVAL the first time on a connection (loading the script), EVALSHA after that.
    const { calls, requests } = store.batchStats();
    assert.equal(afterBurst.evalsha + afterBurst.eval - before.evalsha - before.eval, calls);
    assert.equal(requests, 60);
    const left = replies
      .filter((r) => r.status === 200)
      .map((r) => Number(/^"day";r=(\d+);t=\d+$/.exec(r.headers.get('ratelimit') ?? '')?.[1]));
    assert.deepEqual(
      left.sort((a, b) => a - b),
      Array.from({ length: 25 }, (_, i) => i),
    );
    const rejected = JSON.parse(replies.find((r) => r.status === 429)!.body) as Record<string, unknown>;
    assert.deepEqual([rejected.window, rejected.limit, rejected['violated-policies']], ['day', 25, ['day']]);
    await app.close();

    const [day, month] = slotsFor(TEST_POLICIES.developer, Date.now());
    assert.equal(await redis.get(redisKey(PREFIX, 'k-burst', day)), '25');
    assert.equal(await redis.get(redisKey(PREFIX, 'k-burst', month)), '25');
    assert.equal(await redis.call('PEXPIRETIME', redisKey(PREFIX, 'k-burst', day)), day.resetAt + EXPIRY_GRACE_MS);
    assert.equal(await redis.call('PEXPIRETIME', redisKey(PREFIX, 'k-burst', month)), month.resetAt + EXPIRY_GRACE_MS);
  });

  it('decides a batch of one turn in one script call, in order, exactly as one call each would', async () => {
    const store = new RedisStore({ url: REDIS_URL, prefix: PREFIX });
    try {
      const now = Date.now();
      const developer = slotsFor(TEST_POLICIES.developer, now);
      const professional = slotsFor(TEST_POLICIES.professional, now);
      await store.consume('k-warm', developer, now, 'developer');
      const before = store.batchStats();
      // 30 calls of a key with 25 a day, interleaved with 5 of a key with 3: all in one turn.
      const pending = [];
      const owners: string[] = [];
      for (let i = 0; i < 30; i++) {
        pending.push(store.consume('k-batch-a', developer, now, 'developer'));
        owners.push('a');
        if (i % 6 === 0) {
          pending.push(store.consume('k-batch-b', professional, now, 'professional'));
          owners.push('b');
        }
      }
      const decisions = await Promise.all(pending);
      assert.deepEqual(store.batchStats(), { calls: before.calls + 1, requests: before.requests + 35 });
      const of = (key: string) => decisions.filter((_, i) => owners[i] === key);
      assert.deepEqual(
        of('a').map((d) => [d.allowed, d.usage[0].used, d.counter]),
        Array.from({ length: 30 }, (_, i) => (i < 25 ? [true, i + 1, 'redis'] : [false, 25, 'redis'])),
      );
      assert.deepEqual(
        of('b').map((d) => [d.allowed, d.usage[0].used]),
        [
          [true, 1],
          [true, 2],
          [true, 3],
          [false, 3],
          [false, 3],
        ],
      );
      assert.equal(await redis.get(redisKey(PREFIX, 'k-batch-a', developer[0])), '25');
      assert.equal(await redis.get(redisKey(PREFIX, 'k-batch-a', developer[1])), '25');
      assert.equal(await redis.get(redisKey(PREFIX, 'k-batch-b', professional[0])), '3');
      assert.equal(
        await redis.call('PEXPIRETIME', redisKey(PREFIX, 'k-batch-b', professional[0])),
        professional[0].resetAt + EXPIRY_GRACE_MS,
      );
    } finally {
      await store.close();
    }
  });

  it('carries a counter two groups share (the month at the turn of a day) from the first group into the second', async () => {
    const store = new RedisStore({ url: REDIS_URL, prefix: PREFIX });
    try {
      const now = Date.now();
      const month = { window: 'month' as const, id: 'm-turn', limit: 3, start: now, resetAt: now + 3_600_000 };
      const before = [{ window: 'day' as const, id: 'd-before', limit: 10, start: now, resetAt: now + 3_600_000 }, month];
      const after = [{ window: 'day' as const, id: 'd-after', limit: 10, start: now, resetAt: now + 3_600_000 }, month];
      const decisions = await Promise.all([
        store.consume('k-turn', before, now, 'developer'),
        store.consume('k-turn', after, now, 'developer'),
        store.consume('k-turn', before, now, 'developer'),
        store.consume('k-turn', after, now, 'developer'),
      ]);
      // Groups go in order of their first call: both of 'before' (month 1, 2), then one of 'after' (month 3).
      assert.deepEqual(
        decisions.map((d) => [d.allowed, ...d.usage.map((u) => u.used)]),
        [
          [true, 1, 1],
          [true, 1, 3],
          [true, 2, 2],
          [false, 1, 3],
        ],
      );
      assert.equal(await redis.get(redisKey(PREFIX, 'k-turn', month)), '3');
      assert.equal(await redis.get(redisKey(PREFIX, 'k-turn', after[0])), '1');
    } finally {
      await store.close();
    }
  });

  it('shares one budget between two server processes', async () => {
    const env = { QUOTA_STORE: REDIS_URL, QUOTA_REDIS_PREFIX: PREFIX };
    const servers = await Promise.all([spawnServer(env), spawnServer(env)]);
    try {
      const replies = (await Promise.all(servers.map((server) => burst(`${server.url}/ok`, 30, 'k-shared')))).flat();
      assert.deepEqual(tally(replies), { 200: 25, 429: 35 });
      assert.equal(await redis.get(dayKey('k-shared')), '25');
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  });

  it('refunds a 5xx response in Redis', async () => {
    const app = await start(new RedisStore({ url: REDIS_URL, prefix: PREFIX }));
    assert.equal((await get(`${app.url}/ok`, 'k-refund')).headers.get('ratelimit')?.split(';')[1], 'r=24');
    assert.equal((await get(`${app.url}/boom`, 'k-refund')).status, 500);
    // The refund runs when the response finishes, possibly after the client has read it.
    for (let i = 0; i < 20 && (await redis.get(dayKey('k-refund'))) !== '1'; i++) await sleep(25);
    assert.equal(await redis.get(dayKey('k-refund')), '1');
    assert.equal((await get(`${app.url}/ok`, 'k-refund')).headers.get('ratelimit')?.split(';')[1], 'r=23');
    await app.close();
  });

  it('counts locally through an outage, from the last counts seen, and returns to Redis', async () => {
    const link = await relay(new URL(REDIS_URL));
    const { logger, warns, infos } = recordingLogger();
    const app = await start(new RedisStore({ url: link.url, prefix: PREFIX, logger, backoffMs: 100 }));
    const left = async () => (await get(`${app.url}/ok`, 'k-outage')).headers.get('ratelimit')?.split(';')[1];
    assert.deepEqual([await left(), await left()], ['r=24', 'r=23']);

    await link.down();
    assert.deepEqual([await left(), await left(), await left()], ['r=22', 'r=21', 'r=20']);
    assert.equal(await redis.get(dayKey('k-outage')), '2');
    assert.deepEqual(warns, ['Redis quota store unavailable: serving and counting quotas locally until it is back']);

    await link.up();
    for (let i = 0; i < 50 && (await redis.get(dayKey('k-outage'))) === '2'; i++) {
      await left();
      await sleep(100);
    }
    // Redis resumes from its own count; calls counted locally during the outage are not copied back.
    assert.equal(await redis.get(dayKey('k-outage')), '3');
    assert.equal(warns.length, 1);
    assert.deepEqual(infos, ['Redis quota store reachable again: counting in Redis']);
    await app.close();
    await link.close();
  });
});

describe('redis quota store without Redis', () => {
  it('serves every call and enforces limits locally, warning once', { timeout: 30_000 }, async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const { logger, warns } = recordingLogger();
    // Command and connect timeouts longer than this test's own timeout: a call that waited for a
    // reconnect or a timeout would never answer in time, so the test fails instead of passing slowly.
    const app = await start(new RedisStore({ url: `redis://127.0.0.1:${port}/0`, prefix: PREFIX, logger, commandTimeoutMs: 600_000 }));
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await get(`${app.url}/ok`, 'k-down', 'professional'));
    assert.deepEqual(
      replies.map((r) => [r.status, r.headers.get('ratelimit')?.split(';')[1]]),
      [
        [200, 'r=2'],
        [200, 'r=1'],
        [200, 'r=0'],
        [429, 'r=0'],
        [429, 'r=0'],
      ],
    );
    assert.deepEqual(warns, ['Redis quota store unavailable: serving and counting quotas locally until it is back']);
    await app.close();
  });
});
