import cluster from 'node:cluster';
import { openSync } from 'node:fs';
import { resolve } from 'node:path';
import { hostname } from 'node:os';
import pino from 'pino';
import { createApp } from './app.ts';
import { createServiceServer } from './http/listen.ts';
import { ChunkWriter } from './log/chunk-writer.ts';
import { accessLog } from './middleware/access-log.ts';
import { KeyStore } from './keys/key-store.ts';
import { createStore } from './quota/create-store.ts';
import { loadPolicies } from './quota/load-policies.ts';
import { LiveSnapshot } from './snapshot/live-snapshot.ts';
import { warmPhenotypes } from './phenotypes/warm-phenotypes.ts';
import { createWebhooks } from './webhooks/create-webhooks.ts';
import { DOCS_DIR } from './contract/api/docs-mount.ts';
import { HistoryFeed } from './webhooks/history-feed.ts';
import type { WebhookService } from './webhooks/service.ts';
import { APP_ROOT } from './contract/snapshot/app-paths.ts';
import { ensureSnapshot } from './snapshot/ensure-snapshot.ts';
import { runPrimary } from './cluster/primary.ts';
import { childEnv, readServerSettings, type ServerSettings } from './settings.ts';
import { AggregatorRegistry } from 'prom-client';
import { ServerMetrics } from './metrics/metrics.ts';
import { createMetricsServer, METRICS_PATH } from './metrics/metrics-server.ts';
import type { ReadinessCheck } from './routes/route-def.ts';
import { ServedOpenApi } from './openapi/served-openapi.ts';
import { quietOutages } from './webhooks/create-webhooks.ts';
import { setFlagsFromString } from 'node:v8';

/**
 * `npm start` (through dist/server.mjs, the bundle of this file): serve dist/current on HOST:PORT,
 * building the snapshot first when none is published. WORKERS=n runs n processes on the port
 * (server/cluster/). SIGTERM/SIGINT stop accepting, let requests in flight finish (up to
 * SHUTDOWN_GRACE_MS), flush quota counters, then exit. Every setting is in server/settings.ts.
 */
// V8 tenures an allocation site (allocates its objects straight into the old generation) once most
// of its objects survive a collection. Loading a snapshot makes such sites, and objects made per
// request from them then filled the old generation with garbage: 135 -> 550 MB between two major
// collections, each marking the whole snapshot (the soak's 620 MB resident). Off, before anything is
// loaded, request garbage dies young. Read at each collection, so setting it here takes effect.
setFlagsFromString('--no-allocation-site-pretenuring');

/** How often log lines are flushed: a crash loses at most this much of the log. */
const LOG_FLUSH_MS = 250;
/** Request lines are written in chunks of this size (one write per chunk, not per line). */
const ACCESS_LOG_CHUNK_BYTES = 64 * 1024;
/** How often the delivering process looks for a release no process announced (one published while none ran, a lapsed claim). */
const RELEASE_CHECK_MS = 2000;
/** How long a WORKERS primary waits beyond the grace before it kills a worker that has not exited. */
const WORKER_KILL_AFTER_GRACE_MS = 5000;
const SERVICE = 'disease-content-service';

/** Serve `render` on METRICS_HOST:METRICS_PORT (the operator listener); a port that cannot be had stops the start. */
function listenMetrics(render: () => Promise<string>): void {
  const m = createMetricsServer({
    render,
    headersTimeoutMs: settings.headersTimeoutMs,
    onError: (err) => logger.error({ err }, 'metrics: collecting failed'),
  });
  m.on('error', (err) => {
    logger.fatal({ err, port: settings.metricsPort }, 'metrics listener failed');
    logDestination.flushSync();
    process.exit(1);
  });
  m.listen(settings.metricsPort ?? 0, settings.metricsHost, () => {
    const a = m.address();
    if (typeof a === 'object' && a) {
      logger.info({ url: `http://${a.address}:${a.port}${METRICS_PATH}` }, 'metrics listening');
      if (process.send) process.send({ metrics: `http://${a.address}:${a.port}${METRICS_PATH}` });
    }
  });
  m.unref();
}

