import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { PROBLEM_BASE, PROBLEMS, type ProblemKind } from '../contract/api/problems.ts';
import { clientErrorHandler } from '../http/client-error.ts';
import { TIMEOUT_CHECK_MS } from '../http/listen.ts';

/** Where the operator listener serves the metrics. */
export const METRICS_PATH = '/metrics';
/** The Prometheus text exposition format, version 0.0.4 (what prom-client writes). */
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export interface MetricsServerOptions {
  /** The metrics text: this process's registry, or (WORKERS primary) every worker's, aggregated. */
  render: () => Promise<string>;
  headersTimeoutMs: number;
  onError: (err: Error) => void;
}

function sendProblem(res: ServerResponse, kind: ProblemKind, detail: string, extra: Record<string, string> = {}): void {
  const { status, title } = PROBLEMS[kind];
  const body = JSON.stringify({ type: PROBLEM_BASE + kind, title, status, detail, instance: METRICS_PATH });
  res.writeHead(status, { 'Content-Type': 'application/problem+json; charset=utf-8', 'Cache-Control': 'no-store', ...extra });
  res.end(body);
}

/**
 * The operator listener (METRICS_PORT, METRICS_HOST): `GET /metrics` in the Prometheus text format,
 * nothing else. It is a separate server so that the metrics are never on the public port: bind it
 * to an address only the scraper reaches. No key, no quota, no access log; errors are problems.
 */
export function createMetricsServer(o: MetricsServerOptions): Server {
  const server = createServer(
    {
      requireHostHeader: false,
      headersTimeout: o.headersTimeoutMs,
      requestTimeout: o.headersTimeoutMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_MS,
    },
    (req: IncomingMessage, res: ServerResponse) => {
      const path = (req.url ?? '').split('?')[0];
      if (path !== METRICS_PATH) return sendProblem(res, 'not-found', `Only ${METRICS_PATH} is served here.`);
      if (req.method !== 'GET' && req.method !== 'HEAD')
        return sendProblem(res, 'method-not-allowed', `${req.method} is not supported on ${METRICS_PATH}.`, { Allow: 'GET, HEAD' });
      o.render().then(
        (text) => {
          res.writeHead(200, { 'Content-Type': CONTENT_TYPE, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
          res.end(req.method === 'HEAD' ? undefined : text);
        },
        (err: Error) => {
          o.onError(err);
          sendProblem(res, 'internal', 'The metrics could not be collected; this has been logged.');
        },
      );
    },
  );
  server.on('clientError', clientErrorHandler());
  return server;
}

/**
 * The operator listener on METRICS_HOST:METRICS_PORT, listening: resolves with its address once it
 * listens, rejects when the port cannot be had (the start then stops). A process run by a parent
 * (tests, the WORKERS primary) is told the URL.
 */
export function listenMetrics(o: MetricsServerOptions & { port: number; host: string }): Promise<{ server: Server; url: string }> {
  const server = createMetricsServer(o);
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(o.port, o.host, () => {
      server.off('error', fail);
      server.on('error', o.onError);
      const a = server.address();
      const url = typeof a === 'object' && a ? `http://${a.address}:${a.port}${METRICS_PATH}` : String(a);
      if (process.send) process.send({ metrics: url });
      server.unref();
      done({ server, url });
    });
  });
}
