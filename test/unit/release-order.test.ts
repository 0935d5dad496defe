import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import { Redis } from 'ioredis';
import { releaseOrder } from '../../server/contract/api/releases.ts';
import { FINISH_RELEASE } from '../../server/webhooks/webhook-redis-scripts.ts';

/** Release ids order by number (r9 before r10), in TypeScript and in the Redis script that keeps the last one. */

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6390/0';
const redis = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, retryStrategy: () => null, maxRetriesPerRequest: 0 });
redis.on('error', () => {});
const redisUp = await redis.connect().then(
  () => true,
  () => false,
);
after(() => redis.disconnect());

test('releaseOrder: r<n> by n; anything else (a marker from before the history) first', () => {
  assert.deepEqual(
    ['r1', 'r9', 'r10', 'r123', 'latest', '20261123T000000Z-abc', 'r0', 'r01', ''].map(releaseOrder),
    [1, 9, 10, 123, 0, 0, 0, 0, 0],
  );
  assert.deepEqual(
    ['r10', 'r9', 'r2'].sort((a, b) => releaseOrder(a) - releaseOrder(b)),
    ['r2', 'r9', 'r10'],
  );
});

test('the Redis finish script keeps the newest release by number as the last one', {
  skip: redisUp || process.env.CI === 'true' ? false : `Redis unreachable at ${REDIS_URL}`,
}, async () => {
  const prefix = `test:release-order:${process.pid}:`;
  try {
    for (const id of ['20261123T000000Z-abc', 'r9', 'r10', 'r2']) await redis.eval(FINISH_RELEASE, 0, prefix, id);
    assert.equal(await redis.get(`${prefix}release:last`), 'r10');
  } finally {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
});
