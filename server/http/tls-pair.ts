import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

/** Read a certificate chain and its key (PEM); throws naming both files. */
export function readPair(certFile: string, keyFile: string): { cert: Buffer; key: Buffer } {
  try {
    return { cert: readFileSync(certFile), key: readFileSync(keyFile) };
  } catch (err) {
    throw new Error(`TLS: cannot read TLS_CERT_FILE ${certFile} or TLS_KEY_FILE ${keyFile}: ${(err as Error).message}`);
  }
}

/** The message of a pair that does not load as a certificate and its key. */
export function unusablePair(certFile: string, keyFile: string, err: unknown): string {
  return `TLS: TLS_CERT_FILE ${certFile} and TLS_KEY_FILE ${keyFile} are not a usable certificate and key: ${(err as Error).message}`;
}

/**
 * Why TLS_CERT_FILE and TLS_KEY_FILE cannot serve (one without the other, unreadable files, a key
 * that does not match, bad PEM), or null when they can (or both are unset: plain HTTP). The server
 * settings check it with the others before anything listens (a WORKERS primary before it starts
 * any worker); createServiceServer checks it again for its own callers.
 */
export function tlsProblem(certFile: string | null | undefined, keyFile: string | null | undefined): string | null {
  if (Boolean(certFile) !== Boolean(keyFile)) return 'TLS needs both TLS_CERT_FILE and TLS_KEY_FILE (or neither, for plain HTTP)';
  if (!certFile || !keyFile) return null;
  let pair: { cert: Buffer; key: Buffer };
  try {
    pair = readPair(certFile, keyFile);
  } catch (err) {
    return (err as Error).message;
  }
  try {
    createSecureContext(pair);
    return null;
  } catch (err) {
    return unusablePair(certFile, keyFile, err);
  }
}
