import { readdirSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Registry } from 'prom-client';

type Labels = Record<string, string | number>;
interface Value {
  value: number;
  labels: Labels;
  metricName?: string;
}
type Aggregator = 'sum' | 'max' | 'min' | 'omit' | 'first' | 'average';

/** Register a metric whose values are made when scraped (prom-client's custom metric shape). */
function register(registry: Registry, name: string, help: string, type: string, aggregator: Aggregator, values: () => Value[]): void {
  const get = async () => ({ name, help, type, aggregator, values: values() });
  registry.registerMetric({ name, help, type, aggregator, get } as never);
}

interface Series {
  /** Answers by status. */
  byStatus: Map<number, { n: number }>;
  /** Observations per bucket (not cumulative), the last one above every bound. */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/**
 * Requests by route, method and status, and their latency histogram, kept in plain numbers: the
 * request path finds its series (two map lookups), increments a number and a bucket. prom-client's
 * own Counter and Histogram hash their label set on every increment; these turn the numbers into
 * Prometheus values only when scraped.
 */
export class RequestSeries {
  readonly #series = new Map<string, Map<string, Series>>();

  constructor(
    registry: Registry,
    private readonly bounds: readonly number[],
  ) {
    register(registry, 'dcs_http_requests_total', 'Requests answered, by route pattern, method and status.', 'counter', 'sum', () => {
      const out: Value[] = [];
      for (const [route, byMethod] of this.#series)
        for (const [method, s] of byMethod)
          for (const [status, c] of s.byStatus) out.push({ value: c.n, labels: { route, method, status } });
      return out;
    });
    const name = 'dcs_http_request_duration_seconds';
    register(registry, name, 'Time from the request to its answer being written, by route pattern and method.', 'histogram', 'sum', () => {
      const out: Value[] = [];
      for (const [route, byMethod] of this.#series)
        for (const [method, s] of byMethod) {
          let cumulative = 0;
          for (let i = 0; i <= bounds.length; i++) {
            cumulative += s.buckets[i];
            out.push({
              metricName: `${name}_bucket`,
              value: cumulative,
              labels: { route, method, le: i < bounds.length ? bounds[i] : '+Inf' },
            });
          }
          out.push({ metricName: `${name}_sum`, value: s.sum, labels: { route, method } });
          out.push({ metricName: `${name}_count`, value: s.count, labels: { route, method } });
        }
      return out;
    });
  }

  /** Count one answer and its latency (seconds). */
  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.#series.get(route);
    if (byMethod === undefined) this.#series.set(route, (byMethod = new Map()));
    let s = byMethod.get(method);
    if (s === undefined)
      byMethod.set(method, (s = { byStatus: new Map(), buckets: new Float64Array(this.bounds.length + 1), sum: 0, count: 0 }));
    const c = s.byStatus.get(status);
    if (c === undefined) s.byStatus.set(status, { n: 1 });
    else c.n++;
    const b = this.bounds;
    let i = 0;
    while (i < b.length && seconds > b[i]) i++;
    s.buckets[i]++;
    s.sum += seconds;
    s.count++;
  }
}

/**
 * The process figures, read when scraped: CPU, resident memory, open files, heap, event-loop
 * delay. (prom-client's collectDefaultMetrics also watches every garbage collection, which cost
 * the request path measurably; these cost nothing between scrapes but the event-loop monitor's
 * timer.)
 */
export function processMetrics(registry: Registry): void {
  const start = Math.round(Date.now() / 1000 - process.uptime());
  const lag = monitorEventLoopDelay({ resolution: 20 });
  lag.enable();
  const gauge = (name: string, help: string, value: () => number, aggregator: Aggregator = 'sum', type = 'gauge') =>
    register(registry, name, help, type, aggregator, () => [{ value: value(), labels: {} }]);
  gauge('process_cpu_user_seconds_total', 'User CPU time spent, in seconds.', () => process.cpuUsage().user / 1e6, 'sum', 'counter');
  gauge('process_cpu_system_seconds_total', 'System CPU time spent, in seconds.', () => process.cpuUsage().system / 1e6, 'sum', 'counter');
  gauge(
    'process_cpu_seconds_total',
    'User and system CPU time spent, in seconds.',
    () => {
      const u = process.cpuUsage();
      return (u.user + u.system) / 1e6;
    },
    'sum',
    'counter',
  );
  gauge('process_resident_memory_bytes', 'Resident memory size, in bytes.', () => process.memoryUsage.rss());
  gauge('process_start_time_seconds', 'Start time of the process since the Unix epoch, in seconds.', () => start, 'omit');
  gauge('process_open_fds', 'Open file descriptors.', () => {
    try {
      return readdirSync('/proc/self/fd').length;
    } catch {
      return Number.NaN;
    }
  });
  gauge('nodejs_heap_size_used_bytes', 'V8 heap used, in bytes.', () => process.memoryUsage().heapUsed);
  gauge('nodejs_heap_size_total_bytes', 'V8 heap size, in bytes.', () => process.memoryUsage().heapTotal);
  gauge(
    'nodejs_external_memory_bytes',
    'Memory of C++ objects bound to JavaScript objects (Buffers), in bytes.',
    () => process.memoryUsage().external,
  );
  // Event-loop delay since the previous scrape, then the monitor starts over.
  let last = { mean: 0, p99: 0, max: 0 };
  const read = () => {
    last = { mean: (lag.mean || 0) / 1e9, p99: lag.percentile(99) / 1e9, max: lag.max / 1e9 };
    lag.reset();
    return last.mean;
  };
  gauge('nodejs_eventloop_lag_mean_seconds', 'Mean event-loop delay since the previous scrape, in seconds.', read, 'max');
  gauge(
    'nodejs_eventloop_lag_p99_seconds',
    '99th percentile of the event-loop delay since the previous scrape, in seconds.',
    () => last.p99,
    'max',
  );
  gauge('nodejs_eventloop_lag_max_seconds', 'Largest event-loop delay since the previous scrape, in seconds.', () => last.max, 'max');
}
