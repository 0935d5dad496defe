import cluster, { type Worker } from 'node:cluster';
import { SERVER_SETTINGS } from '../settings.ts';

export interface PrimaryLogger {
  info(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
  fatal(fields: object, msg: string): void;
}

export interface PrimaryOptions {
  workers: number;
  logger: PrimaryLogger;
  /** How long SIGTERM waits for the workers to drain before killing them (SHUTDOWN_GRACE_MS plus a margin). */
  killAfterMs: number;
  /** Write out buffered log lines (asynchronously); called every 250 ms, as the workers do. */
  flushLog: () => void;
  /** Called once, right before the primary exits, to flush its log. */
  beforeExit: () => void;
}

/**
 * The primary of WORKERS=n: forks n workers running this same entry point (server/main.ts or
 * dist/server.mjs), which share the listening port through node:cluster (the primary accepts and
 * hands connections round-robin). Each worker loads and watches the snapshot itself, so a
 * published snapshot reaches every worker within the watcher's 2 s, without a restart. Worker 0
 * delivers webhooks and announces releases (DCS_WEBHOOK_DELIVERY, the webhookDeliveryRole setting); a worker that dies after it
 * listened is replaced in the same role; one that dies before it ever listened (a bad setting, a
 * busy port) stops the whole server with exit code 1. SIGTERM/SIGINT pass SIGTERM to every worker
 * and exit once all have drained; SIGHUP is passed on (each worker reloads its TLS certificate). Resolves never: the process ends by exiting.
 */
export function runPrimary(o: PrimaryOptions): Promise<never> {
  const roles = new Map<Worker, number>();
  const ready = new Set<number>();
  let stopping = false;
  let announced = false;

  const fork = (slot: number): void => {
    const worker = cluster.fork({ [SERVER_SETTINGS.webhookDeliveryRole.name]: slot === 0 ? '1' : '0' });
    roles.set(worker, slot);
    worker.on('message', (m: { ready?: boolean; url?: string }) => {
      if (!m?.ready) return;
      ready.add(slot);
      if (!announced && ready.size === o.workers) {
        announced = true;
        o.logger.info({ url: m.url, workers: o.workers }, `listening on ${m.url} with ${o.workers} workers`);
        if (process.send) process.send({ ready: true, url: m.url, workers: o.workers });
      }
    });
  };

  const exit = (code: number): void => {
    o.beforeExit();
    process.exit(code);
  };

  const stop = (reason: string, code: number): void => {
    if (stopping) return;
    stopping = true;
    o.logger.info({ reason }, 'stopping every worker: no new connections, finishing requests in flight');
    for (const w of roles.keys()) w.process.kill('SIGTERM');
    if (roles.size === 0) exit(code);
    setTimeout(() => {
      for (const w of roles.keys()) w.process.kill('SIGKILL');
    }, o.killAfterMs).unref();
    process.exitCode = code;
  };

  cluster.on('exit', (worker, code, signal) => {
    const slot = roles.get(worker);
    roles.delete(worker);
    if (slot === undefined) return;
    if (stopping) {
      if (roles.size === 0) exit(Number(process.exitCode ?? 0));
      return;
    }
    if (!ready.has(slot)) {
      o.logger.fatal({ slot, code, signal }, 'a worker exited before it listened; stopping the server');
      stop('worker failed to start', 1);
      return;
    }
    o.logger.error({ slot, code, signal }, 'a worker exited; starting another in its place');
    ready.delete(slot);
    fork(slot);
  });

  setInterval(o.flushLog, 250).unref();
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));
  // SIGHUP reloads the TLS certificate in every worker (its default action would end the primary).
  process.on('SIGHUP', () => {
    for (const w of roles.keys()) w.process.kill('SIGHUP');
  });
  for (let slot = 0; slot < o.workers; slot++) fork(slot);
  return new Promise<never>(() => {});
}
