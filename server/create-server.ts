import cluster from 'node:cluster';
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { createApp, type App } from './app.ts';
import { DOCS_DIR } from './contract/api/docs-mount.ts';
import { APP_ROOT } from './contract/snapshot/app-paths.ts';
import { createServiceServer, type ServiceServer } from './http/listen.ts';
import { KeyStore } from './keys/key-store.ts';
import { openServerLog, type ServerLog } from './log/server-log.ts';
import { listenMetrics } from './metrics/metrics-server.ts';
import { ServerMetrics } from './metrics/metrics.ts';
import { ServedOpenApi } from './openapi/served-openapi.ts';
import { warmPhenotypes } from './phenotypes/warm-phenotypes.ts';
import { createStore } from './quota/create-store.ts';
import { loadPolicies } from './quota/load-policies.ts';
import type { QuotaStore } from './quota/store.ts';
import type { ReadinessCheck } from './routes/route-def.ts';
import type { ServerSettings } from './settings.ts';
import { LiveSnapshot } from './snapshot/live-snapshot.ts';
import { createWebhooks, quietOutages, type CreateWebhooksOptions } from './webhooks/create-webhooks.ts';
import { HistoryFeed } from './webhooks/history-feed.ts';
import type { WebhookService } from './webhooks/service.ts';

/** How often the delivering process looks for a release no process announced (one published while none ran, a lapsed claim). */
const RELEASE_CHECK_MS = 2000;
/** How long shutdown waits for the webhook dispatcher's attempts in flight. */
const WEBHOOK_STOP_MS = 2000;

/** What a test may put in place of the real thing; production passes none of it. */
export interface ServerSeams {
  /** The log (default: LOG_FILE at LOG_LEVEL). */
  log?: ServerLog;
  /** A stand-in resolver, a sender, a clock or config values for the webhooks. */
  webhooks?: Pick<CreateWebhooksOptions, 'resolver' | 'send' | 'config' | 'now'>;
}

/** The server, built and loaded, not listening yet. */
export interface DiseaseServer {
  readonly settings: ServerSettings;
  /** The request listener every request goes through (app.ts): `inject` in tests calls it too. */
  readonly app: App;
  readonly live: LiveSnapshot;
  readonly keys: KeyStore;
  readonly quotaStore: QuotaStore;
  readonly webhooks: WebhookService;
  readonly metrics: ServerMetrics | null;
  readonly log: ServerLog;
  /** The HTTP(S) server the app is served on (listen.ts). */
  readonly service: ServiceServer;
  /** Listen on PORT and HOST (or the given ones) and start the webhook deliveries; resolves with the URL. */
  listen(port?: number, host?: string): Promise<string>;
  /** Resolves once the webhook deliveries started by listen() run and the first release check is done. */
  webhooksStarted(): Promise<void>;
  /**
   * Stop: no new connections, requests in flight finish (those still open after SHUTDOWN_GRACE_MS
   * are cut), then the watchers, the webhook dispatcher and the quota store stop (counters
   * flushed), and the log is written out. The process is left running.
   */
  close(signal?: string): Promise<void>;
}

/**
 * Build the server from its settings without listening: the published snapshot loaded whole (so
 * it is ready when it listens), the keys, quota store and webhook outbox, the metrics when
 * METRICS_PORT asks, the OpenAPI document composed, the app and the HTTP(S) server around it.
 * `main.ts` reads the settings and listens; tests build it in process and call `app.handle`.
 */
