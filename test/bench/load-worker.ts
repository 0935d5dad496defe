import { createRequire } from 'node:module';

/**
 * The load generator, run as its own child process so it never shares a thread with a server:
 * `node --import tsx load-worker.ts < spec.json` (a LoadSpec on stdin). Runs autocannon for the
 * warm-up, then for the measured duration, and prints one LoadResult as JSON on stdout.
 */
export interface LoadSpec {
  url: string;
  headers: Record<string, string>;
  /** When given, each request takes the next of these header sets in turn (many API keys), instead of `headers`. */
  headerSets?: Record<string, string>[];
  connections: number;
  duration: number;
  warmup: number;
}

export interface LoadResult {
  requestsPerSec: number;
  /** Latency percentiles in ms, over every response of the measured run (any status). */
  p50: number;
  p99: number;
  total: number;
  /** Responses during the warm-up, for the server CPU per request over the whole run. */
  warmupTotal: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  bytesPerSec: number;
}

interface AutocannonResult {
  requests: { total: number };
  throughput: { average: number };
  duration: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}
interface AutocannonInstance {
  on(event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (opts: Record<string, unknown>, cb: (err: Error | null, result: AutocannonResult) => void) => AutocannonInstance;

// autocannon is CommonJS without bundled types; this is the part of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

function run(spec: LoadSpec, duration: number, latencies: number[] | null): Promise<AutocannonResult> {
  return new Promise((done, fail) => {
    const instance = autocannon(
      {
        url: spec.url,
        headers: spec.headers,
        ...(spec.headerSets ? { requests: spec.headerSets.map((headers) => ({ headers })) } : {}),
        connections: spec.connections,
        duration,
        pipelining: 1,
      },
      (err, result) => (err ? fail(err) : done(result)),
    );
    // autocannon's histogram keeps whole milliseconds; sub-millisecond p50s need the raw times.
    if (latencies) instance.on('response', (_c, _s, _b, ms) => latencies.push(ms));
  });
}

function percentile(sorted: Float64Array, q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
}

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const spec = JSON.parse(input) as LoadSpec;
  const warm = spec.warmup > 0 ? await run(spec, spec.warmup, null) : null;
  const latencies: number[] = [];
  const r = await run(spec, spec.duration, latencies);
  const sorted = Float64Array.from(latencies).sort();
  const statuses = Object.fromEntries(Object.entries(r.statusCodeStats).map(([k, v]) => [k, v.count]));
  const result: LoadResult = {
    requestsPerSec: r.requests.total / r.duration,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    total: r.requests.total,
    warmupTotal: warm?.requests.total ?? 0,
    statuses,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerSec: r.throughput.average,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err) => {
  process.stderr.write(`load worker: ${(err as Error).stack ?? err}\n`);
  process.exit(1);
});
