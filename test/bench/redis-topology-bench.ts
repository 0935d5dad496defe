import { dirname } from 'node:path';
import { rmSync } from 'node:fs';
import { call } from '../helpers/http.ts';
import { makeKeys } from '../helpers/keys.ts';
import { startCluster } from '../helpers/redis-cluster.ts';
import { startSentinel } from '../helpers/redis-sentinel.ts';
import { redisToolsMissing, startStandalone, type Topology } from '../helpers/redis-topology.ts';
import { onInterrupt } from './child-registry.ts';
import { bearer, type BenchContext, type CaseResult, type GroupResult } from './bench-context.ts';
import { RECORD_ID } from './record-bench.ts';
import { startRealServer, type RunningTarget } from './real-server.ts';
import { printTable, rowsOf } from './report.ts';
import { compareTargets, type LoadTarget } from './run-load.ts';

const PATH = `/api/v1/diseases/${RECORD_ID}/summary`;
/** API keys of the many-keys load: each batch then holds checks of many keys, so on a cluster it is split over many slots. */
const MANY = 64;
const TOPOLOGIES = [
  { name: 'one Redis', start: startStandalone },
  { name: 'Sentinel (1 master, 2 replicas)', start: () => startSentinel() },
  { name: 'Cluster (3 masters, 3 replicas)', start: () => startCluster() },
] as const;

/**
 * Issue 30: metered calls (the 2.5 KB summary, professional keys with raised limits: every call
 * counted in Redis, none refused) with the quota store on one Redis, on Sentinel and on a Redis
 * Cluster, each started here on loopback (no persistence), one WORKERS=1 server per topology.
 * Two loads: one API key (a batch is one script call everywhere) and MANY keys in turn (on a
 * cluster a batch becomes one script call per hash slot). The servers run on CPU 0 and the load
 * generator on CPU 1 when pinning; the Redis processes float.
 */
export async function benchRedisTopologies(ctx: BenchContext): Promise<GroupResult> {
  const { env, src, options } = ctx;
  const missing = redisToolsMissing();
  if (missing) {
    console.log(`  skipped: ${missing}`);
    return { cases: [], goals: [], notes: [missing] };
  }
  const made = makeKeys(Array.from({ length: MANY }, (_, i) => ({ tier: 'professional' as const, name: `k${i}` })));
  const keys = Object.values(made.keys);
  const topologies: Topology[] = [];
  const servers: RunningTarget[] = [];
  const cleanup = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await Promise.all(topologies.map((t) => t.stop()));
    rmSync(dirname(made.file), { recursive: true, force: true });
  };
  const forget = onInterrupt(cleanup);
  try {
    const one: LoadTarget[] = [];
    const many: LoadTarget[] = [];
    for (const t of TOPOLOGIES) {
      ctx.progress(`redis: starting ${t.name} and its server`);
      const topo = await t.start();
      topologies.push(topo);
      const server = await startRealServer({
        env: { ...env, keysFile: made.file },
        dist: src.dist,
        quotaStore: topo.url,
        redisPrefix: 'bench-topology:',
        extraEnv: { WEBHOOK_STORE: 'file' },
      });
      servers.push(server);
      const url = server.url + PATH;
      one.push({ name: `${t.name}, 1 key`, url, headers: bearer(keys[0]), expectStatus: 200, pid: server.pid });
      many.push({
        name: `${t.name}, ${MANY} keys`,
        url,
        headers: bearer(keys[0]),
        headerSets: keys.map(bearer),
        expectStatus: 200,
        pid: server.pid,
      });
      // Counted responses carry RateLimit: proof that the key is metered on this store.
      const r = await call(url, '', { headers: bearer(keys[0]) });
      if (r.status !== 200 || r.headers.ratelimit === undefined) throw new Error(`${t.name}: expected a counted 200, got ${r.status}`);
    }
    const notes = [
      'professional keys with raised limits: every call counted in Redis, none refused; WORKERS=1, the quota checks of one event-loop turn batched',
      'Redis processes started by the bench on loopback without persistence, not pinned (they share both CPUs with the server and the load generator)',
    ];
    const cases: CaseResult[] = [];
    for (const [label, targets] of [
      ['one API key', one],
      [`${MANY} API keys in turn`, many],
    ] as const) {
      ctx.progress(`redis: ${label}, one Redis / Sentinel / Cluster`);
      const rows = rowsOf(await compareTargets([...targets], options, ctx.progress), targets[0].name);
      printTable(`Metered GET ${PATH}, ${label}: one Redis, Sentinel, Cluster`, rows, targets[0].name, notes);
      cases.push({ name: `redis topologies, ${label}`, request: `GET ${PATH}`, baseline: targets[0].name, rows, notes });
    }
    return { cases, goals: [], notes: [] };
  } finally {
    await cleanup();
    forget();
  }
}
