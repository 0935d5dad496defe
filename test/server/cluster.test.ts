import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { REDIS_URL, redisReachable } from '../helpers/redis.ts';
import { build, MINI_DATA, ROOT, tempDir } from '../fixtures/build-pipeline/pipeline-harness.ts';
import { bearer, call } from '../helpers/http.ts';
import { makeKeys } from '../helpers/keys.ts';
import { startServer, type RunningServer } from '../helpers/server-process.ts';
import { logLines, waitFor } from '../helpers/wait-for.ts';
import { PROBLEM_BASE } from '../../server/contract/api/problems.ts';

const PREFIX = `cluster-test:${process.pid}:${Date.now()}:`;
const CF = 'MONDO:0009061';
const QUOTA = 20;

const up = await redisReachable();
const skip = up ? false : `Redis unreachable at ${REDIS_URL}; start one with: redis-server --port 6390 --save '' --daemonize yes`;
if (!up && process.env.CI === 'true') {
  it('reaches Redis at REDIS_URL (required when CI=true)', () =>
    assert.fail(`${skip}. CI=true, so the cluster tests fail instead of being skipped.`));
}

/** Start the server from source in a child with `env`; its exit code and its stdout log lines. */
function runToExit(env: Record<string, string>): { status: number | null; lines: Record<string, unknown>[] } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 30_000,
    env: { ...process.env, PORT: '0', LOG_FILE: '', ...env },
  });
  return {
    status: r.status,
    lines: r.stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l)),
  };
}

describe('WORKERS: settings refused at start', () => {
  it('WORKERS=2 with the embedded quota store stops with a message that says to use Redis', () => {
    const r = runToExit({ WORKERS: '2', QUOTA_STORE: 'memory' });
    assert.equal(r.status, 1);
    assert.equal(
      r.lines.at(-1)!.msg,
      '1 bad setting:\n- WORKERS=2 needs a quota store the workers share: the embedded one (QUOTA_STORE=memory) counts per process, so each worker would allow a key its whole quota. Set QUOTA_STORE to a Redis URL (redis://host:port/db), or run one worker (WORKERS=1).',
    );
  });

  it('WORKERS=2 with Redis quotas but the embedded webhook outbox stops, naming WEBHOOK_STORE', () => {
    const r = runToExit({ WORKERS: '2', QUOTA_STORE: REDIS_URL, WEBHOOK_STORE: 'file' });
    assert.equal(r.status, 1);
    assert.match(
      String(r.lines.at(-1)!.msg),
      /^1 bad setting:\n- WORKERS=2 needs a webhook outbox the workers share: the embedded one \(WEBHOOK_STORE=file\) is locked to one process\./,
    );
  });

  it('a WORKERS value that is no count stops with the accepted forms', () => {
    const r = runToExit({ WORKERS: 'many' });
    assert.equal(r.status, 1);
    assert.equal(
      r.lines.at(-1)!.msg,
      '1 bad setting:\n- WORKERS: must be a whole number of processes from 1 to 256, or "auto" (one per core), got "many"',
    );
  });
});