export async function createServer(settings: ServerSettings, seams: ServerSeams = {}): Promise<DiseaseServer> {
  const log = seams.log ?? openServerLog(settings);
  const { logger } = log;
  // Set once made: the snapshot and the stores report to them.
  const late: Late = { metrics: null, announce: () => {} };
  const live = await openSnapshot(settings, logger, late);
  live.watch();
  const keys = KeyStore.load(settings.keysFile, {
    onReloadError: (err) => logger.error({ err }, 'key file reload failed; keeping previous keys'),
  });
  const webhooks = createWebhooks({
    settings,
    root: APP_ROOT,
    feed: new HistoryFeed(() => live.snapshot),
    logger,
    ownerActive: (keyId) => keys.list().some((k) => k.id === keyId && k.revokedAt === null && k.scopes.includes('webhooks')),
    onUnavailable: () => late.metrics?.webhookStoreUnavailable(),
    onOutcome: (status) => late.metrics?.webhookOutcome(status),
    ...seams.webhooks,
  });
  // One process, or one worker of WORKERS: exactly one of them delivers webhooks and announces releases.
  const delivers = !cluster.isWorker || settings.webhookDeliveryRole;
  const reportWebhooks = quietOutages(logger);
  if (delivers)
    late.announce = () =>
      void webhooks.announcer.check().catch((err) => reportWebhooks(err, 'webhooks: announcing a release failed; trying again shortly'));
  const policies = loadPolicies(settings.tiersFile ?? undefined);
  const quotaStore = createStore(settings, { logger, observe: (seconds, ok) => late.metrics?.quotaStoreCall(seconds, ok), policies });
  const state = { stopping: false };
  const readiness = readinessChecks(live, quotaStore, webhooks, state);
  // Metrics cost the request path a few lookups per request, so they exist only when asked for.
  const metrics =
    settings.metricsPort === null
      ? null
      : new ServerMetrics({
          snapshot: () => live.snapshot,
          quotaHealth: () => quotaStore.health(),
          webhooks: () => ({ health: webhooks.store.health(), pending: () => webhooks.store.pendingCount() }),
          ready: () => readiness().every((c) => c.ok || !c.required),
        });
  late.metrics = metrics;
  if (metrics && cluster.isWorker) metrics.shareWithPrimary();
  // Composed before the server listens: the first request for the document does not wait for it.
  const openapi = new ServedOpenApi(() => live.snapshot);
  openapi.warm();
  const app = createApp({
    snapshot: () => live.snapshot,
    engine: () => live.search,
    keys,
    quotaStore,
    policies,
    logger,
    accessLog: log.accessLog,
    webhooks,
    docsDir: resolve(settings.distDir, DOCS_DIR),
    corsOrigins: settings.corsOrigins,
    tls: Boolean(settings.tlsCertFile),
    metrics: metrics?.observeRequest ?? null,
    readiness,
    openapi: (format) => openapi.body(format),
  });
  const service = serviceServer(settings, app, log, metrics);
  // The phenotype model and concept lexicon before the first request, not in it (issue 29: the first match took 826 ms).
  const ms = warmPhenotypes(live.snapshot.phenotypeModel, live.snapshot.conceptLexicon);
  logger.info({ ms: Math.round(ms) }, 'phenotype model and concept lexicon loaded');
  const parts = { settings, app, live, keys, quotaStore, webhooks, metrics, log, service };
  return { ...parts, ...lifecycle(parts, { delivers, announce: () => late.announce(), state }) };
}

/** What the snapshot and the stores report to, made after them. */
interface Late {
  metrics: ServerMetrics | null;
  announce: () => void;
}

/** The published snapshot, loaded whole; a swap is logged, counted and announced, a damaged object logged and counted. */
function openSnapshot(settings: ServerSettings, logger: ServerLog['logger'], late: Late): Promise<LiveSnapshot> {
  // Everything the first requests need is loaded (in slices: server/loading/slices.ts) before the
  // server listens, so it is ready when it says so.
  const live: Promise<LiveSnapshot> = LiveSnapshot.open(
    settings.distDir,
    settings.bodyCacheMb * 1024 * 1024,
    (from, to) => {
      logger.info({ from, to }, 'snapshot swapped');
      late.metrics?.snapshotSwapped();
      late.announce();
    },
    (err) => logger.error({ err }, 'new snapshot not loaded; still serving the previous one'),
    (err) => {
      // Once per object and snapshot; every request for it is a 500 problem, counted in the metrics.
      void live.then((l) =>
        logger.error(
          { hash: err.hash, encoding: err.encoding, kind: err.kind, at: l.snapshot.packs.where(err.hash, err.encoding), err: err.message },
          'stored object failed its integrity check: its requests are answered 500 until it is rebuilt (delete its files, npm run build -- --force)',
        ),
      );
      late.metrics?.objectDamaged(err);
    },
  );
  return live;
}

