import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, afterEach, describe, it } from 'node:test';
import { DEFAULT_POLICIES, parsePolicies } from '../../server/contract/api/quotas.ts';
import { createStore } from '../../server/quota/create-store.ts';
import { readServerSettings } from '../../server/settings.ts';
import { MemoryStore } from '../../server/quota/memory-store.ts';
import { RedisStore } from '../../server/quota/quota-redis-store.ts';
import { quotaApp } from '../fixtures/quota/app.ts';
import { burst, get, spawnServer, tally, type Reply } from '../fixtures/quota/harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'quota-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const at = (iso: string) => Date.parse(iso);
const PROBLEM_TYPE = 'https://disease-content-service.dev/problems/quota-exceeded';

// Apps a failed assertion left running; closed after each test so the file can still exit.
const running = new Set<() => Promise<void>>();
afterEach(async () => {
  for (const close of running) await close();
});

/** A memory-backed app whose clock the test sets; `close` also closes the store. */
async function start(options: { file?: string | null; now?: () => number } = {}) {
  const store = new MemoryStore({ file: options.file ?? null, now: options.now });
  const app = await quotaApp({ store, now: options.now });
  const url = app.url;
  const close = async () => {
    running.delete(close);
    await app.close();
    await store.close();
  };
  running.add(close);
  return { url, store, close };
}

function counters(file: string): Record<string, { count: number; resetAt: number }> {
  return (JSON.parse(readFileSync(file, 'utf8')) as { counters: Record<string, { count: number; resetAt: number }> }).counters;
}

function assertQuotaExceeded(
  reply: Reply,
  expected: { window: string; limit: number; reset: string; retryAfter: number; violated: string[]; policy: string },
) {
  assert.equal(reply.status, 429);
  assert.equal(reply.headers.get('content-type'), 'application/problem+json; charset=utf-8');
  assert.equal(reply.headers.get('retry-after'), String(expected.retryAfter));
  assert.equal(reply.headers.get('ratelimit'), `"${expected.window}";r=0;t=${expected.retryAfter}`);
  assert.equal(reply.headers.get('ratelimit-policy'), expected.policy);
  const adjective = expected.window === 'day' ? 'daily' : 'monthly';
  assert.deepEqual(JSON.parse(reply.body), {
    type: PROBLEM_TYPE,
    title: 'Quota exceeded for the subscription tier',
    status: 429,
    detail: `The ${adjective} quota of ${expected.limit} calls for this API key is used up; it resets at ${expected.reset}.`,
    window: expected.window,
    limit: expected.limit,
    reset: expected.reset,
    'violated-policies': expected.violated,
    instance: '/ok',
    requestId: 'test',
  });
}

