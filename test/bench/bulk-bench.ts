import type { BenchContext, GroupResult } from './bench-context.ts';
import { benchCollections } from './collection-bench.ts';
import { goal } from './report.ts';
import { spreadRows } from './snapshot-source.ts';

/** The goal of issue 5 for a bulk call of 50 full records. */
export const BULK_GOAL_RPS = 2000;

/**
 * Issue 5, bulk half: 50 real ids spread over the listing, full records, composed per request
 * by the real server (the unmetered enterprise key carries the bulk scope).
 */
export async function benchBulkGroup(ctx: BenchContext): Promise<GroupResult> {
  const ids = spreadRows(ctx.src.rows, 50).map((r) => r.id);
  const [bulk] = await benchCollections(ctx, 'bulk', [
    { name: 'Bulk of 50 full records', path: `/api/v1/diseases/bulk?ids=${ids.join(',')}` },
  ]);
  const rps = bulk.stack.requestsPerSec;
  const goals = [
    goal(
      `bulk of 50 >= ${BULK_GOAL_RPS.toLocaleString('en-US')} requests/s (whole stack)`,
      rps,
      rps >= BULK_GOAL_RPS,
      `${Math.round(rps).toLocaleString('en-US')} req/s`,
    ),
  ];
  const { stack: _s, bodyBytes: _b, ...c } = bulk;
  return { cases: [c], goals, notes: [] };
}
