import { connect as netConnect } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/**
 * Send `bytes` on a new connection to `url` (http: or https:, trusting `ca`), half-close, and
 * resolve with everything the server sent before it closed.
 */
export function rawExchange(url: string, bytes: string, ca?: string): Promise<string> {
  const { protocol, hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const socket =
      protocol === 'https:'
        ? tlsConnect({ host: hostname, port: Number(port), ca, servername: 'localhost' }, () => socket.end(bytes))
        : netConnect(Number(port), hostname, () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => done(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', fail);
  });
}

/** The SHA-256 fingerprint of the certificate a TLS server presents to a new connection now. */
export function presentedCertificate(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((done, fail) => {
    const s = tlsConnect({ host: hostname, port: Number(port), rejectUnauthorized: false }, () => {
      done(s.getPeerX509Certificate()!.fingerprint256);
      s.end();
    });
    s.on('error', fail);
  });
}