describe('quota middleware with the memory store', () => {
  const noon = at('2026-03-10T12:00:00Z');
  const marchPolicy = '"day";q=25;w=86400, "month";q=1000;w=2678400';

  it('admits exactly 25 of 60 concurrent calls, survives a restart and resets at 00:00 UTC', async () => {
    const file = join(dir, 'restart.json');
    let now = noon;
    const first = await start({ file, now: () => now });
    const replies = await burst(`${first.url}/ok`, 60, 'k-burst');
    assert.deepEqual(tally(replies), { 200: 25, 429: 35 });
    const admitted = replies.filter((r) => r.status === 200);
    // Every admitted call saw a different number of calls left, 24 down to 0.
    assert.deepEqual(
      admitted.map((r) => r.headers.get('ratelimit')).sort(),
      Array.from({ length: 25 }, (_, i) => `"day";r=${i};t=43200`).sort(),
    );
    for (const reply of admitted) assert.equal(reply.headers.get('ratelimit-policy'), marchPolicy);
    for (const reply of replies.filter((r) => r.status === 429)) {
      assertQuotaExceeded(reply, {
        window: 'day',
        limit: 25,
        reset: '2026-03-11T00:00:00Z',
        retryAfter: 43200,
        violated: ['day'],
        policy: marchPolicy,
      });
    }
    await first.close();
    // Rejected calls were not counted.
    assert.deepEqual(counters(file), {
      'k-burst|day|2026-03-10': { count: 25, resetAt: at('2026-03-11T00:00:00Z') },
      'k-burst|month|2026-03': { count: 25, resetAt: at('2026-04-01T00:00:00Z') },
    });

    const second = await start({ file, now: () => now });
    assert.equal((await get(`${second.url}/ok`, 'k-burst')).status, 429);
    now = at('2026-03-11T00:00:00Z');
    const nextDay = await get(`${second.url}/ok`, 'k-burst');
    assert.equal(nextDay.status, 200);
    assert.equal(nextDay.headers.get('ratelimit'), '"day";r=24;t=86400');
    await second.close();
  });

  it('counts 2xx, 304 and 4xx, refunds 5xx, and leaves public and unlimited calls alone', async () => {
    const app = await start({ now: () => noon });
    const limitOf = async (path: string, key?: string, tier?: string) => {
      const reply = await get(`${app.url}${path}`, key, tier);
      return [reply.status, reply.headers.get('ratelimit'), reply.headers.get('ratelimit-policy')];
    };
    assert.deepEqual(await limitOf('/missing', 'k-status'), [404, '"day";r=24;t=43200', marchPolicy]);
    assert.deepEqual(await limitOf('/unchanged', 'k-status'), [304, '"day";r=23;t=43200', marchPolicy]);
    assert.deepEqual(await limitOf('/boom', 'k-status'), [500, '"day";r=22;t=43200', marchPolicy]);
    assert.deepEqual(await limitOf('/ok', 'k-status'), [200, '"day";r=22;t=43200', marchPolicy]);
    assert.deepEqual(await limitOf('/ok'), [200, null, null]);
    assert.deepEqual(await limitOf('/ok', 'k-enterprise', 'enterprise'), [200, null, null]);
    assert.deepEqual(await limitOf('/ok', 'svc_test_k', 'enterprise'), [
      200,
      '"day";r=99;t=43200',
      '"day";q=100;w=86400, "month";q=1000;w=2678400',
    ]);
    await app.close();
  });

  it('rolls the day over at 00:00 UTC and the month on the 1st', async () => {
    // The professional tier of the test policies allows 3 calls a day and 5 a month.
    let now = at('2026-01-30T23:59:00Z');
    const app = await start({ now: () => now });
    const call = () => get(`${app.url}/ok`, 'k-roll', 'professional');
    const january = '"day";q=3;w=86400, "month";q=5;w=2678400';
    for (let i = 0; i < 3; i++) assert.equal((await call()).status, 200);
    assertQuotaExceeded(await call(), {
      window: 'day',
      limit: 3,
      reset: '2026-01-31T00:00:00Z',
      retryAfter: 60,
      violated: ['day'],
      policy: january,
    });

    now = at('2026-01-31T00:00:00Z');
    assert.equal((await call()).headers.get('ratelimit'), '"month";r=1;t=86400');
    assert.equal((await call()).headers.get('ratelimit'), '"month";r=0;t=86400');
    assertQuotaExceeded(await call(), {
      window: 'month',
      limit: 5,
      reset: '2026-02-01T00:00:00Z',
      retryAfter: 86400,
      violated: ['month'],
      policy: january,
    });

    now = at('2026-02-01T00:00:00Z');
    const february = await call();
    assert.equal(february.status, 200);
    assert.equal(february.headers.get('ratelimit'), '"day";r=2;t=86400');
    assert.equal(february.headers.get('ratelimit-policy'), '"day";q=3;w=86400, "month";q=5;w=2419200');
    await app.close();
  });

  it('names the window that resets last when day and month are both used up', async () => {
    let now = at('2026-04-14T10:00:00Z');
    const app = await start({ now: () => now });
    const call = () => get(`${app.url}/ok`, 'k-both', 'professional');
    for (let i = 0; i < 2; i++) assert.equal((await call()).status, 200);
    now = at('2026-04-15T10:00:00Z');
    for (let i = 0; i < 3; i++) assert.equal((await call()).status, 200);
    assertQuotaExceeded(await call(), {
      window: 'month',
      limit: 5,
      reset: '2026-05-01T00:00:00Z',
      retryAfter: 1346400,
      violated: ['day', 'month'],
      policy: '"day";q=3;w=86400, "month";q=5;w=2592000',
    });
    await app.close();
  });
});

