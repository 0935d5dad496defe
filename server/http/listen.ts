import { readFileSync, unwatchFile, watchFile } from 'node:fs';
import { createServer as createHttp, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttps, type Server as HttpsServer } from 'node:https';
import { createSecureContext } from 'node:tls';
import { clientErrorHandler } from './client-error.ts';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export interface ServerOptions {
  /** TLS_CERT_FILE and TLS_KEY_FILE (PEM): both serve HTTPS, neither plain HTTP; one alone is an error. */
  certFile?: string;
  keyFile?: string;
  /** How often the certificate files are checked for a change, in ms (default 2,000). */
  reloadEveryMs?: number;
  onReload?: (info: { certFile: string }) => void;
  onReloadError?: (err: Error) => void;
  onClientError?: (err: NodeJS.ErrnoException) => void;
}

export interface ServiceServer {
  server: Server | HttpsServer;
  tls: boolean;
  /** Read the certificate and key again now; a bad pair is reported and the served one stays. */
  reloadCertificate(): boolean;
  /** Stop watching the certificate files. */
  close(): void;
}

/**
 * TLS_CERT_FILE and TLS_KEY_FILE from the environment, checked: both or neither, and a pair that
 * loads (a WORKERS primary checks before it starts any worker). Throws a message naming the problem.
 */
export function tlsFiles(env: NodeJS.ProcessEnv): { certFile?: string; keyFile?: string } {
  const certFile = env.TLS_CERT_FILE || undefined;
  const keyFile = env.TLS_KEY_FILE || undefined;
  if (Boolean(certFile) !== Boolean(keyFile)) throw new Error('TLS needs both TLS_CERT_FILE and TLS_KEY_FILE (or neither, for plain HTTP)');
  if (certFile && keyFile) {
    try {
      createSecureContext({ cert: readFileSync(certFile), key: readFileSync(keyFile) });
    } catch (err) {
      throw new Error(`TLS_CERT_FILE ${certFile} with TLS_KEY_FILE ${keyFile}: ${(err as Error).message}`);
    }
  }
  return { certFile, keyFile };
}

/**
 * The HTTP or HTTPS server the app is served on, from the environment's TLS files. Over TLS the
 * certificate is reloaded without a restart when either file changes (polled: an atomic rename of
 * a renewed certificate is seen as surely as an edit in place) and on `reloadCertificate()`
 * (SIGHUP in main). Requests Node's parser rejects get a problem+json answer (clientError).
 */
export function createServiceServer(listener: RequestListener, o: ServerOptions = {}): ServiceServer {
  if (Boolean(o.certFile) !== Boolean(o.keyFile)) throw new Error('TLS needs both TLS_CERT_FILE and TLS_KEY_FILE (or neither, for plain HTTP)');
  const clientError = clientErrorHandler(o.onClientError);
  if (!o.certFile || !o.keyFile) {
    const server = createHttp(listener);
    server.on('clientError', clientError);
    return { server, tls: false, reloadCertificate: () => false, close: () => {} };
  }
  const certFile = o.certFile;
  const keyFile = o.keyFile;
  const read = () => ({ cert: readFileSync(certFile), key: readFileSync(keyFile) });
  // A bad pair at start is fatal (nothing to serve); later it keeps the pair being served.
  const server = createHttps(read(), listener);
  server.on('clientError', clientError);
  const reloadCertificate = (): boolean => {
    try {
      server.setSecureContext(read());
      o.onReload?.({ certFile });
      return true;
    } catch (err) {
      o.onReloadError?.(err as Error);
      return false;
    }
  };
  const every = o.reloadEveryMs ?? 2000;
  const changed = (now: { mtimeMs: number; size: number }, before: { mtimeMs: number; size: number }) => {
    if (now.mtimeMs !== before.mtimeMs || now.size !== before.size) reloadCertificate();
  };
  watchFile(certFile, { interval: every, persistent: false }, changed);
  watchFile(keyFile, { interval: every, persistent: false }, changed);
  return {
    server, tls: true, reloadCertificate,
    close: () => {
      unwatchFile(certFile, changed);
      unwatchFile(keyFile, changed);
    },
  };
}
