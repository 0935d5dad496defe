import { SearchEngine } from '../../server/search/engine.ts';
import type { SerializedSearchIndex } from '../../server/contract/snapshot/search-index.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import { benchSearch } from './search-latency-cli.ts';
import type { BenchContext, GroupResult } from './bench-context.ts';
import { goal, printLatencies } from './report.ts';
import { queryFamilies } from './search-queries.ts';

/** Timed calls per family, spread over its distinct queries. */
const SAMPLES = 2000;

/**
 * Issue 5, in process: p50/p99 of SearchEngine.search over the published index and listing, with
 * no result cache in front (the engine itself), for one-, two- and three-word queries and a typo.
 * Runs in this process while no load runs, so the timings are the engine's and the machine's.
 */
export function benchSearchLatency(ctx: BenchContext): GroupResult {
  ctx.progress('search: loading the search index');
  const index = readSnapshotJson<SerializedSearchIndex>(ctx.src.dir, SNAPSHOT_FILES.searchIndex);
  const engine = new SearchEngine(index, ctx.src.rows);
  const latencies = Object.entries(queryFamilies(ctx.src.rows)).map(([name, queries]) => {
    ctx.progress(`search: timing ${name}`);
    const iterations = Math.ceil(SAMPLES / queries.length);
    // benchSearch's defaults: relevance order, limit 20, highlight on (the costlier option).
    const { p50, p99 } = benchSearch(engine, queries, iterations);
    return { name, queries: queries.length, samples: iterations * queries.length, p50, p99 };
  });
  printLatencies(
    `Search in process (SearchEngine over ${ctx.src.rows.length.toLocaleString('en-US')} rows, no result cache, limit 20, highlight on)`,
    latencies,
  );
  const worst = Math.max(...latencies.map((l) => l.p99));
  const goals = [goal('search p99 < 5 ms in process (worst family)', worst, worst < 5, `${worst.toFixed(3)} ms`)];
  return { cases: [], latencies, goals, notes: [] };
}
