import { call, type RawResponse } from '../helpers/http.ts';
import { bareAnswer, replayHeaders, startBareServer, type BareRoute } from './bare-target.ts';
import { bearer, type BenchContext, type CaseResult, type GroupResult } from './bench-context.ts';
import { startRealServer, type RunningTarget } from './real-server.ts';
import { goal, printTable, rowsOf, type Goal, type Row } from './report.ts';
import { compareTargets, type LoadTarget, median, type TargetSummary } from './run-load.ts';

const METERED = 'metered (professional)';
const UNMETERED = 'unmetered (enterprise)';
const BARE = 'bare node:http';
/** BENCH_BEFORE_ROOT: another checkout's server measured beside this one in the same rounds (before/after). */
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT ?? null;
const BEFORE_METERED = `before: ${METERED}`;
const BEFORE_UNMETERED = `before: ${UNMETERED}`;

/** Min, median and max of each round's ratio to bare node and CPU us per request above it (same round). */
function perRound(summaries: TargetSummary[]): { target: string; ratio: number[]; above: number[] }[] {
  const bare = summaries.find((x) => x.name === BARE)!;
  return summaries
    .filter((x) => x.name !== BARE)
    .map((x) => ({
      target: x.name,
      ratio: x.rounds.map((r, i) => r.requestsPerSec / bare.rounds[i].requestsPerSec),
      above: x.rounds.map((r, i) => (r.cpuUsPerRequest ?? Number.NaN) - (bare.rounds[i].cpuUsPerRequest ?? Number.NaN)),
    }));
}

const spread = (xs: number[], digits: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return `${s[0].toFixed(digits)} / ${median(s).toFixed(digits)} / ${s[s.length - 1].toFixed(digits)}`;
};

interface PathCase {
  name: string;
  path: string;
  /** Sent with every request (If-None-Match for the 304 case). */
  headers: Record<string, string>;
  status: 200 | 304;
  /** The least ratio to bare node the issue asks of the metered key. */
  goal: number;
}

/** The request-path cases of issue 9: a 304, a small and a large stored body, a cached search page. */
const CASES: PathCase[] = [
  { name: '304 on a full record', path: '/api/v1/diseases/MONDO:0009061', headers: {}, status: 304, goal: 0.45 },
  { name: '200 summary', path: '/api/v1/diseases/MONDO:0009061/summary', headers: {}, status: 200, goal: 0.45 },
  { name: '200 cached search', path: '/api/v1/diseases/search?q=cystic%20fibrosis', headers: {}, status: 200, goal: 0.45 },
  { name: '200 full record', path: '/api/v1/diseases/MONDO:0007037', headers: {}, status: 200, goal: 0.6 },
];

function expectStatus(r: RawResponse, status: number, what: string): void {
  if (r.status !== status) throw new Error(`${what}: expected ${status}, got ${r.status} ${r.body.toString('utf8').slice(0, 300)}`);
}

/** The baseline's answer to a case: the real server's metered response (headers and bytes) from memory. */
async function bareRoute(ctx: BenchContext, stack: RunningTarget, c: PathCase): Promise<BareRoute & { bytes: number }> {
  const auth = bearer(ctx.env.meteredKey);
  const full = await call(stack.url, c.path, { headers: auth });
  expectStatus(full, 200, `${c.name}: probe`);
  const identity = bareAnswer(ctx.env.dir, `path-${CASES.indexOf(c)}`, full, full.body);
  if (c.status === 200) return { url: c.path, identity, bytes: full.body.length };
  const etag = String(full.headers.etag);
  const revalidated = await call(stack.url, c.path, { headers: { ...auth, 'if-none-match': etag } });
  expectStatus(revalidated, 304, `${c.name}: probe`);
  c.headers['if-none-match'] = etag;
  return { url: c.path, identity, notModified: { etag, headers: replayHeaders(revalidated) }, bytes: 0 };
}

