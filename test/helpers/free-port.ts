import { createServer } from 'node:net';

/** A loopback port free right now on 127.0.0.1 (for servers that cannot listen on 0 and report the port back: nginx, a timed start). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => done(port));
    });
  });
}
