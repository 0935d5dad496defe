import { unwatchFile, watchFile, type Stats } from 'node:fs';
import { createServer as createHttp, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createSecureServer, type Http2SecureServer, type ServerHttp2Session } from 'node:http2';
import { createServer as createHttps, type Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import { HSTS_VALUE } from '../contract/api/cors-headers.ts';
import { clientErrorHandler, connectHandler } from './client-error.ts';
import { continueWhenOwned } from './expect-continue.ts';
import { readPair, tlsProblem, unusablePair } from './tls-pair.ts';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ListenOptions {
  /** TLS_CERT_FILE and TLS_KEY_FILE (PEM): both serve HTTPS, neither plain HTTP; one alone is an error. */
  certFile?: string;
  keyFile?: string;
  /** TLS_HTTP2: over TLS, HTTP/2 with HTTP/1.1 fallback (ALPN) instead of HTTP/1.1 only. */
  http2?: boolean;
  /** How often the certificate files are looked at for a change, in ms (default 2,000). */
  reloadPollMs?: number;
  onReload?: (info: { certFile: string }) => void;
  onReloadError?: (err: Error) => void;
  /** Each request Node's parser rejected (answered with a problem). */
  onClientError?: (err: NodeJS.ErrnoException) => void;
  /**
   * HEADERS_TIMEOUT, REQUEST_TIMEOUT, KEEP_ALIVE_TIMEOUT (ms), HTTP/1.1. Node checks the first two
   * every `connectionsCheckingInterval`; its 30 s default let a client trickling its headers hold
   * a connection for up to 88 s, so the check runs every second here.
   */
  timeouts?: { headersMs: number; requestMs: number; keepAliveMs: number };
  /**
   * A request with an `Expect` other than 100-continue: Node answers a bare 417 unless a listener
   * takes it, so the app answers it (a problem) instead.
   */
  onExpectation?: RequestListener;
}

/** How often Node looks for connections past their headers or request timeout. */
export const TIMEOUT_CHECK_MS = 1000;

/** Node's HTTP/1 server options derived from ListenOptions (also applied to HTTPS). */
function http1Options(o: ListenOptions) {
  const t = o.timeouts;
  return {
    // A request without Host is answered by the app (a problem), not with Node's bare 400.
    requireHostHeader: false,
    ...(t ? { headersTimeout: t.headersMs, requestTimeout: t.requestMs, keepAliveTimeout: t.keepAliveMs } : {}),
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  };
}

export interface ServiceServer {
  server: HttpServer | HttpsServer | Http2SecureServer;
  /** Serving HTTPS. */
  tls: boolean;
  /** Read the certificate and key again now (SIGHUP); a bad pair is reported and the served one stays. */
  reloadCertificate(): boolean;
  /** Shutdown, first step: close idle connections; HTTP/2 sessions get GOAWAY and close when their streams end. */
  closeIdle(): void;
  /** Shutdown, when the grace period is over: close every connection. */
  closeAll(): void;
  /** Stop watching the certificate files. */
  unwatch(): void;
}

/**
 * The server the app is served on: plain HTTP, or HTTPS from TLS_CERT_FILE and TLS_KEY_FILE
 * (HTTP/1.1, or HTTP/2 with HTTP/1.1 fallback). Over TLS the pair is read again without a restart
 * when either file changes (polled by path, so an atomic rename, a symlink swap or an edit in place
 * are all seen) and on reloadCertificate(); new connections get the new certificate, open ones
 * keep theirs. Requests Node's HTTP/1 parser rejects are answered with problem+json (clientError),
 * over TLS with HSTS; `Expect: 100-continue` gets its `100 Continue` before the answer, never inside
 * it (expect-continue.ts).
 */
export function createServiceServer(listener: RequestListener, o: ListenOptions = {}): ServiceServer {
  const problem = tlsProblem(o.certFile, o.keyFile);
  if (problem) throw new Error(problem);
  if (!o.certFile || !o.keyFile) return plainServer(listener, o);
  const certFile = o.certFile;
  const keyFile = o.keyFile;
  const pair = readPair(certFile, keyFile);
  let server: HttpsServer | Http2SecureServer;
  try {
    server = o.http2
      ? createSecureServer({ ...pair, allowHTTP1: true }, listener as never)
      : createHttps({ ...pair, ...http1Options(o) }, listener);
  } catch (err) {
    throw new Error(unusablePair(certFile, keyFile, err));
  }
  server.on('clientError', clientErrorHandler(['Strict-Transport-Security', HSTS_VALUE], o.onClientError));
  server.on('connect', connectHandler(['Strict-Transport-Security', HSTS_VALUE]) as never);
  // HTTP/2 streams own no shared socket: the 100 goes out at once, as Node would send it.
  server.on('checkContinue', continueWhenOwned(listener) as never);
  if (o.onExpectation) server.on('checkExpectation', o.onExpectation as never);
  const { reloadCertificate, unwatch } = watchPair(server, certFile, keyFile, o);
  if (!o.http2) {
    const https = server as HttpsServer;
    return {
      server,
      tls: true,
      reloadCertificate,
      closeIdle: () => https.closeIdleConnections(),
      closeAll: () => https.closeAllConnections(),
      unwatch,
    };
  }
  return { server, tls: true, reloadCertificate, unwatch, ...http2Closing(server as Http2SecureServer) };
}

/** Plain HTTP/1.1. */
function plainServer(listener: RequestListener, o: ListenOptions): ServiceServer {
  const server = createHttp(http1Options(o), listener);
  server.on('clientError', clientErrorHandler([], o.onClientError));
  server.on('connect', connectHandler());
  server.on('checkContinue', continueWhenOwned(listener));
  if (o.onExpectation) server.on('checkExpectation', o.onExpectation);
  return {
    server,
    tls: false,
    reloadCertificate: () => false,
    closeIdle: () => server.closeIdleConnections(),
    closeAll: () => server.closeAllConnections(),
    unwatch: () => {},
  };
}

/** Reload the certificate pair when either file changes (polled by path) or when asked. */
function watchPair(server: HttpsServer | Http2SecureServer, certFile: string, keyFile: string, o: ListenOptions) {
  const reloadCertificate = (): boolean => {
    try {
      server.setSecureContext(readPair(certFile, keyFile));
    } catch (err) {
      // Half-renewed (a new certificate, the old key) or unreadable: keep serving the current pair.
      o.onReloadError?.(err as Error);
      return false;
    }
    o.onReload?.({ certFile });
    return true;
  };
  const changed = (now: Stats, before: Stats) => {
    if (now.mtimeMs !== before.mtimeMs || now.ino !== before.ino || now.size !== before.size) reloadCertificate();
  };
  const interval = o.reloadPollMs ?? 2000;
  watchFile(certFile, { interval, persistent: false }, changed);
  watchFile(keyFile, { interval, persistent: false }, changed);
  const unwatch = () => {
    unwatchFile(certFile, changed);
    unwatchFile(keyFile, changed);
  };
  return { reloadCertificate, unwatch };
}

/**
 * Shutdown of the HTTP/2 server, which closes only once every session has: closeIdle sends each
 * GOAWAY, closeAll destroys every connection (it has no closeAllConnections).
 */
function http2Closing(h2: Http2SecureServer): Pick<ServiceServer, 'closeIdle' | 'closeAll'> {
  const sessions = new Set<ServerHttp2Session>();
  const sockets = new Set<Socket>();
  h2.on('session', (s: ServerHttp2Session) => {
    sessions.add(s);
    s.once('close', () => sessions.delete(s));
  });
  h2.on('secureConnection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return {
    closeIdle: () => {
      (h2 as unknown as HttpServer).closeIdleConnections();
      for (const s of sessions) s.close();
    },
    closeAll: () => {
      for (const s of sessions) s.destroy();
      for (const socket of sockets) socket.destroy();
    },
  };
}
