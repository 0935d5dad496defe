import type { BenchContext, GroupResult } from './bench-context.ts';
import { benchCollections } from './collection-bench.ts';
import { RECORD_ID } from './record-bench.ts';
import { benchSearchLatency } from './search-latency.ts';

/** The listing request of issue 5: two filters and a full page. */
export const LISTING_PATH = '/api/v1/diseases?isRare=true&inheritance=autosomal-recessive&limit=50';

/**
 * Issue 5, search half: engine latency in process, then requests/s over HTTP for a search (a
 * real disease name, answered from the result cache) and the filtered listing.
 */
export async function benchSearchGroup(ctx: BenchContext): Promise<GroupResult> {
  const inProcess = benchSearchLatency(ctx);
  const row = ctx.src.rows.find((r) => r.id === RECORD_ID) ?? ctx.src.rows[0];
  const q = row.name.toLowerCase();
  const cases = await benchCollections(ctx, 'search', [
    { name: `Search "${q}" (result-cache hit)`, path: `/api/v1/diseases/search?q=${encodeURIComponent(q)}` },
    { name: 'Listing with filters', path: LISTING_PATH },
  ]);
  return { ...inProcess, cases: cases.map(({ stack: _s, bodyBytes: _b, ...c }) => c) };
}
