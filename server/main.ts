import cluster from 'node:cluster';
import { openSync } from 'node:fs';
import { resolve } from 'node:path';
import { hostname } from 'node:os';
import pino from 'pino';
import { createApp } from './app.ts';
import { parseCorsOrigins, type CorsOrigins } from './contract/api/cors.ts';
import { createServiceServer, tlsFiles } from './http/listen.ts';
import { ChunkWriter } from './log/chunk-writer.ts';
import { accessLog } from './middleware/access-log.ts';
import { KeyStore } from './keys/key-store.ts';
import { createStore } from './quota/create-store.ts';
import { loadPolicies } from './quota/load-policies.ts';
import { LiveSnapshot } from './snapshot/live-snapshot.ts';
import { createWebhooks } from './webhooks/create-webhooks.ts';
import { DOCS_DIR } from './contract/api/docs.ts';
import { HistoryFeed } from './webhooks/history-feed.ts';
import type { WebhookService } from './webhooks/service.ts';
import { APP_ROOT, distDir } from './contract/snapshot/app-paths.ts';
import { ensureSnapshot } from './snapshot/ensure-snapshot.ts';
import { runPrimary } from './cluster/primary.ts';
import { DELIVERY_ROLE_ENV, sharedStoreProblem, workerCount } from './cluster/workers.ts';

/**
 * `npm start` (through dist/server.mjs, the bundle of this file): serve dist/current on HOST:PORT
 * (defaults 127.0.0.1:8080), building the snapshot first when none is published. WORKERS=n runs
 * n processes on the port (server/cluster/). SIGTERM/SIGINT stop accepting, let requests in
 * flight finish (up to SHUTDOWN_GRACE_MS, default 10 s), flush quota counters, then exit.
 */
const root = APP_ROOT;
const dist = distDir();
// Both writers append to one descriptor, asynchronously, flushed at least every 250 ms (the
// interval below): a crash loses at most the log lines of the last 250 ms. Request lines go
// through their own ChunkWriter: one write per 64 KB of them.
const logFd = process.env.LOG_FILE ? openSync(process.env.LOG_FILE, 'a') : 1;
const logDestination = pino.destination({ dest: logFd, sync: false, minLength: 4096 });
const requestLines = new ChunkWriter(logFd, 64 * 1024, (err) =>
  logger.error({ err }, 'access log write failed; request lines are being dropped'),
);
const SERVICE = 'disease-content-service';
const logger = pino(
  { level: process.env.LOG_LEVEL ?? 'info', base: { pid: process.pid, hostname: hostname(), service: SERVICE } },
  logDestination,
);

const fatal = (msg: string): never => {
  logger.fatal(msg);
  logDestination.flushSync();
  process.exit(1);
};
// Settings that cannot work stop the start with their message, before anything listens (in a
// WORKERS primary before any worker starts, so a bad setting is not a crash loop).
let corsOrigins: CorsOrigins = null;
let tls: { certFile?: string; keyFile?: string; http2?: boolean } = {};
try {
  corsOrigins = parseCorsOrigins(process.env.CORS_ORIGINS);
  tls = tlsFiles(process.env);
} catch (err) {
  fatal((err as Error).message);
}
if (cluster.isPrimary) {
  let workers = 1;
  let refused: string | null = null;
  try {
    workers = workerCount(process.env);
    refused = sharedStoreProblem(process.env, workers) ?? ensureSnapshot(dist, (msg) => logger.info({ dist }, msg));
  } catch (err) {
    refused = (err as Error).message;
  }
  if (refused) fatal(refused);
  // The primary of several workers only supervises them; it never returns from here.
  if (workers > 1)
    await runPrimary({
      workers,
      logger,
      killAfterMs: Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000) + 5000,
      flushLog: () => logDestination.flush(),
      beforeExit: () => logDestination.flushSync(),
    });
}
// One process, or a worker: exactly one of them delivers webhooks and announces releases.
const delivers = !cluster.isWorker || process.env[DELIVERY_ROLE_ENV] === '1';

let webhooks: WebhookService | null = null;
const announce = () => {
  if (delivers)
    void webhooks?.announcer.check().catch((err) => logger.error({ err }, 'webhooks: announcing a release failed; trying again shortly'));
};
const live = new LiveSnapshot(
  dist,
  Number(process.env.BODY_CACHE_MB ?? 256) * 1024 * 1024,
  (from, to) => {
    logger.info({ from, to }, 'snapshot swapped');
    announce();
  },
  (err) => logger.error({ err }, 'new snapshot not loaded; still serving the previous one'),
);
live.watch();
const keys = KeyStore.load(process.env.KEYS_FILE || undefined, {
  onReloadError: (err) => logger.error({ err }, 'key file reload failed; keeping previous keys'),
});
// Webhooks: a newly published snapshot is announced on the swap; the periodic check takes over a
// release whose claim lapsed in another process, and one published while no process ran.
webhooks = createWebhooks({
  env: process.env,
  root,
  feed: new HistoryFeed(() => live.snapshot),
  logger,
  ownerActive: (keyId) => keys.list().some((k) => k.id === keyId && k.revokedAt === null && k.scopes.includes('webhooks')),
});
if (delivers) setInterval(announce, 2000).unref();
const quotaStore = createStore(process.env, { logger });
const accessLogger = accessLog({ destination: requestLines, level: logger.level, service: SERVICE });
// flush() without a callback adds no listener, however often it runs during a write.
setInterval(() => {
  requestLines.flush();
  logDestination.flush();
}, 250).unref();
const app = createApp({
  snapshot: () => live.snapshot,
  engine: () => live.search,
  keys,
  quotaStore,
  policies: loadPolicies(process.env.TIERS_FILE || undefined),
  logger,
  accessLog: accessLogger,
  webhooks,
  docsDir: resolve(dist, DOCS_DIR),
  corsOrigins,
  tls: Boolean(tls.certFile),
});
// The server calls polka's handler directly: app.listen would defer every request by a setImmediate.
const service = createServiceServer((req, res) => app.handler(req as never, res as never, undefined as never), {
  ...tls,
  onReload: ({ certFile }) => logger.info({ certFile }, 'TLS certificate reloaded'),
  onReloadError: (err) => logger.error({ err }, 'TLS certificate not reloaded; still serving the previous one'),
});
const server = service.server;
process.on('SIGHUP', () => void service.reloadCertificate());

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '127.0.0.1';
if (delivers) void webhooks.start().catch((err) => logger.error({ err }, 'webhooks: start failed'));
server.listen(port, host, () => {
  const addr = server.address();
  const where = typeof addr === 'object' && addr ? `${service.tls ? 'https' : 'http'}://${addr.address}:${addr.port}` : String(addr);
  logger.info(
    { url: where, snapshot: live.snapshot.manifest.snapshot, records: live.snapshot.manifest.counts.diseases },
    `listening on ${where}`,
  );
  if (process.send) process.send({ ready: true, url: where });
  live.warm(1000);
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
  const grace = setTimeout(() => service.closeAll(), Number(process.env.SHUTDOWN_GRACE_MS ?? 10_000));
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
