import { call } from '../helpers/http.ts';
import { bareAnswer, startBareServer } from './bare-target.ts';
import { bearer, type BenchContext, type CaseResult } from './bench-context.ts';
import { startRealServer, type RunningTarget } from './real-server.ts';
import { printTable, rowsOf, type Row } from './report.ts';
import { compareTargets } from './run-load.ts';

/** A composed endpoint to load, by request target. */
export interface CollectionCase {
  name: string;
  path: string;
}

const STACK = 'whole stack';
const BARE = 'bare node:http';

/**
 * Load composed endpoints (search, listing, bulk) through the real server with the unmetered
 * key, each against a bare node:http server that returns the bytes the real one answered,
 * precomputed, with the same headers. The probe request also warms the server's result cache,
 * so a cacheable endpoint is measured on cache hits.
 */
export async function benchCollections(
  ctx: BenchContext,
  label: string,
  cases: CollectionCase[],
): Promise<(CaseResult & { stack: Row; bodyBytes: number })[]> {
  const { env, src, options } = ctx;
  const auth = bearer(env.unmeteredKey);
  const started: RunningTarget[] = [];
  try {
    ctx.progress(`${label}: starting the real server and the bare node:http server`);
    const stack = await startRealServer({ env, dist: src.dist });
    started.push(stack);
    const probes = [];
    for (const [i, c] of cases.entries()) {
      const r = await call(stack.url, c.path, { headers: auth });
      if (r.status !== 200)
        throw new Error(`${c.name}: expected 200 from ${c.path}, got ${r.status} ${r.body.toString('utf8').slice(0, 300)}`);
      probes.push({ c, r, answer: bareAnswer(env.dir, `${label}-${i}`, r, r.body) });
    }
    const bare = await startBareServer(
      env.dir,
      label,
      probes.map((p) => ({ url: p.c.path, identity: p.answer })),
    );
    started.push(bare);
    const out = [];
    for (const { c, r } of probes) {
      ctx.progress(`${label}: ${c.name}`);
      const summaries = await compareTargets(
        [
          { name: STACK, url: stack.url + c.path, headers: auth, expectStatus: 200, pid: stack.pid },
          { name: BARE, url: bare.url + c.path, headers: auth, expectStatus: 200, pid: bare.pid },
        ],
        options,
        ctx.progress,
      );
      const rows = rowsOf(summaries, BARE);
      const request = `GET ${c.path.length > 120 ? `${c.path.slice(0, 117)}...` : c.path}`;
      const notes = [`${r.body.length.toLocaleString('en-US')} bytes per response`];
      printTable(`${c.name}: ${request}`, rows, BARE, notes);
      out.push({
        name: c.name,
        request: `GET ${c.path}`,
        baseline: BARE,
        rows,
        notes,
        stack: rows.find((x) => x.target === STACK)!,
        bodyBytes: r.body.length,
      });
    }
    return out;
  } finally {
    await Promise.all(started.map((t) => t.stop()));
  }
}