describe('WORKERS=2 on Redis', { skip }, () => {
  let dist = '';
  let dir = '';
  let logFile = '';
  let server: RunningServer;
  let key = '';

  before(async () => {
    dist = tempDir('cluster-dist');
    dir = tempDir('cluster-state');
    const built = await build(MINI_DATA, dist);
    assert.equal(built.ok, true, built.log);
    const made = makeKeys([{ tier: 'free', name: 'small' }]);
    key = made.keys.small;
    const tiers = JSON.parse(readFileSync(join(ROOT, 'server/contract/api/tiers.json'), 'utf8'));
    tiers.tiers.free = { day: QUOTA, month: QUOTA };
    writeFileSync(join(dir, 'tiers.json'), JSON.stringify(tiers));
    logFile = join(dir, 'server.log');
    server = await startServer({
      WORKERS: '2',
      DIST_DIR: dist,
      KEYS_FILE: made.file,
      TIERS_FILE: join(dir, 'tiers.json'),
      LOG_FILE: logFile,
      QUOTA_STORE: REDIS_URL,
      QUOTA_REDIS_PREFIX: `${PREFIX}quota:`,
      WEBHOOK_REDIS_PREFIX: `${PREFIX}webhooks:`,
      SHUTDOWN_GRACE_MS: '2000',
    });
  });

  after(async () => {
    if (server?.child.exitCode === null) await server.stop();
    const r = new Redis(REDIS_URL);
    const keys = await r.keys(`${PREFIX}*`);
    if (keys.length) await r.del(...keys);
    r.disconnect();
  });

  const workerPids = () =>
    new Set(
      logLines(logFile)
        .filter((l) => String(l.msg).startsWith('listening on http') && l.workers === undefined)
        .map((l) => l.pid as number),
    );

  it('two worker processes listen on the one port', async () => {
    const pids = await waitFor('two workers listening', () => (workerPids().size === 2 ? workerPids() : undefined));
    assert.ok(!pids.has(server.child.pid!), 'the primary serves nothing itself');
    const primary = await waitFor('the primary line', () => logLines(logFile).find((l) => l.pid === server.child.pid && l.workers === 2));
    assert.equal(primary.msg, `listening on ${server.url} with 2 workers`);
  });

  it('the quota is exact across workers: exactly 20 of 40 calls on separate connections are 200, the rest 429', async () => {
    const results = await Promise.all(
      Array.from({ length: 2 * QUOTA }, () => call(server.url, `/api/v1/diseases/${CF}/summary`, { headers: bearer(key) })),
    );
    const statuses = results.map((r) => r.status).sort();
    assert.deepEqual(statuses, [...Array(QUOTA).fill(200), ...Array(QUOTA).fill(429)]);
    for (const r of results.filter((x) => x.status === 429)) assert.equal(r.json().type, `${PROBLEM_BASE}quota-exceeded`);
    // Both workers answered some of them (connections are handed round-robin).
    const served = await waitFor('request lines of both workers', () => {
      const pids = new Set(
        logLines(logFile)
          .filter((l) => l.msg === 'request' && l.route?.startsWith('/api/v1/diseases/'))
          .map((l) => l.pid),
      );
      return pids.size === 2 ? pids : undefined;
    });
    assert.deepEqual(served, workerPids());
  });

  it('one worker announces releases (the webhook announcer and delivery run once, not per worker)', async () => {
    const lines = await waitFor('the baseline line', () => {
      const l = logLines(logFile).filter((x) => String(x.msg).startsWith('webhooks:'));
      return l.length ? l : undefined;
    });
    assert.equal(lines.length, 1);
    assert.equal(lines[0].msg, 'webhooks: first release seen, taken as the baseline (nothing to announce)');
    assert.ok(workerPids().has(lines[0].pid));
  });

  it('a newly published snapshot reaches every worker through its own watcher, without a restart', async () => {
    const next = await build(MINI_DATA, dist, true);
    assert.equal(next.ok, true, next.log);
    const swapped = await waitFor('both workers swapped', () => {
      const pids = new Set(
        logLines(logFile)
          .filter((l) => l.msg === 'snapshot swapped' && l.to === next.snapshot)
          .map((l) => l.pid),
      );
      return pids.size === 2 ? pids : undefined;
    });
    assert.deepEqual(swapped, workerPids());
    for (let i = 0; i < 6; i++) assert.equal((await call(server.url, '/api/v1/health')).json().snapshot, next.snapshot);
    // Still one announcer: the forced rebuild published no release, and no second worker looked.
    assert.equal(logLines(logFile).filter((x) => String(x.msg).startsWith('webhooks:')).length, 1);
  });

  it('a worker that dies is replaced, and the port keeps answering', async () => {
    const [victim] = workerPids();
    process.kill(victim, 'SIGKILL');
    const replacement = await waitFor('a replacement worker', () => {
      const pids = workerPids();
      return pids.size === 3 ? pids : undefined;
    });
    assert.ok(replacement.has(victim));
    assert.ok(logLines(logFile).some((l) => l.pid === server.child.pid && l.msg === 'a worker exited; starting another in its place'));
    for (let i = 0; i < 4; i++) assert.equal((await call(server.url, '/api/v1/health')).status, 200);
  });

  it('SIGTERM drains every worker and the primary exits 0', async () => {
    const code = await server.stop('SIGTERM');
    assert.equal(code, 0);
    const stopped = new Set(
      logLines(logFile)
        .filter((l) => l.msg === 'stopped')
        .map((l) => l.pid),
    );
    assert.equal(stopped.size, 2, 'both live workers finished their shutdown');
  });
});
