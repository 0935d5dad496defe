import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { REDIS_URL, redisReachable } from '../helpers/redis.ts';
import { ensureRealSnapshot, REAL_DIST } from '../helpers/real-snapshot.ts';
import { Receiver } from '../helpers/webhook-receiver.ts';
import {
  Client,
  figure,
  fmt,
  OUT,
  type PartServer,
  partDir,
  ProblemLog,
  type Req,
  recordSecret,
  SECRETS_FILE,
  startPartServer,
} from './harness.ts';
import { partKeys } from './keys.ts';
import { scanForSecrets } from './secret-scan.ts';

const PART = 'secrets';
const PREFIX = 'reliability-secrets:';

/**
 * Runs last: makes keys and webhook secrets of its own on a server with the embedded stores and
 * one with Redis, puts keys and secrets wherever a client could put them (path, query names and
 * values, request id, wrong auth schemes, body members), then scans every file the whole run left
 * (every part's logs, key files, quota state, outbox logs, the problem bodies each part received,
 * a dump of Redis) for every key and secret the run made.
 */
describe('reliability: secrets never in logs, problem bodies or state files in clear', () => {
  let dir: string;
  const servers: PartServer[] = [];
  let receiver: Receiver;
  let redisOk = false;

  before(async () => {
    await ensureRealSnapshot();
    dir = partDir(PART);
    receiver = await new Receiver().start();
    redisOk = await redisReachable(REDIS_URL);
  });

  after(async () => {
    for (const s of servers) await s.stop();
    await receiver?.close();
  });

  it('scans every log, problem body and state file of the run for every key and secret it made', async (t) => {
    if (!redisOk && process.env.CI) assert.fail(`no Redis at ${REDIS_URL}: the Redis stores must be scanned too`);
    if (!redisOk) t.diagnostic(`no Redis at ${REDIS_URL}: only the embedded stores are scanned`);
    const { file, keys } = partKeys(dir, PART);
    const problems = new ProblemLog(join(dir, 'problems.jsonl'));
    let sent = 0;
    for (const store of redisOk ? (['file', 'redis'] as const) : (['file'] as const)) {
      const server = await startPartServer({
        DIST_DIR: REAL_DIST,
        KEYS_FILE: file,
        QUOTA_STATE_FILE: join(dir, `quota-state-${store}.json`),
        LOG_FILE: join(dir, `server-${store}.log`),
        LOG_LEVEL: 'trace',
        WEBHOOK_DIR: join(dir, 'webhooks'),
        WEBHOOK_KEY_FILE: join(dir, 'webhook.key'),
        WEBHOOK_ALLOW_ADDRESSES: 'loopback',
        WEBHOOK_ALLOW_HTTP: 'true',
        ...(store === 'redis' ? { QUOTA_STORE: REDIS_URL, QUOTA_REDIS_PREFIX: `${PREFIX}q:`, WEBHOOK_REDIS_PREFIX: `${PREFIX}w:` } : {}),
      });
      servers.push(server);
      const client = new Client(server.url, 4);
      const json = { 'content-type': 'application/json' };
      const auth = { authorization: `Bearer ${keys.professional}` };
      const created = await client.send({
        method: 'POST',
        path: '/api/v1/webhooks',
        headers: { ...auth, ...json },
        body: JSON.stringify({ url: receiver.url }),
      });
      assert.equal(created.status, 201);
      const ep = JSON.parse(created.body.toString()).data;
      recordSecret('webhook-secret', ep.secret, PART);
      const rotated = await client.send({ method: 'POST', path: `/api/v1/webhooks/${ep.id}/rotate-secret`, headers: auth });
      const secret = JSON.parse(rotated.body.toString()).data.secret as string;
      recordSecret('webhook-secret', secret, PART);
      await client.send({ method: 'POST', path: `/api/v1/webhooks/${ep.id}/test`, headers: auth });
      // Keys and secrets where they do not belong: every answer is kept and scanned.
      const k = keys.enterprise;
      const misplaced: Req[] = [
        { method: 'GET', path: `/api/v1/diseases/${k}` },
        { method: 'GET', path: `/api/v1/diseases/${k}/summary`, headers: { authorization: `Bearer ${k}` } },
        { method: 'GET', path: `/${k}/${encodeURIComponent(secret)}` },
        { method: 'GET', path: `/api/v1/diseases?${k}=1&limit=${k}&q=${encodeURIComponent(secret)}`, headers: auth },
        { method: 'GET', path: `/api/v1/diseases/search?q=x&sort=${k}&gene=${k}`, headers: auth },
        { method: 'GET', path: `/api/v1/diseases/bulk?ids=${k},${encodeURIComponent(secret)}`, headers: auth },
        { method: 'GET', path: '/api/v1/diseases', headers: { authorization: `Basic ${k}` } },
        { method: 'GET', path: '/api/v1/diseases', headers: { authorization: `Bearer ${k.slice(0, -2)}zz` } },
        { method: 'GET', path: '/api/v1/diseases', headers: { authorization: `Bearer ${secret}` } },
        { method: 'GET', path: '/api/v1/health', headers: { 'x-request-id': k } },
        { method: 'GET', path: '/api/v1/diseases/MONDO:0007739', headers: { authorization: `Bearer ${k}`, 'x-request-id': `x-${k}` } },
        { method: 'POST', path: '/api/v1/webhooks', headers: { ...auth, ...json }, body: JSON.stringify({ url: receiver.url, [k]: 1 }) },
        { method: 'POST', path: '/api/v1/webhooks', headers: { ...auth, ...json }, body: JSON.stringify({ url: k, events: [secret] }) },
        { method: 'PATCH', path: `/api/v1/webhooks/${ep.id}`, headers: { ...auth, ...json }, body: JSON.stringify({ [secret]: true }) },
        { method: 'POST', path: '/api/v1/webhooks', headers: { ...auth, 'content-type': `application/${k}` }, body: '{}' },
        { method: 'GET', path: `/api/v1/webhooks/${ep.id}/deliveries?status=${k}`, headers: auth },
        { method: 'GET', path: `/docs/${k}` },
        { method: 'GET', path: '/api/v1/health', headers: { expect: k } },
      ];
      for (const r of misplaced) {
        const a = await client.send(r);
        sent++;
        if (a.status >= 400) problems.add(a.body);
        assert.ok(a.status < 500, `${r.method} ${r.path}: ${a.status}`);
      }
      client.close();
    }
    problems.flush();
    for (const s of servers.splice(0)) await s.stop();
    // Redis holds the shared stores' state: dumped, to be scanned like the files.
    let redisKeys = 0;
    if (redisOk) {
      const redis = new Redis(REDIS_URL);
      const lines: string[] = [];
      for (const key of await redis.keys(`${PREFIX}*`)) {
        redisKeys++;
        const type = await redis.type(key);
        const value =
          type === 'string'
            ? await redis.get(key)
            : type === 'hash'
              ? await redis.hgetall(key)
              : type === 'list'
                ? await redis.lrange(key, 0, -1)
                : type === 'zset'
                  ? await redis.zrange(key, '0', '-1')
                  : type === 'set'
                    ? await redis.smembers(key)
                    : null;
        lines.push(`${key} ${JSON.stringify(value)}`);
      }
      for (const key of await redis.keys(`${PREFIX}*`)) await redis.del(key);
      redis.disconnect();
      writeFileSync(join(dir, 'redis-dump.txt'), `${lines.join('\n')}\n`);
    }
    const secrets = [
      ...new Set(
        readFileSync(SECRETS_FILE, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l).value as string),
      ),
    ];
    const problemBodies = readFileSync(join(dir, 'problems.jsonl'), 'utf8').split('\n').filter(Boolean).length;
    const scan = scanForSecrets([OUT], secrets, (p) => p === SECRETS_FILE);
    const otherProblems = scan.files;
    const parts = ['fuzz', 'protocol', 'corrupt-object', 'crash', 'redis-flap', 'disk-full', 'soak'].filter((p) =>
      existsSync(join(OUT, p)),
    );
    figure(
      PART,
      `${scan.leaks.length} leaks: scanned ${fmt(otherProblems)} files (${fmt(scan.bytes / 1e6)} MB: the logs, key files, quota state, outbox logs and problem bodies of ${[...parts, PART].join(', ')}${redisOk ? `, and ${redisKeys} Redis keys` : ''}) for ${secrets.length} API keys and webhook secrets made in this run (each in full and its random part alone) and anything shaped like one; ${sent} requests put keys and secrets in paths, query names and values, request ids, wrong auth schemes and body members (${problemBodies} problem bodies here)`,
      { leaks: scan.leaks.length, files: scan.files, bytes: scan.bytes, secrets: secrets.length, redisKeys },
    );
    assert.deepEqual(scan.leaks.slice(0, 20), []);
  });
});
