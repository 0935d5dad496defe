import { execFileSync } from 'node:child_process';
import type { SerializedPhenotypeIndex } from '../../server/contract/snapshot/phenotype-index.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import { PhenotypeModel } from '../../server/phenotypes/phenotype-model.ts';
import { call } from '../helpers/http.ts';
import { bearer, type BenchContext, type GroupResult } from './bench-context.ts';
import { matchQueries } from './match-latency.ts';
import { startRealServer } from './real-server.ts';
import { goal, printLatencies } from './report.ts';

const WARM_UP = 100;
const TIMED = 1000;

/**
 * Issue 29: p50/p99 of /diseases/match over HTTP for 20-term queries (the shapes of
 * match-latency.ts), each query sent once (the route caches pages per query), one at a time, with
 * an unmetered key; the server pinned to CPU 0 when pinning is on. WARM_UP queries first, then
 * TIMED ones timed from request to the last byte.
 */
export async function benchMatchHttp(ctx: BenchContext): Promise<GroupResult> {
  const m = new PhenotypeModel(readSnapshotJson<SerializedPhenotypeIndex>(ctx.src.dir, SNAPSHOT_FILES.phenotypeIndex));
  const queries = matchQueries(m, WARM_UP + TIMED).map((q) => q.map((t) => m.ids[t]).join(','));
  ctx.progress('match-http: starting the server');
  const server = await startRealServer({ env: ctx.env, dist: ctx.src.dist });
  try {
    if (ctx.options.pin) execFileSync('taskset', ['-p', '-c', '0', String(server.pid)], { stdio: 'ignore' });
    const times: number[] = [];
    for (const [i, q] of queries.entries()) {
      const t0 = performance.now();
      const r = await call(server.url, `/api/v1/diseases/match?phenotypes=${q}`, { headers: bearer(ctx.env.unmeteredKey) });
      const ms = performance.now() - t0;
      if (r.status !== 200) throw new Error(`match answered ${r.status}: ${r.body.toString().slice(0, 200)}`);
      if (i >= WARM_UP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
    const row = { name: '20-term query over HTTP', queries: TIMED, samples: times.length, p50: at(0.5), p99: at(0.99) };
    printLatencies(
      `Phenotype match over HTTP (${ctx.options.pin ? 'server pinned to CPU 0' : 'not pinned'}; distinct queries, one at a time)`,
      [row],
    );
    return {
      cases: [],
      latencies: [row],
      goals: [goal('match over HTTP p99 < 20 ms (20-term query)', row.p99, row.p99 < 20, `${row.p99.toFixed(2)} ms`)],
      notes: [],
    };
  } finally {
    await server.stop();
  }
}