// Settings that cannot work stop the start with one message listing each, before anything listens
// (in a WORKERS primary before any worker starts, so a bad setting is not a crash loop).
let settings: ServerSettings;
try {
  settings = readServerSettings();
} catch (err) {
  // No logger is configured yet (LOG_FILE and LOG_LEVEL are settings too): one JSON line to stdout.
  pino({ base: { pid: process.pid, hostname: hostname(), service: SERVICE } }, pino.destination({ dest: 1, sync: true })).fatal(
    (err as Error).message,
  );
  process.exit(1);
}
const root = APP_ROOT;
const dist = settings.distDir;
// Both writers append to one descriptor, asynchronously, flushed at least every LOG_FLUSH_MS:
// a crash loses at most the log lines of that long. Request lines go through their own ChunkWriter.
const logFd = settings.logFile ? openSync(settings.logFile, 'a') : 1;
const logDestination = pino.destination({ dest: logFd, sync: false, minLength: 4096 });
const requestLines = new ChunkWriter(logFd, ACCESS_LOG_CHUNK_BYTES, (err) =>
  logger.error({ err }, 'access log write failed; request lines are being dropped'),
);
const logger = pino({ level: settings.logLevel, base: { pid: process.pid, hostname: hostname(), service: SERVICE } }, logDestination);

if (cluster.isPrimary) {
  const refused = ensureSnapshot(dist, (msg) => logger.info({ dist }, msg), childEnv({ DIST_DIR: dist }));
  if (refused) {
    logger.fatal(refused);
    logDestination.flushSync();
    process.exit(1);
  }
  // The primary of several workers only supervises them; it never returns from here. It serves the
  // metrics of every worker, aggregated (each worker answers the primary's request for its own).
  if (settings.workers > 1 && settings.metricsPort !== null) {
    const aggregator = new AggregatorRegistry();
    listenMetrics(() => aggregator.clusterMetrics());
  }
  if (settings.workers > 1)
    await runPrimary({
      workers: settings.workers,
      logger,
      killAfterMs: settings.shutdownGraceMs + WORKER_KILL_AFTER_GRACE_MS,
      flushLog: () => logDestination.flush(),
      beforeExit: () => logDestination.flushSync(),
    });
}
// One process, or a worker: exactly one of them delivers webhooks and announces releases.
const delivers = !cluster.isWorker || settings.webhookDeliveryRole;