/**
 * Issue 9: the cost of the request path. Each case loads the whole stack with a metered key (a
 * professional key whose limits no run can reach: every request is counted, none refused), with
 * an unmetered enterprise key (no quota work at all), and a bare node:http server sending the same
 * bytes and headers from memory; access log on. Reports the ratio to bare node, the server CPU
 * per request above bare, and what metering costs.
 */
export async function benchRequestPath(ctx: BenchContext): Promise<GroupResult> {
  const { env, options, src } = ctx;
  const started: RunningTarget[] = [];
  try {
    ctx.progress('path: starting the real server and the bare node:http server');
    const stack = await startRealServer({ env, dist: src.dist });
    started.push(stack);
    const before = BEFORE_ROOT ? await startRealServer({ env, dist: src.dist, root: BEFORE_ROOT }) : null;
    if (before) started.push(before);
    const routes: (BareRoute & { bytes: number })[] = [];
    for (const c of CASES) routes.push(await bareRoute(ctx, stack, c));
    const bare = await startBareServer(env.dir, 'path', routes);
    started.push(bare);

    const results: CaseResult[] = [];
    const goals: Goal[] = [];
    const spreads: string[] = [];
    for (const c of CASES) {
      ctx.progress(`path: ${c.name}`);
      const at = (t: RunningTarget, name: string, key: string): LoadTarget => ({
        name,
        url: t.url + c.path,
        headers: { ...bearer(key), ...c.headers },
        expectStatus: c.status,
        pid: t.pid,
      });
      const targets = [at(stack, METERED, env.meteredKey), at(stack, UNMETERED, env.unmeteredKey), at(bare, BARE, env.meteredKey)];
      if (before) targets.push(at(before, BEFORE_METERED, env.meteredKey), at(before, BEFORE_UNMETERED, env.unmeteredKey));
      const summaries = await compareTargets(targets, options, ctx.progress);
      const rows = rowsOf(summaries, BARE);
      for (const p of perRound(summaries))
        spreads.push(`${c.name.padEnd(22)} ${p.target.padEnd(34)} ${spread(p.ratio, 2).padStart(20)} ${spread(p.above, 1).padStart(22)}`);
      const row = (name: string): Row => rows.find((r) => r.target === name)!;
      const above = (name: string) => (row(name).cpuUsPerRequest ?? NaN) - (row(BARE).cpuUsPerRequest ?? NaN);
      const bytes = routes[CASES.indexOf(c)].bytes;
      const notes = [
        `CPU above bare node per request: metered ${above(METERED).toFixed(1)} us, unmetered ${above(UNMETERED).toFixed(1)} us`,
        `metering costs ${(100 * (1 - row(METERED).requestsPerSec / row(UNMETERED).requestsPerSec)).toFixed(1)} % of the unmetered rate`,
      ];
      printTable(
        `Request path, ${c.name}: GET ${c.path}${c.status === 304 ? ' with If-None-Match' : ` (${bytes.toLocaleString('en-US')} bytes)`}`,
        rows,
        BARE,
        notes,
      );
      goals.push(
        goal(
          `${c.name}: metered whole stack >= ${c.goal} of bare node:http`,
          row(METERED).ratio,
          row(METERED).ratio >= c.goal,
          row(METERED).ratio.toFixed(2),
        ),
      );
      const quotaRatio = row(METERED).requestsPerSec / row(UNMETERED).requestsPerSec;
      goals.push(
        goal(`${c.name}: quotas on within 5 % of quotas off`, quotaRatio, quotaRatio >= 0.95, `${(100 * (quotaRatio - 1)).toFixed(1)} %`),
      );
      results.push({ name: c.name, request: `GET ${c.path}`, baseline: BARE, rows, notes });
    }
    console.log(`\n  Each round against bare node in the same round (${options.rounds} rounds): min / median / max`);
    console.log(`  ${'case'.padEnd(22)} ${'target'.padEnd(34)} ${'ratio'.padStart(20)} ${'CPU us above bare'.padStart(22)}`);
    for (const line of spreads) console.log(`  ${line}`);
    return { cases: results, goals, notes: [] };
  } finally {
    await Promise.all(started.map((t) => t.stop()));
  }
}
