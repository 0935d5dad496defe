import cluster from 'node:cluster';
import { setFlagsFromString } from 'node:v8';
import { AggregatorRegistry } from 'prom-client';
import { runPrimary } from './cluster/primary.ts';
import { createServer } from './create-server.ts';
import { fatalBeforeLog, openServerLog, type ServerLog } from './log/server-log.ts';
import { listenMetrics } from './metrics/metrics-server.ts';
import { childEnv, readServerSettings, type ServerSettings } from './settings.ts';
import { ensureSnapshot } from './snapshot/ensure-snapshot.ts';

/** How long a WORKERS primary waits beyond the grace before it kills a worker that has not exited. */
const WORKER_KILL_AFTER_GRACE_MS = 5000;

/**
 * `npm start` (through dist/server.mjs, the bundle of this file): serve dist/current on HOST:PORT,
 * building the snapshot first when none is published. WORKERS=n runs n processes on the port
 * (server/cluster/). SIGTERM/SIGINT stop accepting, let requests in flight finish (up to
 * SHUTDOWN_GRACE_MS), flush quota counters, then exit. Every setting is in server/settings.ts; the
 * server itself is built by createServer (create-server.ts).
 */
async function main(): Promise<void> {
  // V8 tenures an allocation site (allocates its objects straight into the old generation) once most
  // of its objects survive a collection. Loading a snapshot makes such sites, and objects made per
  // request from them then filled the old generation with garbage: 135 -> 550 MB between two major
  // collections, each marking the whole snapshot (the soak's 620 MB resident). Off, before anything is
  // loaded, request garbage dies young. Read at each collection, so setting it here takes effect.
  setFlagsFromString('--no-allocation-site-pretenuring');
  const settings = settingsOrExit();
  const log = openServerLog(settings);
  if (cluster.isPrimary) await prepareOrSupervise(settings, log);
  const server = await createServer(settings, { log });
  const url = await server.listen().catch((err: Error) => exit(log, 1, { err }, 'could not listen'));
  const stop = (signal: string) => void server.close(signal).then(() => process.exit(0));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGHUP', () => void server.service.reloadCertificate());
  // A worker whose primary is gone (killed) stops too, instead of serving unsupervised.
  if (cluster.isWorker) process.on('disconnect', () => stop('primary gone'));
  if (process.send) process.send({ ready: true, url });
}

/**
 * Settings that cannot work stop the start with one message listing each, before anything listens
 * (in a WORKERS primary before any worker starts, so a bad setting is not a crash loop). No log is
 * configured yet (LOG_FILE and LOG_LEVEL are settings too): one JSON line to stdout.
 */
function settingsOrExit(): ServerSettings {
  try {
    return readServerSettings();
  } catch (err) {
    fatalBeforeLog((err as Error).message);
    process.exit(1);
  }
}

/**
 * The primary's part: build a snapshot when none is published; with WORKERS above 1, serve the
 * workers' metrics aggregated and supervise them (never returns).
 */
async function prepareOrSupervise(settings: ServerSettings, log: ServerLog): Promise<void> {
  const dist = settings.distDir;
  const refused = ensureSnapshot(dist, (msg) => log.logger.info({ dist }, msg), childEnv({ DIST_DIR: dist }));
  if (refused) exit(log, 1, {}, refused);
  if (settings.workers <= 1) return;
  if (settings.metricsPort !== null) {
    const aggregator = new AggregatorRegistry();
    await listenMetrics({
      render: () => aggregator.clusterMetrics(),
      port: settings.metricsPort,
      host: settings.metricsHost,
      headersTimeoutMs: settings.headersTimeoutMs,
      onError: (err) => log.logger.error({ err }, 'metrics: collecting failed'),
    }).catch((err: Error) => exit(log, 1, { err, port: settings.metricsPort }, 'metrics listener failed'));
  }
  await runPrimary({
    workers: settings.workers,
    logger: log.logger,
    killAfterMs: settings.shutdownGraceMs + WORKER_KILL_AFTER_GRACE_MS,
    flushLog: () => log.flush(),
    beforeExit: () => log.flushSync(),
  });
}

/** Log a fatal line, write the log out, and exit. */
function exit(log: ServerLog, code: number, fields: object, msg: string): never {
  log.logger.fatal(fields, msg);
  log.flushSync();
  process.exit(code);
}

await main();
