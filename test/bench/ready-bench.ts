import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { call } from '../helpers/http.ts';
import { freePort } from '../helpers/free-port.ts';
import { redisReachable } from '../helpers/redis.ts';
import { bearer, type BenchContext, type GroupResult } from './bench-context.ts';
import { stopChild } from './child-registry.ts';
import { dropCounters } from './quota-bench.ts';
import { RECORD_ID } from './record-bench.ts';
import { spawnRealServer } from './real-server.ts';
import { goal, type Goal } from './report.ts';
import { type WrkRun, wrkOnce } from './wrk.ts';

const PATH = `/api/v1/diseases/${RECORD_ID}/summary`;
const READY = '/api/v1/health/ready';
const CONNECTIONS = 64;
const SECONDS = 8;
/** The swap run: the new snapshot is published this long after its traffic starts. */
const PUBLISH_AFTER_MS = 1000;
const SWAP_SECONDS = 15;
/** BENCH_BEFORE_ROOT: another checkout's server measured in the same rounds (before/after). */
const BEFORE_ROOT = process.env.BENCH_BEFORE_ROOT ?? null;
/** The issue's goal for p99 at 64 connections, from readiness and through a swap. */
const P99_GOAL_MS = 25;

interface Sample {
  t: number;
  maxMs: number;
  rss: number;
  heap: number;
}

/** One start and one swap of one server on one quota store. */
interface Round {
  fromReady: WrkRun;
  swap: WrkRun;
  /** Longest event-loop delay while loading (spawn to readiness), under the run from readiness, and through the swap run. */
  loadStallMs: number;
  readyStallMs: number;
  swapStallMs: number;
  /** Seconds from publishing to the new snapshot answering (null: not within the run). */
  swapSeconds: number | null;
  /** After the run from readiness, and at the end of the swap run. */
  warm: { rss: number; heap: number };
  afterSwap: { rss: number; heap: number };
}

/**
 * A dist of its own for the swap: two snapshot folders with the real snapshot's documents (copies)
 * over the real packs (a link), `current` on the first. Publishing is a rename of `current`, as
 * the build does.
 */
function swapDist(ctx: BenchContext): { dist: string; publish: (name: 'a' | 'b') => void } {
  const dist = join(ctx.env.dir, 'ready-dist');
  if (!existsSync(dist)) {
    mkdirSync(join(dist, 'snapshots'), { recursive: true });
    symlinkSync(join(ctx.src.dist, 'packs'), join(dist, 'packs'));
    for (const name of ['a', 'b']) cpSync(ctx.src.dir, join(dist, 'snapshots', name), { recursive: true });
    // The second names itself apart (its manifest's snapshot id), so the run can see that it was swapped in.
    const file = join(dist, 'snapshots', 'b', SNAPSHOT_FILES.manifest);
    const rename = (text: string) => text.replace(/("snapshot":\s*")([^"]+)"/, '$1$2-b"');
    writeFileSync(file, gzipSync(rename(gunzipSync(readFileSync(file)).toString('utf8'))));
    const release = join(dist, 'snapshots', 'b', SNAPSHOT_FILES.release);
    writeFileSync(release, rename(readFileSync(release, 'utf8')));
  }
  const publish = (name: 'a' | 'b') => {
    symlinkSync(join('snapshots', name), join(dist, 'current.tmp'));
    renameSync(join(dist, 'current.tmp'), join(dist, 'current'));
  };
  publish('a');
  return { dist, publish };
}

/** Poll `/health/ready` every 2 ms (connection refused included) until it answers 200. */
async function untilReadyProbe(url: string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = await call(url, READY).catch(() => null);
    if (r?.status === 200) return;
    await new Promise((done) => setTimeout(done, 2));
  }
  throw new Error(`${url}${READY} did not answer 200 within ${timeoutMs / 1000} s`);
}

function samples(file: string): Sample[] {
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Sample)
    : [];
}

