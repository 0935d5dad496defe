import { Redis } from 'ioredis';
import { call } from '../helpers/http.ts';
import { redisReachable } from '../helpers/redis.ts';
import { onInterrupt } from './child-registry.ts';
import { bearer, type BenchContext, type CaseResult, type GroupResult } from './bench-context.ts';
import { RECORD_ID } from './record-bench.ts';
import { startRealServer, type RunningTarget } from './real-server.ts';
import { goal, printTable, rowsOf, type Goal } from './report.ts';
import { compareTargets, type LoadTarget } from './run-load.ts';
import { entryOf } from './snapshot-source.ts';

const PATH = `/api/v1/diseases/${RECORD_ID}`;
const OFF = 'quotas off (enterprise key)';
const MEMORY = 'memory store (professional key)';
const REDIS = 'redis store (professional key)';

/** Delete the run's counters: they would otherwise live in Redis until their month ends. */
export async function dropCounters(url: string, prefix: string): Promise<void> {
  const r = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const keys = await r.keys(`${prefix}*`);
    if (keys.length) await r.del(...keys);
  } finally {
    r.disconnect();
  }
}

/**
 * Issue 6: the full record with quotas on, for the embedded (memory) store and Redis, as a ratio
 * to quotas off. "Off" is an enterprise key: its tier is unlimited, so the quota hook returns
 * before touching any store and the request is not counted. "On" is a professional key whose
 * limits the bench tiers.json raises far past what a run sends, so every request is counted and
 * none is refused. Off and memory share one server process; Redis needs its own. Measured for the
 * 200 (86 KB, where the load generator and loopback copy bound throughput) and for the 304 (where
 * the server is the bottleneck, so a per-request cost shows in requests/s).
 */
export async function benchQuota(ctx: BenchContext): Promise<GroupResult> {
  const { env, src, options } = ctx;
  const notes: string[] = [
    '"quotas off" = enterprise key (unlimited tier: not counted, no store call); "on" = professional key with raised limits (counted, never refused)',
  ];
  const prefix = `bench-quota:${process.pid}-${Date.now()}:`;
  const useRedis = await redisReachable(options.redisUrl);
  if (!useRedis)
    notes.push(
      `Redis is not reachable at ${options.redisUrl}: no redis row (start one: redis-server --port 6390 --save '' --daemonize yes)`,
    );
  const started: RunningTarget[] = [];
  const forget = useRedis ? onInterrupt(() => dropCounters(options.redisUrl, prefix)) : () => {};
  try {
    ctx.progress('quota: starting servers');
    const memory = await startRealServer({ env, dist: src.dist, quotaStore: 'memory' });
    started.push(memory);
    const base: LoadTarget[] = [
      { name: OFF, url: memory.url + PATH, headers: bearer(env.unmeteredKey), expectStatus: 200, pid: memory.pid },
      { name: MEMORY, url: memory.url + PATH, headers: bearer(env.meteredKey), expectStatus: 200, pid: memory.pid },
    ];
    if (useRedis) {
      const redis = await startRealServer({ env, dist: src.dist, quotaStore: options.redisUrl, redisPrefix: prefix });
      started.push(redis);
      base.push({ name: REDIS, url: redis.url + PATH, headers: bearer(env.meteredKey), expectStatus: 200, pid: redis.pid });
    }
    // Counted responses carry RateLimit, uncounted ones do not: proof that each key is what it claims.
    for (const t of base) {
      const r = await call(t.url, '', { headers: t.headers });
      const counted = r.headers.ratelimit !== undefined;
      if (r.status !== 200 || counted !== (t.name !== OFF)) {
        throw new Error(
          `${t.name}: expected 200 ${t.name === OFF ? 'without' : 'with'} a RateLimit header, got ${r.status} RateLimit=${r.headers.ratelimit}`,
        );
      }
    }
    const etag = `W/"${entryOf(src, RECORD_ID)[0]}"`;
    const variants = [
      { name: '200 identity', request: `GET ${PATH}`, targets: base },
      {
        name: '304 (If-None-Match)',
        request: `GET ${PATH}, If-None-Match: ${etag}`,
        targets: base.map((t) => ({ ...t, headers: { ...t.headers, 'if-none-match': etag }, expectStatus: 304 })),
      },
    ];
    const cases: CaseResult[] = [];
    const goals: Goal[] = [];
    for (const v of variants) {
      ctx.progress(`quota: ${v.name}, quotas off / memory / redis`);
      const rows = rowsOf(await compareTargets(v.targets, options, ctx.progress), OFF);
      printTable(`Quota cost, full record ${RECORD_ID}, ${v.name}: ${v.request}`, rows, OFF, notes);
      const mem = rows.find((r) => r.target === MEMORY)!;
      goals.push(
        goal(
          `${v.name}: embedded (memory) store costs under 5% of throughput`,
          mem.ratio,
          mem.ratio > 0.95,
          `${((1 - mem.ratio) * 100).toFixed(1)}% cost`,
        ),
      );
      cases.push({ name: `quotas on vs off, ${v.name}`, request: v.request, baseline: OFF, rows, notes });
    }
    return { cases, goals, notes: [] };
  } finally {
    await Promise.all(started.map((t) => t.stop()));
    if (useRedis) await dropCounters(options.redisUrl, prefix).catch(() => {});
    forget();
  }
}
