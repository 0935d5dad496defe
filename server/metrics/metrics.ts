import { AggregatorRegistry, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DeliveryStatus } from '../contract/api/webhooks.ts';
import type { Req } from '../http/context.ts';
import type { StoreHealth } from '../quota/store.ts';
import type { IntegrityError } from '../snapshot/object-integrity.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import type { WebhookStoreHealth } from '../webhooks/webhook-types.ts';
import { processMetrics, RequestSeries } from './scraped-metrics.ts';

/** What the metrics read at scrape time: the served snapshot and the stores. */
export interface MetricsSources {
  snapshot: () => Snapshot;
  quotaHealth: () => StoreHealth;
  /** Null when this process runs no webhook service. */
  webhooks: (() => { health: WebhookStoreHealth; pending: () => Promise<number> }) | null;
  ready: () => boolean;
}

/** Request latency buckets (seconds): the stored answers take tens of µs, a cold search some ms; 0.1 s is the latency SLO. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Quota store round trips (seconds): Redis on a LAN answers in well under a millisecond. */
const STORE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** How long a scrape waits for the outbox depth (a Redis store that does not answer must not hold it). */
const DEPTH_TIMEOUT_MS = 500;

/**
 * The server's Prometheus metrics (prom-client), in their own registry. Per request the path
 * costs two map lookups and a few number increments (scraped-metrics.ts); everything else is counted where it
 * happens (rare) or read when scraped. Label values are bounded: the route is the table's pattern
 * (`unmatched` for a path no route has), the method one of the seven HTTP methods or `other`.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly #requests: RequestSeries;
  readonly #parserErrors: Counter<'kind'>;
  readonly #quotaCalls: Histogram<'outcome'>;
  readonly #quotaErrors: Counter;
  readonly #webhookOutcomes: Counter<'outcome'>;
  readonly #webhookStoreErrors: Counter;
  readonly #damaged: Counter<'encoding' | 'kind'>;
  readonly #swaps: Counter;

  constructor(sources: MetricsSources) {
    const registers = [this.registry];
    processMetrics(this.registry);
    this.#requests = new RequestSeries(this.registry, LATENCY_BUCKETS);
    this.#parserErrors = new Counter({
      name: 'dcs_http_parser_errors_total',
      help: 'Connections answered with a problem before any request was read (malformed, too large, timed out), by kind.',
      labelNames: ['kind'],
      registers,
    });
    this.#quotaCalls = new Histogram({
      name: 'dcs_quota_store_duration_seconds',
      help: 'Round trips to the Redis quota store, by outcome (ok, error).',
      labelNames: ['outcome'],
      buckets: STORE_BUCKETS,
      registers,
    });
    this.#quotaErrors = new Counter({ name: 'dcs_quota_store_errors_total', help: 'Redis quota store calls that failed.', registers });
    this.#webhookOutcomes = new Counter({
      name: 'dcs_webhook_deliveries_total',
      help: 'Webhook delivery attempts, by what the delivery became (delivered, pending: to be retried, failed: given up).',
      labelNames: ['outcome'],
      registers,
    });
    this.#webhookStoreErrors = new Counter({
      name: 'dcs_webhook_store_errors_total',
      help: 'Webhook store calls that failed because the store did not answer.',
      registers,
    });
    this.#damaged = new Counter({
      name: 'dcs_stored_objects_damaged_total',
      help: 'Stored objects found missing or not matching their published hash (each counted once per snapshot).',
      labelNames: ['encoding', 'kind'],
      registers,
    });
    this.#swaps = new Counter({ name: 'dcs_snapshot_swaps_total', help: 'Newly published snapshots taken into service.', registers });
    gauges(sources, registers);
  }

  /** The access-log hook: count the answer and its latency. */
  observeRequest = (req: Req, status: number): void => {
    const ctx = req.ctx;
    const method = METHODS.has(req.method ?? '') ? (req.method as string) : 'other';
    this.#requests.observe(ctx.route ?? 'unmatched', method, status, (performance.now() - ctx.start) / 1000);
  };

  parserError = (err: NodeJS.ErrnoException): void => this.#parserErrors.labels(err.code ?? 'unknown').inc();
  quotaStoreCall = (seconds: number, ok: boolean): void => {
    this.#quotaCalls.labels(ok ? 'ok' : 'error').observe(seconds);
    if (!ok) this.#quotaErrors.inc();
  };
  webhookOutcome = (status: DeliveryStatus): void => this.#webhookOutcomes.labels(status).inc();
  webhookStoreUnavailable = (): void => this.#webhookStoreErrors.inc();
  objectDamaged = (err: IntegrityError): void => this.#damaged.labels(err.encoding, err.kind).inc();
  snapshotSwapped = (): void => this.#swaps.inc();

  /** This process's metrics in the Prometheus text format. */
  render(): Promise<string> {
    return this.registry.metrics();
  }

  /** In a WORKERS worker: answer the primary's requests for this registry (prom-client's cluster protocol). */
  shareWithPrimary(): void {
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([this.registry]);
  }
}