const stallIn = (s: Sample[], from: number, to: number) =>
  Math.max(0, ...s.filter((x) => x.t >= from && x.t <= to + 100).map((x) => x.maxMs));
const memAt = (s: Sample[], t: number) => {
  const x = s.filter((y) => y.t <= t).at(-1) ?? { rss: 0, heap: 0 };
  return { rss: x.rss, heap: x.heap };
};

async function oneRound(ctx: BenchContext, store: string, prefix: string, round: number, root: string | undefined): Promise<Round> {
  const { dist, publish } = swapDist(ctx);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const loopFile = join(ctx.env.dir, `loop-${store === 'memory' ? 'memory' : 'redis'}-${round}-${Date.now()}.jsonl`);
  const spawned = Date.now();
  const child = spawnRealServer({
    env: ctx.env,
    dist,
    quotaStore: store,
    redisPrefix: prefix,
    root,
    execArgv: ['--import', join(import.meta.dirname, 'loop-probe.mjs')],
    extraEnv: { PORT: String(port), WORKERS: '1', BENCH_LOOP_FILE: loopFile },
  });
  try {
    await untilReadyProbe(url);
    const readyAt = Date.now();
    // Traffic from the moment readiness says 200, as a load balancer would send it.
    const fromReady = await wrkOnce(url + PATH, bearer(ctx.env.meteredKey), CONNECTIONS, SECONDS, null);
    const warmAt = Date.now();
    const swapRun = wrkOnce(url + PATH, bearer(ctx.env.meteredKey), CONNECTIONS, SWAP_SECONDS, null);
    await new Promise((done) => setTimeout(done, PUBLISH_AFTER_MS));
    const publishedAt = Date.now();
    publish('b');
    let swappedAt: number | null = null;
    let running = true;
    const watch = (async () => {
      while (running && swappedAt === null) {
        const health = await call(url, '/api/v1/health').catch(() => null);
        if (health?.body.toString('utf8').includes(`${ctx.src.manifest.snapshot}-b`)) swappedAt = Date.now();
        else await new Promise((done) => setTimeout(done, 100));
      }
    })();
    const swap = await swapRun;
    running = false;
    await watch;
    const endAt = Date.now();
    const s = samples(loopFile);
    // Timeouts (wrk's 2 s) are part of the tail being measured, and reported; a 4xx/5xx or an error is not.
    for (const run of [fromReady, swap])
      if (run.failed + run.errors > 0) throw new Error(`ready: ${run.failed} 4xx/5xx, ${run.errors} errors`);
    return {
      fromReady,
      swap,
      loadStallMs: stallIn(s, spawned, readyAt),
      readyStallMs: stallIn(s, readyAt, warmAt),
      swapStallMs: stallIn(s, publishedAt, endAt),
      swapSeconds: swappedAt === null ? null : (swappedAt - publishedAt) / 1000,
      warm: memAt(s, warmAt),
      afterSwap: memAt(s, endAt),
    };
  } finally {
    await stopChild(child);
  }
}

