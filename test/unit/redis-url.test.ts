import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import calculateSlot from 'cluster-key-slot';
import { redisKey } from '../../server/quota/quota-redis-store.ts';
import { isRedisUrl, parseRedisUrl } from '../../server/redis/redis-url.ts';
import { outboxPrefix } from '../../server/webhooks/redis-outbox.ts';

describe('Redis URLs: one server, Sentinel, Cluster', () => {
  it('leaves redis:// and rediss:// to ioredis', () => {
    assert.deepEqual(parseRedisUrl('redis://:pw@10.0.0.1:6380/2'), { kind: 'single', url: 'redis://:pw@10.0.0.1:6380/2' });
    assert.deepEqual(parseRedisUrl('rediss://cache.example:6380'), { kind: 'single', url: 'rediss://cache.example:6380' });
  });

  it('reads a Sentinel group: the sentinels, the master name, a database, credentials for the data nodes', () => {
    assert.deepEqual(parseRedisUrl('redis+sentinel://10.0.0.1:26379,10.0.0.2,[::1]:26380/mymaster'), {
      kind: 'sentinel',
      sentinels: [
        { host: '10.0.0.1', port: 26379 },
        { host: '10.0.0.2', port: 26379 },
        { host: '::1', port: 26380 },
      ],
      name: 'mymaster',
      db: 0,
      tls: false,
    });
    assert.deepEqual(parseRedisUrl('rediss+sentinel://app:p%40ss@s1:26379/cache/3'), {
      kind: 'sentinel',
      sentinels: [{ host: 's1', port: 26379 }],
      name: 'cache',
      db: 3,
      username: 'app',
      password: 'p@ss',
      tls: true,
    });
  });

  it('reads a cluster seed list, with or without a /0', () => {
    const nodes = [
      { host: '10.0.0.1', port: 7000 },
      { host: '10.0.0.2', port: 6379 },
    ];
    assert.deepEqual(parseRedisUrl('redis+cluster://:secret@10.0.0.1:7000,10.0.0.2'), {
      kind: 'cluster',
      nodes,
      password: 'secret',
      tls: false,
    });
    assert.deepEqual(parseRedisUrl('rediss+cluster://10.0.0.1:7000,10.0.0.2/0'), { kind: 'cluster', nodes, tls: true });
  });

  it('refuses what it cannot read, naming the form and never the password', () => {
    const bad: [string, RegExp][] = [
      ['redis+sentinel://:hunter2@s1:26379', /needs the master's name/],
      ['redis+sentinel://:hunter2@s1:26379/mymaster/x', /only a database number/],
      ['redis+cluster://:hunter2@n1:7000/1', /database 0 only/],
      ['redis+cluster://:hunter2@n1:99999', /host:port/],
      ['redis+cluster://:hunter2@n1:7000,,n2', /host:port/],
      ['redis+cluster://:hunter2@n1:7000?tls=1', /no query/],
    ];
    for (const [url, message] of bad) {
      assert.throws(() => parseRedisUrl(url), message, url);
      assert.throws(
        () => parseRedisUrl(url),
        (err: Error) => !err.message.includes('hunter2'),
      );
    }
    assert.equal(isRedisUrl('redis+cluster://x'), true);
    assert.equal(isRedisUrl('memcached://x'), false);
    assert.throws(() => parseRedisUrl('memcached://x'), /must start with redis:\/\//);
  });

  it("puts both windows of an API key in one cluster slot, the key id's", () => {
    const day = { window: 'day', id: '2026-11-27', limit: 1, start: 0, resetAt: 1 } as const;
    const month = { window: 'month', id: '2026-11', limit: 1, start: 0, resetAt: 1 } as const;
    const keys = [redisKey('quota:', 'key_abc', day), redisKey('quota:', 'key_abc', month)];
    assert.deepEqual(keys, ['quota:{key_abc}:day:2026-11-27', 'quota:{key_abc}:month:2026-11']);
    assert.deepEqual(
      keys.map((k) => calculateSlot(k)),
      [calculateSlot('key_abc'), calculateSlot('key_abc')],
    );
  });

  it('puts the whole webhook outbox in one cluster slot, and nothing changes on one Redis or Sentinel', () => {
    assert.equal(outboxPrefix('webhooks:', 'cluster'), '{webhooks:}');
    assert.equal(outboxPrefix('app:{wh}:', 'cluster'), 'app:{wh}:');
    // `{}` is no hash tag: Redis hashes the whole key.
    assert.equal(outboxPrefix('a{}b:', 'cluster'), '{a{}b:}');
    assert.equal(outboxPrefix('webhooks:', 'sentinel'), 'webhooks:');
    assert.equal(outboxPrefix('webhooks:', 'single'), 'webhooks:');
    const p = outboxPrefix('webhooks:', 'cluster');
    assert.equal(new Set([`${p}eps`, `${p}dl:d1`, `${p}msg:m1`, `${p}due-eps`].map((k) => calculateSlot(k))).size, 1);
  });
});
