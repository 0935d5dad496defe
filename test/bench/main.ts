import { cpus, loadavg } from 'node:os';
import { relative, resolve } from 'node:path';
import { createBenchEnv, type BenchEnv } from './bench-env.ts';
import type { BenchContext, GroupResult } from './bench-context.ts';
import { benchBulkGroup } from './bulk-bench.ts';
import { installCleanup, stopAll } from './child-registry.ts';
import { parseOptions, type Area } from './options.ts';
import { benchQuota } from './quota-bench.ts';
import { benchRecord } from './record-bench.ts';
import { benchRedisTopologies } from './redis-topology-bench.ts';
import { benchRequestPath } from './request-path-bench.ts';
import { writeSummary } from './report.ts';
import { benchSearchGroup } from './search-bench.ts';
import { benchStartup } from './startup-bench.ts';
import { benchWorkers } from './workers-bench.ts';
import { openSnapshot } from './snapshot-source.ts';
import { benchTls } from './tls-bench.ts';
import { benchWebhooks } from './webhook-bench.ts';
import { benchMatch } from './match-latency.ts';
import { benchMatchHttp } from './match-http-bench.ts';
import { benchReady } from './ready-bench.ts';
import { canPin, wrkInstalled } from './wrk.ts';

/**
 * `npm run bench [-- --only=path,record,search,bulk,quota,webhooks,startup,workers,tls,match,match-http,redis,ready --duration=5 --connections=32 --rounds=3]`:
 * throughput and latency of the real server as ratios to baselines measured in the same run.
 * Tables go to stdout, progress to stderr, a JSON summary to .bench/results.json.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const GROUPS: Record<Area, { title: string; run: (ctx: BenchContext) => Promise<GroupResult> }> = {
  path: { title: 'Issue 9: the request path (304, summary, cached search, full record; quotas on and off)', run: benchRequestPath },
  record: { title: 'Issue 4: full record through the whole stack', run: benchRecord },
  search: { title: 'Issue 5: search and listing', run: benchSearchGroup },
  bulk: { title: 'Issue 5: bulk of 50', run: benchBulkGroup },
  quota: { title: 'Issue 6: quota cost', run: benchQuota },
  webhooks: {
    title: 'Issue 11: webhook delivery (events/s to a local receiver; API rate while a large release is delivered)',
    run: benchWebhooks,
  },
  startup: {
    title: 'Issue 14: start-up to the first served request, tsx against the bundle; bundle sizes (no HTTP load)',
    run: benchStartup,
  },
  workers: { title: 'Issue 14: one route with WORKERS=1 and WORKERS=2 (Redis quota store)', run: benchWorkers },
  tls: { title: 'Issue 14: HTTPS against plain HTTP (summary, keep-alive)', run: benchTls },
  match: { title: 'Issue 20: phenotype match, p50/p99 of a 20-term query over every disease on one core', run: benchMatch },
  redis: { title: 'Issue 30: metered calls with the quota store on one Redis, Sentinel and a Redis Cluster', run: benchRedisTopologies },
  'match-http': { title: 'Issue 29: phenotype match over HTTP, p50/p99 of 20-term queries', run: benchMatchHttp },
  ready: {
    title: 'Issue 31: the tail at 64 connections from readiness and through a swap; event-loop stalls, RSS and heap (WORKERS=1, unpinned)',
    run: benchReady,
  },
};

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  let env: BenchEnv | null = null;
  installCleanup(() => env?.dispose());
  const options = parseOptions(process.argv.slice(2), process.env, ROOT, { wrk: wrkInstalled(), pin: canPin(cpus().length) });
  const src = openSnapshot(options.dist);
  try {
    env = createBenchEnv();
    const ctx: BenchContext = { options, src, env, progress: (l) => process.stderr.write(`# ${l}\n`) };
    const startedAt = new Date().toISOString();
    const loadBefore = load();
    console.log(
      `Benchmark of snapshot ${src.manifest.snapshot} (${relative(ROOT, src.dist) || '.'}) on ${cpus().length} CPUs, node ${process.version}`,
    );
    console.log(
      `load: ${options.loader}, ${options.connections} connections, ${options.warmup} s warm-up + ${options.duration} s measured per run, ${options.rounds} rounds (targets alternate; medians shown); ${options.pin ? 'servers pinned to CPU 0, load generator to CPU 1' : 'not pinned'}; load average ${loadBefore}`,
    );
    const groups: Partial<Record<Area, GroupResult>> = {};
    for (const area of (Object.keys(GROUPS) as Area[]).filter((a) => options.only.has(a))) {
      console.log(`\n== ${GROUPS[area].title}`);
      groups[area] = await GROUPS[area].run(ctx);
    }
    const loadAfter = load();
    console.log(`\nload average after: ${loadAfter}`);
    const goals = Object.values(groups).flatMap((g) => g!.goals);
    writeSummary(options.out, {
      startedAt,
      finishedAt: new Date().toISOString(),
      snapshot: src.manifest.snapshot,
      dist: src.dist,
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? null,
        node: process.version,
        loadAverageBefore: loadBefore,
        loadAverageAfter: loadAfter,
      },
      options: { ...options, only: [...options.only] },
      goals,
      groups,
    });
    console.log(`goals met: ${goals.filter((g) => g.met).length}/${goals.length}; summary written to ${relative(ROOT, options.out)}`);
  } finally {
    await stopAll();
    env?.dispose();
  }
}

main().catch(async (err) => {
  process.stderr.write(`bench failed: ${(err as Error).message}\n`);
  await stopAll();
  process.exit(1);
});
