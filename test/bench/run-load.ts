import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { track } from './child-registry.ts';
import { children, processTreeCpuUs } from './proc-cpu.ts';
import { pinProcess, runWrk } from './wrk.ts';
import type { LoadResult, LoadSpec } from './load-worker.ts';

/** One thing to load: a URL with its request headers, and the only status it may answer. */
export interface LoadTarget {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** Requests take these header sets in turn instead of `headers` (many API keys). */
  headerSets?: Record<string, string>[];
  expectStatus: number;
  /** The server's process id, to charge it the CPU time it spent per request. */
  pid?: number;
  /** Left free to use every CPU even when pinning (a server of several workers); the load generator stays pinned. */
  unpinned?: boolean;
}

export interface LoadSettings {
  connections: number;
  duration: number;
  warmup: number;
  rounds: number;
  loader: 'wrk' | 'autocannon';
  /** Pin the load generator to LOAD_CPU (the servers run on SERVER_CPU). */
  pin: boolean;
}

/** With pinning, every server runs on this CPU and the load generator on the other. */
export const SERVER_CPU = 0;
export const LOAD_CPU = 1;

/** Medians over rounds (each metric separately), plus every round's raw result. */
export interface TargetSummary {
  name: string;
  requestsPerSec: number;
  p50: number;
  p99: number;
  /** Server CPU time (user + system, whole process tree) per request, in microseconds; null without /proc. */
  cpuUsPerRequest: number | null;
  rounds: (LoadResult & { cpuUsPerRequest: number | null })[];
}

/**
 * Run load-worker.ts once in a child process and parse its JSON line. The spec goes through
 * stdin, not argv, so the API key in its headers never shows in the process list.
 */
export function runWorker(spec: LoadSpec, cpu: number | null): Promise<LoadResult> {
  const node = [process.execPath, '--import', 'tsx', join(import.meta.dirname, 'load-worker.ts')];
  const argv = cpu === null ? node : ['taskset', '-c', String(cpu), ...node];
  const child = track(spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] }));
  child.stdin.end(JSON.stringify(spec));
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      if (code !== 0) return fail(new Error(`load worker failed (code ${code}, signal ${signal}) on ${spec.url}`));
      try {
        done(JSON.parse(out) as LoadResult);
      } catch {
        fail(new Error(`load worker printed no result: ${out.slice(0, 200)}`));
      }
    });
  });
}

/** Median of numbers (mean of the middle two for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * Load each target in turn, round after round (A, B, A, B ...), so slow drift on a shared
 * machine (thermal, neighbours) falls on every target alike. Throws when any response had
 * another status than expected or failed: a throughput of 429s or errors measures nothing.
 */
export async function compareTargets(
  targets: LoadTarget[],
  s: LoadSettings,
  onRound: (msg: string) => void = () => {},
): Promise<TargetSummary[]> {
  const results = targets.map(() => [] as TargetSummary['rounds']);
  // Every server on one core, the load generator on the other: a server never competes with it.
  if (s.pin) for (const t of targets) if (t.pid && !t.unpinned) for (const pid of [t.pid, ...children(t.pid)]) pinProcess(pid, SERVER_CPU);
  for (let round = 0; round < s.rounds; round++) {
    for (let i = 0; i < targets.length; i++) {
      const t = targets[i];
      const cpuBefore = t.pid ? processTreeCpuUs(t.pid) : null;
      const spec = {
        url: t.url,
        headers: t.headers,
        headerSets: t.headerSets,
        connections: s.connections,
        duration: s.duration,
        warmup: s.warmup,
      };
      const r =
        s.loader === 'wrk' ? await runWrk(spec, t.expectStatus, s.pin ? LOAD_CPU : null) : await runWorker(spec, s.pin ? LOAD_CPU : null);
      const cpuAfter = t.pid ? processTreeCpuUs(t.pid) : null;
      const unexpected = Object.entries(r.statuses).filter(([code]) => Number(code) !== t.expectStatus);
      if (unexpected.length || r.errors || r.timeouts || r.total === 0) {
        throw new Error(
          `${t.name}: expected only ${t.expectStatus}, got statuses ${JSON.stringify(r.statuses)}, ${r.errors} errors, ${r.timeouts} timeouts`,
        );
      }
      results[i].push({
        ...r,
        cpuUsPerRequest: cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / (r.total + r.warmupTotal) : null,
      });
      onRound(`  round ${round + 1}/${s.rounds} ${t.name}: ${Math.round(r.requestsPerSec)} req/s`);
    }
  }
  return targets.map((t, i) => ({
    name: t.name,
    requestsPerSec: median(results[i].map((r) => r.requestsPerSec)),
    p50: median(results[i].map((r) => r.p50)),
    p99: median(results[i].map((r) => r.p99)),
    cpuUsPerRequest: results[i].every((r) => r.cpuUsPerRequest !== null) ? median(results[i].map((r) => r.cpuUsPerRequest!)) : null,
    rounds: results[i],
  }));
}