/** Print one server's figures on one store; the goals they meet. */
function report(name: string, rounds: Round[]): Goal[] {
  const m = (f: (r: Round) => number) => median(rounds.map(f));
  const worst = (f: (r: Round) => number) => Math.max(...rounds.map(f));
  const fmt = (f: (r: Round) => WrkRun) =>
    `p50 ${m((r) => f(r).p50).toFixed(1)} ms, p99 ${m((r) => f(r).p99).toFixed(1)} ms, p99.9 ${m((r) => f(r).p999).toFixed(1)} ms, max ${m((r) => f(r).max).toFixed(0)} ms, ${Math.round(m((r) => f(r).requests / f(r).seconds)).toLocaleString('en-US')} req/s, ${worst((r) => f(r).timeouts)} timeouts (2 s) in the worst round`;
  const swaps = rounds.filter((r) => r.swapSeconds !== null).map((r) => r.swapSeconds!.toFixed(1));
  console.log(`\n  ${name} (medians of ${rounds.length} rounds; stalls: the worst round):`);
  console.log(
    `    from readiness: ${fmt((r) => r.fromReady)}; longest event-loop stall ${worst((r) => r.readyStallMs).toFixed(0)} ms (while loading, before readiness: ${worst((r) => r.loadStallMs).toFixed(0)} ms)`,
  );
  console.log(
    `    through a swap: ${fmt((r) => r.swap)}; longest event-loop stall ${worst((r) => r.swapStallMs).toFixed(0)} ms; swapped ${swaps.length ? `${swaps.join(', ')} s after the publish` : 'in no round'} (${swaps.length} of ${rounds.length} within the run)`,
  );
  console.log(
    `    memory after the run from readiness: RSS ${MB(m((r) => r.warm.rss))}, heap ${MB(m((r) => r.warm.heap))}; at the end of the swap run: RSS ${MB(m((r) => r.afterSwap.rss))}, heap ${MB(m((r) => r.afterSwap.heap))}`,
  );
  const p99Ready = m((r) => r.fromReady.p99);
  const p99Swap = m((r) => r.swap.p99);
  return [
    goal(`${name}: p99 from readiness <= ${P99_GOAL_MS} ms`, p99Ready, p99Ready <= P99_GOAL_MS, `${p99Ready.toFixed(1)} ms`),
    goal(`${name}: p99 through a swap <= ${P99_GOAL_MS} ms`, p99Swap, p99Swap <= P99_GOAL_MS, `${p99Swap.toFixed(1)} ms`),
  ];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const MB = (b: number) => `${(b / 1e6).toFixed(0)} MB`;

/**
 * Issue 31: the tail at 64 connections for traffic that starts the moment /health/ready answers
 * 200, then through a release swap under load (the same snapshot published again under another
 * folder, 1 s into a 10 s run), WORKERS=1, wrk unpinned, the metered key on the summary; with the
 * embedded quota store and with Redis. A probe loaded into the server (loop-probe.mjs) gives the
 * longest event-loop stall of each phase and the resident memory and heap. Figures, not a timed
 * test: medians over the rounds, and the worst round's stall.
 */
export async function benchReady(ctx: BenchContext): Promise<GroupResult> {
  const { options } = ctx;
  const stores = ['memory'];
  if (await redisReachable(options.redisUrl)) stores.push(options.redisUrl);
  else console.log(`  Redis is not reachable at ${options.redisUrl}: the embedded quota store only`);
  const goals: Goal[] = [];
  const data: Record<string, unknown> = {};
  const roots: { name: string; root: string | undefined }[] = [{ name: 'this checkout', root: undefined }];
  if (BEFORE_ROOT) roots.unshift({ name: `before (${BEFORE_ROOT})`, root: BEFORE_ROOT });
  for (const store of stores) {
    const prefix = `bench-ready:${process.pid}-${Date.now()}:`;
    const rounds = roots.map(() => [] as Round[]);
    try {
      for (let i = 0; i < options.rounds; i++)
        for (let k = 0; k < roots.length; k++) {
          ctx.progress(`ready: ${roots[k].name}, ${store === 'memory' ? 'memory' : 'Redis'} store, round ${i + 1} of ${options.rounds}`);
          rounds[k].push(await oneRound(ctx, store, prefix, i, roots[k].root));
        }
    } finally {
      if (store !== 'memory') await dropCounters(store, prefix).catch(() => {});
    }
    for (let k = 0; k < roots.length; k++) {
      const name = `${roots[k].name}, ${store === 'memory' ? 'embedded store' : 'Redis store'}`;
      goals.push(...report(name, rounds[k]));
      data[name] = rounds[k];
    }
  }
  return { cases: [], goals, notes: [], data };
}
