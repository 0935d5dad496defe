import { readFileSync, unwatchFile, watchFile, type Stats } from 'node:fs';
import { createServer as createHttp, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { createServer as createHttps, type Server as HttpsServer } from 'node:https';
import { createSecureServer } from 'node:http2';
import { HSTS_VALUE } from '../contract/tls.ts';
import { clientErrorHandler } from './client-error.ts';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ListenOptions {
  /** TLS_CERT_FILE and TLS_KEY_FILE (PEM): both serve HTTPS, neither plain HTTP; one alone is an error. */
  certFile?: string;
  keyFile?: string;
  /** Over TLS, HTTP/2 with HTTP/1.1 fallback (ALPN) instead of HTTP/1.1 only. */
  http2?: boolean;
  /** How often the certificate files are looked at for a change, in ms (default 2,000). */
  reloadPollMs?: number;
  onReload?: (info: { certFile: string }) => void;
  onReloadError?: (err: Error) => void;
  /** Each request Node's parser rejected (answered with a problem). */
  onClientError?: (err: NodeJS.ErrnoException) => void;
}

export interface ServiceServer {
  server: HttpServer | HttpsServer;
  /** Serving HTTPS. */
  tls: boolean;
  /** Read the certificate and key again now (SIGHUP); a bad pair is reported and the served one stays. */
  reloadCertificate(): boolean;
  /** Stop watching the certificate files. */
  close(): void;
}

/**
 * The server the app is served on: plain HTTP, or HTTPS from TLS_CERT_FILE and TLS_KEY_FILE. Over
 * TLS the pair is read again without a restart when either file changes (polled by path, so an
 * atomic rename, a symlink swap or an edit in place are all seen) and on reloadCertificate();
 * new connections get the new certificate, open ones keep theirs. Requests Node's parser rejects
 * are answered with problem+json (clientError), over TLS with HSTS.
 */
export function createServiceServer(listener: RequestListener, o: ListenOptions = {}): ServiceServer {
  if (Boolean(o.certFile) !== Boolean(o.keyFile)) throw new Error('TLS needs both TLS_CERT_FILE and TLS_KEY_FILE (or neither, for plain HTTP)');
  if (!o.certFile || !o.keyFile) {
    const server = createHttp(listener);
    server.on('clientError', clientErrorHandler([], o.onClientError));
    return { server, tls: false, reloadCertificate: () => false, close: () => {} };
  }
  const certFile = o.certFile;
  const keyFile = o.keyFile;
  const read = () => ({ cert: readFileSync(certFile), key: readFileSync(keyFile) });
  let pair;
  try {
    pair = read();
  } catch (err) {
    throw new Error(`TLS: cannot read TLS_CERT_FILE ${certFile} or TLS_KEY_FILE ${keyFile}: ${(err as Error).message}`);
  }
  // A pair that does not load at start is fatal (nothing to serve): createServer throws naming it.
  let server: HttpsServer;
  try {
    server = o.http2 ? createSecureServer({ ...pair, allowHTTP1: true }, listener as never) as unknown as HttpsServer : createHttps(pair, listener);
  } catch (err) {
    throw new Error(`TLS: TLS_CERT_FILE ${certFile} and TLS_KEY_FILE ${keyFile} are not a usable certificate and key: ${(err as Error).message}`);
  }
  server.on('clientError', clientErrorHandler(['Strict-Transport-Security', HSTS_VALUE], o.onClientError));
  const reloadCertificate = (): boolean => {
    try {
      server.setSecureContext(read());
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
  return {
    server, tls: true, reloadCertificate,
    close: () => {
      unwatchFile(certFile, changed);
      unwatchFile(keyFile, changed);
    },
  };
}
