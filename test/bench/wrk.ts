import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { track } from './child-registry.ts';
import type { LoadResult, LoadSpec } from './load-worker.ts';

/** Whether wrk (Debian package `wrk`) is on PATH. */
export function wrkInstalled(): boolean {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}

/** Whether taskset (util-linux) can pin processes here: Linux with at least two CPUs. */
export function canPin(cpus: number): boolean {
  return cpus >= 2 && spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;
}

/** Pin a running process and all its threads (and, for nginx, its worker processes) to one CPU. */
export function pinProcess(pid: number, cpu: number): void {
  const r = spawnSync('taskset', ['-a', '-cp', String(cpu), String(pid)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`taskset could not pin ${pid} to CPU ${cpu}: ${r.stderr}`);
}

// Prints the summary as JSON when the run ends. No per-response callback: Lua on every response
// would slow the load generator and so flatter every ratio to the bare baseline. wrk counts
// responses with a status of 400 or more itself (errors.status): a 429 cannot go unseen. With
// several header sets, each request is the next of them, formatted once in init().
const LUA = (headers: Record<string, string>, sets: Record<string, string>[] | undefined) => `
wrk.headers = ${luaTable(headers)}
${sets ? ROTATE(sets) : ''}
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nDCS-RESULT {"requests":%d,"seconds":%f,"bytes":%d,"p50":%f,"p99":%f,"p999":%f,"max":%f,"failed":%d,"errors":%d,"timeouts":%d}\\n',
    summary.requests, summary.duration / 1e6, summary.bytes, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    latency:percentile(99.9) / 1000, latency.max / 1000,
    e.status, e.connect + e.read + e.write, e.timeout))
end
`;

const ROTATE = (sets: Record<string, string>[]) => `
local sets = { ${sets.map(luaTable).join(', ')} }
local prepared, turn = {}, 0
function init(args)
  for i, h in ipairs(sets) do prepared[i] = wrk.format(nil, nil, h) end
end
function request()
  turn = turn % #prepared + 1
  return prepared[turn]
end
`;

function luaTable(headers: Record<string, string>): string {
  const q = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return `{ ${Object.entries(headers)
    .map(([k, v]) => `[${q(k)}] = ${q(v)}`)
    .join(', ')} }`;
}

export interface WrkRun {
  requests: number;
  seconds: number;
  bytes: number;
  /** Latencies in ms. */
  p50: number;
  p99: number;
  p999: number;
  max: number;
  failed: number;
  errors: number;
  timeouts: number;
}

function runOnce(url: string, script: string, connections: number, seconds: number, cpu: number | null): Promise<WrkRun> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '-s', script, url];
  const child = track(cpu === null ? spawn('wrk', args) : spawn('taskset', ['-c', String(cpu), 'wrk', ...args]));
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
  return new Promise((done, fail) => {
    child.once('error', fail);
    child.once('exit', (code) => {
      const m = /DCS-RESULT (\{.*\})/.exec(out);
      if (code !== 0 || !m) return fail(new Error(`wrk failed (code ${code}) on ${url}: ${out.slice(-400)}`));
      done(JSON.parse(m[1]) as WrkRun);
    });
  });
}

/** One wrk run of `seconds` (no warm-up) with these headers; `cpu` pins it. */
export async function wrkOnce(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  cpu: number | null,
): Promise<WrkRun> {
  const dir = mkdtempSync(join(tmpdir(), 'dcs-wrk-'));
  const script = join(dir, 'load.lua');
  writeFileSync(script, LUA(headers, undefined), { mode: 0o600 });
  try {
    return await runOnce(url, script, connections, seconds, cpu);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Load one URL with wrk (one thread, as many connections as asked, pinned to `cpu` when given):
 * a warm-up run, then the measured run. The headers (an API key among them) go through a script
 * file readable only by this user, never the command line. Statuses are reported as
 * `expectStatus` for every response below 400 and `4xx-5xx` for the others (warm-up included).
 */
export async function runWrk(spec: LoadSpec, expectStatus: number, cpu: number | null): Promise<LoadResult> {
  const dir = mkdtempSync(join(tmpdir(), 'dcs-wrk-'));
  const script = join(dir, 'load.lua');
  writeFileSync(script, LUA(spec.headers, spec.headerSets), { mode: 0o600 });
  try {
    const warm = spec.warmup > 0 ? await runOnce(spec.url, script, spec.connections, spec.warmup, cpu) : null;
    const r = await runOnce(spec.url, script, spec.connections, spec.duration, cpu);
    return {
      requestsPerSec: r.requests / r.seconds,
      p50: r.p50,
      p99: r.p99,
      total: r.requests,
      warmupTotal: warm?.requests ?? 0,
      // A warm-up that met a 429 or an error counts too: the key or server was on the wrong path.
      statuses: statusCounts(expectStatus, r, warm),
      errors: r.errors + (warm?.errors ?? 0),
      timeouts: r.timeouts + (warm?.timeouts ?? 0),
      bytesPerSec: r.bytes / r.seconds,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function statusCounts(expectStatus: number, r: WrkRun, warm: WrkRun | null): Record<string, number> {
  const failed = r.failed + (warm?.failed ?? 0);
  const ok = r.requests + (warm?.requests ?? 0) - failed;
  return { ...(ok > 0 ? { [expectStatus]: ok } : {}), ...(failed > 0 ? { '4xx-5xx': failed } : {}) };
}