/** The gauges read at scrape time; across workers the ages and the depth take the largest value, the states the smallest. */
function gauges(s: MetricsSources, registers: Registry[]): void {
  snapshotGauges(s, registers);
  storeGauges(s, registers);
}

/** How old the served snapshot and its sources are. */
function snapshotGauges(s: MetricsSources, registers: Registry[]): void {
  new Gauge({
    name: 'dcs_snapshot_age_seconds',
    help: 'Seconds since the served snapshot was built.',
    aggregator: 'max',
    registers,
    collect() {
      this.set((Date.now() - Date.parse(s.snapshot().release.builtAt)) / 1000);
    },
  });
  new Gauge({
    name: 'dcs_snapshot_info',
    help: 'The served snapshot (value 1).',
    labelNames: ['snapshot', 'api_version'],
    aggregator: 'max',
    registers,
    collect() {
      const rel = s.snapshot().release;
      this.reset();
      this.labels(rel.snapshot, rel.apiVersion).set(1);
    },
  });
  new Gauge({
    name: 'dcs_source_release_age_seconds',
    help: 'Seconds since the release date of each source in the served snapshot (sources whose release is a date).',
    labelNames: ['source'],
    aggregator: 'max',
    registers,
    collect() {
      this.reset();
      const now = Date.now();
      for (const src of s.snapshot().release.sources)
        if (/^\d{4}-\d{2}-\d{2}$/.test(src.release)) this.labels(src.id).set((now - Date.parse(src.release)) / 1000);
    },
  });
}

/** Whether the process is ready, and whether its stores answer. */
function storeGauges(s: MetricsSources, registers: Registry[]): void {
  new Gauge({
    name: 'dcs_ready',
    help: 'Whether the process is ready (1) or not (0), as /api/v1/health/ready answers.',
    aggregator: 'min',
    registers,
    collect() {
      this.set(s.ready() ? 1 : 0);
    },
  });
  new Gauge({
    name: 'dcs_quota_store_up',
    help: 'Whether the quota store answers (1) or not (0: counting in this process, or refusing metered calls).',
    aggregator: 'min',
    registers,
    collect() {
      this.set(s.quotaHealth().ok ? 1 : 0);
    },
  });
  const webhooks = s.webhooks;
  if (webhooks === null) return;
  new Gauge({
    name: 'dcs_webhook_store_up',
    help: 'Whether the webhook store answers (1) or not (0).',
    aggregator: 'min',
    registers,
    collect() {
      this.set(webhooks().health.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'dcs_webhook_outbox_depth',
    help: 'Webhook deliveries not finished yet (pending and retrying); NaN when the store does not answer.',
    aggregator: 'max',
    registers,
    async collect() {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<number>((done) => {
        timer = setTimeout(() => done(Number.NaN), DEPTH_TIMEOUT_MS);
      });
      const depth = await Promise.race([
        webhooks()
          .pending()
          .catch(() => Number.NaN),
        late,
      ]);
      clearTimeout(timer);
      this.set(depth);
    },
  });
}