describe('memory store persistence', () => {
  it('keeps the counts a crash leaves in the state file written by the 1 s timer', async () => {
    const file = join(dir, 'crash.json');
    const server = await spawnServer({ QUOTA_STATE_FILE: file, QUOTA_STORE: 'memory' });
    try {
      assert.deepEqual(tally(await burst(`${server.url}/ok`, 10, 'k-crash')), { 200: 10 });
      const deadline = Date.now() + 5000;
      const flushed = () =>
        existsSync(file) && Object.entries(counters(file)).some(([key, entry]) => key.startsWith('k-crash|day|') && entry.count === 10);
      while (!flushed() && Date.now() < deadline) await sleep(100);
      assert.ok(flushed(), 'the flush timer wrote the 10 counted calls');
    } finally {
      await server.stop('SIGKILL');
    }
    const app = await start({ file });
    assert.deepEqual(tally(await burst(`${app.url}/ok`, 20, 'k-crash')), { 200: 15, 429: 5 });
    await app.close();
  });

  it('writes only when something changed and drops ended windows', async () => {
    const file = join(dir, 'dirty.json');
    const now = at('2026-06-15T08:00:00Z');
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        savedAt: '',
        counters: {
          'k|day|2026-06-14': { count: 7, resetAt: at('2026-06-15T00:00:00Z') },
          'k|month|2026-06': { count: 7, resetAt: at('2026-07-01T00:00:00Z') },
        },
      }),
    );
    const store = new MemoryStore({ file, now: () => now, flushIntervalMs: 60_000 });
    rmSync(file);
    await store.flush(); // what the timer runs
    assert.equal(existsSync(file), false, 'an unchanged table is not rewritten');
    const slot = {
      window: 'day' as const,
      id: '2026-06-15',
      limit: 5,
      start: at('2026-06-15T00:00:00Z'),
      resetAt: at('2026-06-16T00:00:00Z'),
    };
    assert.equal((await store.consume('k', [slot], now)).allowed, true);
    await store.close();
    assert.deepEqual(counters(file), {
      'k|month|2026-06': { count: 7, resetAt: at('2026-07-01T00:00:00Z') },
      'k|day|2026-06-15': { count: 1, resetAt: at('2026-06-16T00:00:00Z') },
    });
  });

  it('refuses a state file it did not write', () => {
    const file = join(dir, 'garbage.json');
    writeFileSync(file, '{"counters": ');
    assert.throws(() => new MemoryStore({ file }), /garbage\.json: quota state file is not valid JSON .*; fix or delete it$/);
    writeFileSync(file, '{"version": 2, "counters": {}}');
    assert.throws(() => new MemoryStore({ file }), /garbage\.json: not a version 1 quota state file; fix or delete it$/);
  });
});

describe('createStore', () => {
  it('chooses the store from QUOTA_STORE and rejects anything else', async () => {
    const fromEnv = (env: Record<string, string>, options?: Parameters<typeof createStore>[1]) =>
      createStore(readServerSettings(env), options);
    const memory = fromEnv({ QUOTA_STATE_FILE: join(dir, 'env.json') });
    assert.ok(memory instanceof MemoryStore);
    await memory.close();
    const named = fromEnv({ QUOTA_STORE: 'memory', QUOTA_STATE_FILE: join(dir, 'env.json') });
    assert.ok(named instanceof MemoryStore);
    await named.close();
    const quiet = { warn: () => {}, info: () => {} };
    const redis = fromEnv({ QUOTA_STORE: 'redis://127.0.0.1:1/0' }, { logger: quiet });
    assert.ok(redis instanceof RedisStore);
    await redis.close();
    // The bad value is not echoed: a mistyped Redis URL may still carry its password.
    assert.throws(() => fromEnv({ QUOTA_STORE: 'memcached://secret@host' }), {
      message:
        "1 bad setting:\n- QUOTA_STORE: must be 'memory' or a Redis URL (redis://, redis+sentinel://, redis+cluster://; rediss for TLS)",
    });
  });

  it('per-tier fail modes: readiness needs Redis only when every metered tier of the policies fails closed', async () => {
    const quiet = { warn: () => {}, info: () => {} };
    const required = async (mode: string, policies = DEFAULT_POLICIES) => {
      const store = createStore(readServerSettings({ QUOTA_STORE: 'redis://127.0.0.1:1/0', QUOTA_FAIL_MODE: mode }), {
        logger: quiet,
        policies,
      });
      await store.close();
      return store.health().required;
    };
    const limitedEnterprise = parsePolicies({
      tiers: {
        free: { day: 10, month: null },
        developer: { day: 10, month: null },
        professional: { day: 10, month: null },
        enterprise: { day: 10, month: null },
        test: { day: 10, month: null },
      },
    });
    assert.deepEqual(
      [
        await required('open'),
        await required('closed'),
        await required('free=closed,developer=closed,professional=open'),
        // enterprise is unmetered in tiers.json: its mode does not matter.
        await required('free=closed,developer=closed,professional=closed'),
        // A TIERS_FILE that meters enterprise makes it count.
        await required('free=closed,developer=closed,professional=closed', limitedEnterprise),
        await required('closed', limitedEnterprise),
      ],
      [false, true, false, true, false, true],
    );
  });
});