/** What readiness looks at: the snapshot, shutdown, the quota store (required as its fail mode says) and the webhook store. */
function readinessChecks(live: LiveSnapshot, quotaStore: QuotaStore, webhooks: WebhookService, state: { stopping: boolean }) {
  return (): ReadinessCheck[] => {
    const quota = quotaStore.health();
    const hooks = webhooks.store.health();
    return [
      { name: 'snapshot', ok: true, required: true, detail: `snapshot ${live.snapshot.manifest.snapshot}` },
      { name: 'shutdown', ok: !state.stopping, required: true, detail: state.stopping ? 'shutting down' : 'serving' },
      { name: 'quota-store', ...quota },
      { name: 'webhook-store', ok: hooks.ok, required: false, detail: hooks.detail },
    ];
  };
}

/** The HTTP(S) server around the app: TLS, timeouts, parser errors as problems, certificate reloads. */
function serviceServer(settings: ServerSettings, app: App, log: ServerLog, metrics: ServerMetrics | null): ServiceServer {
  return createServiceServer((req, res) => app.handle(req as never, res as never), {
    timeouts: { headersMs: settings.headersTimeoutMs, requestMs: settings.requestTimeoutMs, keepAliveMs: settings.keepAliveTimeoutMs },
    onExpectation: (req, res) => app.expectationFailed(req as never, res as never),
    onClientError: metrics ? metrics.parserError : undefined,
    certFile: settings.tlsCertFile ?? undefined,
    keyFile: settings.tlsKeyFile ?? undefined,
    http2: settings.tlsHttp2,
    onReload: ({ certFile }) => log.logger.info({ certFile }, 'TLS certificate reloaded'),
    onReloadError: (err) => log.logger.error({ err }, 'TLS certificate not reloaded; still serving the previous one'),
  });
}

/** listen() and close() of a built server. */
function lifecycle(
  s: Omit<DiseaseServer, 'listen' | 'webhooksStarted' | 'close'>,
  run: { delivers: boolean; announce: () => void; state: { stopping: boolean } },
): Pick<DiseaseServer, 'listen' | 'webhooksStarted' | 'close'> {
  const { settings, service, log, live, webhooks } = s;
  const server = service.server;
  let releaseCheck: NodeJS.Timeout | null = null;
  let metricsServer: Server | null = null;
  let started = Promise.resolve();
  return {
    async listen(port = settings.port, host = settings.host) {
      // A WORKERS primary serves every worker's metrics, aggregated; a worker only answers it.
      if (s.metrics && !cluster.isWorker)
        ({ server: metricsServer } = await listenMetrics({
          render: () => s.metrics!.render(),
          port: settings.metricsPort ?? 0,
          host: settings.metricsHost,
          headersTimeoutMs: settings.headersTimeoutMs,
          onError: (err) => log.logger.error({ err }, 'metrics: collecting failed'),
        }));
      if (run.delivers) {
        // A newly published snapshot is announced on the swap; the periodic check takes over a
        // release whose claim lapsed in another process, and one published while no process ran.
        releaseCheck = setInterval(run.announce, RELEASE_CHECK_MS).unref();
        started = webhooks.start().catch((err) => log.logger.error({ err }, 'webhooks: start failed'));
      }
      await new Promise<void>((done, fail) => {
        server.once('error', fail);
        server.listen(port, host, () => {
          server.off('error', fail);
          done();
        });
      });
      const a = server.address();
      const url = typeof a === 'object' && a ? `${service.tls ? 'https' : 'http'}://${a.address}:${a.port}` : String(a);
      log.logger.info(
        { url, snapshot: live.snapshot.manifest.snapshot, records: live.snapshot.manifest.counts.diseases },
        `listening on ${url}`,
      );
      return url;
    },
    webhooksStarted: () => started,
    async close(signal = 'close') {
      if (run.state.stopping) return;
      run.state.stopping = true;
      log.logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
      const grace = setTimeout(() => service.closeAll(), settings.shutdownGraceMs);
      grace.unref();
      if (releaseCheck) clearInterval(releaseCheck);
      metricsServer?.close();
      service.closeIdle();
      if (server.listening) await new Promise<void>((done) => server.close(() => done()));
      clearTimeout(grace);
      live.close();
      service.unwatch();
      await webhooks.stop(WEBHOOK_STOP_MS);
      await s.quotaStore.close();
      log.logger.info('stopped');
      log.flushSync();
    },
  };
}
