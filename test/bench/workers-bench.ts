import { call } from '../helpers/http.ts';
import { onInterrupt } from './child-registry.ts';
import { bearer, type BenchContext, type CaseResult, type GroupResult } from './bench-context.ts';
import { redisReachable } from '../helpers/redis.ts';
import { dropCounters } from './quota-bench.ts';
import { RECORD_ID } from './record-bench.ts';
import { startRealServer, type RunningTarget } from './real-server.ts';
import { goal, printTable, rowsOf } from './report.ts';
import { compareTargets, type LoadTarget } from './run-load.ts';

const PATH = `/api/v1/diseases/${RECORD_ID}/summary`;

/**
 * Issue 14: requests/s on one route (the 2.5 KB summary) with WORKERS=1 and WORKERS=2, both on the
 * Redis quota store (WORKERS=2 refuses the embedded one), for an unmetered key (enterprise: no
 * store call) and a metered one (professional, raised limits: one Redis call per request). Servers
 * are not pinned here: a second worker needs a core of its own. On a 2-core machine the load
 * generator takes one of the two, so the gain shown there is a floor; read CPU µs per request too.
 */
export async function benchWorkers(ctx: BenchContext): Promise<GroupResult> {
  const { env, src, options } = ctx;
  if (!(await redisReachable(options.redisUrl))) {
    const note = `Redis is not reachable at ${options.redisUrl}: the workers group needs it (WORKERS=2 refuses the embedded quota store)`;
    console.log(`  skipped: ${note}`);
    return { cases: [], goals: [], notes: [note] };
  }
  const prefix = `bench-workers:${process.pid}-${Date.now()}:`;
  const forget = onInterrupt(() => dropCounters(options.redisUrl, prefix));
  const started: RunningTarget[] = [];
  try {
    const targets: LoadTarget[] = [];
    for (const workers of [1, 2]) {
      ctx.progress(`workers: starting WORKERS=${workers}`);
      const server = await startRealServer({
        env,
        dist: src.dist,
        quotaStore: options.redisUrl,
        redisPrefix: prefix,
        extraEnv: { WORKERS: String(workers) },
      });
      started.push(server);
      targets.push(
        {
          name: `WORKERS=${workers}, unmetered key`,
          url: server.url + PATH,
          headers: bearer(env.unmeteredKey),
          expectStatus: 200,
          pid: server.pid,
        },
        {
          name: `WORKERS=${workers}, metered key`,
          url: server.url + PATH,
          headers: bearer(env.meteredKey),
          expectStatus: 200,
          pid: server.pid,
        },
      );
    }
    for (const t of targets) {
      const r = await call(t.url, '', { headers: t.headers });
      if (r.status !== 200) throw new Error(`${t.name}: GET ${PATH} answered ${r.status}`);
    }
    const cases: CaseResult[] = [];
    const goals = [];
    const notes = [
      'servers not pinned (each worker needs a core); on 2 CPUs the load generator shares them, so the 2-worker gain is a floor',
    ];
    for (const kind of ['unmetered', 'metered']) {
      const pair = targets.filter((t) => t.name.endsWith(`${kind} key`));
      ctx.progress(`workers: ${kind}, 1 vs 2 workers`);
      const rows = rowsOf(await compareTargets(pair, { ...options, pin: false }, ctx.progress), pair[0].name);
      printTable(`${kind} key, GET ${PATH}: 1 vs 2 workers`, rows, pair[0].name, notes);
      goals.push(goal(`${kind}: 2 workers serve more requests/s than 1`, rows[1].ratio, rows[1].ratio > 1, `x${rows[1].ratio.toFixed(2)}`));
      cases.push({ name: `workers, ${kind} key`, request: `GET ${PATH}`, baseline: pair[0].name, rows, notes });
    }
    return { cases, goals, notes: [] };
  } finally {
    await Promise.all(started.map((t) => t.stop()));
    await dropCounters(options.redisUrl, prefix).catch(() => {});
    forget();
  }
}