let webhooks: WebhookService | null = null;
const reportWebhooks = quietOutages(logger);
const announce = () => {
  if (delivers)
    void webhooks?.announcer.check().catch((err) => reportWebhooks(err, 'webhooks: announcing a release failed; trying again shortly'));
};
let stopping = false;
// Metrics cost the request path a few lookups per request, so they exist only when asked for.
let metrics: ServerMetrics | null = null;
// Everything the first requests need is loaded (in slices: server/loading/slices.ts) before the
// server listens, so it is ready when it says so.
const live = await LiveSnapshot.open(
  dist,
  settings.bodyCacheMb * 1024 * 1024,
  (from, to) => {
    logger.info({ from, to }, 'snapshot swapped');
    metrics?.snapshotSwapped();
    announce();
  },
  (err) => logger.error({ err }, 'new snapshot not loaded; still serving the previous one'),
  (err) => {
    // Once per object and snapshot; every request for it is a 500 problem, counted in the metrics.
    logger.error(
      { hash: err.hash, encoding: err.encoding, kind: err.kind, at: live.snapshot.packs.where(err.hash, err.encoding), err: err.message },
      'stored object failed its integrity check: its requests are answered 500 until it is rebuilt (delete its files, npm run build -- --force)',
    );
    metrics?.objectDamaged(err);
  },
);
live.watch();
const keys = KeyStore.load(settings.keysFile, {
  onReloadError: (err) => logger.error({ err }, 'key file reload failed; keeping previous keys'),
});
// Webhooks: a newly published snapshot is announced on the swap; the periodic check takes over a
// release whose claim lapsed in another process, and one published while no process ran.
webhooks = createWebhooks({
  settings,
  root,
  feed: new HistoryFeed(() => live.snapshot),
  logger,
  ownerActive: (keyId) => keys.list().some((k) => k.id === keyId && k.revokedAt === null && k.scopes.includes('webhooks')),
  onUnavailable: () => metrics?.webhookStoreUnavailable(),
  onOutcome: (status) => metrics?.webhookOutcome(status),
});
if (delivers) setInterval(announce, RELEASE_CHECK_MS).unref();
const policies = loadPolicies(settings.tiersFile ?? undefined);
const quotaStore = createStore(settings, { logger, observe: (seconds, ok) => metrics?.quotaStoreCall(seconds, ok), policies });
const readiness = (): ReadinessCheck[] => {
  const quota = quotaStore.health();
  const hooks = webhooks?.store.health();
  return [
    { name: 'snapshot', ok: true, required: true, detail: `snapshot ${live.snapshot.manifest.snapshot}` },
    { name: 'shutdown', ok: !stopping, required: true, detail: stopping ? 'shutting down' : 'serving' },
    { name: 'quota-store', ...quota },
    ...(hooks ? [{ name: 'webhook-store' as const, ok: hooks.ok, required: false, detail: hooks.detail }] : []),
  ];
};
if (settings.metricsPort !== null) {
  metrics = new ServerMetrics({
    snapshot: () => live.snapshot,
    quotaHealth: () => quotaStore.health(),
    webhooks: () => ({ health: webhooks!.store.health(), pending: () => webhooks!.store.pendingCount() }),
    ready: () => readiness().every((c) => c.ok || !c.required),
  });
  if (cluster.isWorker) metrics.shareWithPrimary();
  else listenMetrics(() => metrics!.render());
}
// Composed before the server listens: the first request for the document does not wait for it.
const openapi = new ServedOpenApi(() => live.snapshot);
openapi.warm();
const accessLogger = accessLog({ destination: requestLines, level: logger.level, service: SERVICE });
// flush() without a callback adds no listener, however often it runs during a write.
setInterval(() => {
  requestLines.flush();
  logDestination.flush();
}, LOG_FLUSH_MS).unref();
const app = createApp({
  snapshot: () => live.snapshot,
  engine: () => live.search,
  keys,
  quotaStore,
  policies,
  logger,
  accessLog: accessLogger,
  webhooks,
  docsDir: resolve(dist, DOCS_DIR),
  corsOrigins: settings.corsOrigins,
  tls: Boolean(settings.tlsCertFile),
  metrics: metrics?.observeRequest ?? null,
  readiness,
  openapi: (format) => openapi.body(format),
});
// The server calls the app's handler directly: app.listen would defer every request by a setImmediate.
const service = createServiceServer((req, res) => app.serve(req as never, res as never), {
  timeouts: { headersMs: settings.headersTimeoutMs, requestMs: settings.requestTimeoutMs, keepAliveMs: settings.keepAliveTimeoutMs },
  onExpectation: (req, res) => app.expectationFailed(req as never, res as never),
  onClientError: metrics ? metrics.parserError : undefined,
  certFile: settings.tlsCertFile ?? undefined,
  keyFile: settings.tlsKeyFile ?? undefined,
  http2: settings.tlsHttp2,
  onReload: ({ certFile }) => logger.info({ certFile }, 'TLS certificate reloaded'),
  onReloadError: (err) => logger.error({ err }, 'TLS certificate not reloaded; still serving the previous one'),
});
const server = service.server;
process.on('SIGHUP', () => void service.reloadCertificate());

// The phenotype model and concept lexicon before the first request, not in it (issue 29: the first match took 826 ms).
logger.info(
  { ms: Math.round(warmPhenotypes(live.snapshot.phenotypeModel, live.snapshot.conceptLexicon)) },
  'phenotype model and concept lexicon loaded',
);
if (delivers) void webhooks.start().catch((err) => logger.error({ err }, 'webhooks: start failed'));
server.listen(settings.port, settings.host, () => {
  const addr = server.address();
  const where = typeof addr === 'object' && addr ? `${service.tls ? 'https' : 'http'}://${addr.address}:${addr.port}` : String(addr);
  logger.info(
    { url: where, snapshot: live.snapshot.manifest.snapshot, records: live.snapshot.manifest.counts.diseases },
    `listening on ${where}`,
  );
  if (process.send) process.send({ ready: true, url: where });
});

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  const grace = setTimeout(() => service.closeAll(), settings.shutdownGraceMs);
  grace.unref();
  service.closeIdle();
  await new Promise<void>((done) => server.close(() => done()));
  live.close();
  service.unwatch();
  await webhooks?.stop(2000);
  await quotaStore.close();
  logger.info('stopped');
  requestLines.flushSync();
  logDestination.flushSync();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// A worker whose primary is gone (killed) stops too, instead of serving unsupervised.
if (cluster.isWorker) process.on('disconnect', () => void shutdown('primary gone'));
