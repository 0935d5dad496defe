import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Handler, Req, Res } from '../../server/http/context.ts';
import { Router } from '../../server/http/router.ts';

export interface GuardServer {
  url: string;
  server: Server;
  close(): Promise<void>;
}

/**
 * Guards (auth, scope, quota) under test on a loopback port, matched by the app's router
 * (server/http/router.ts) and run by the app's chain (server/http/chain.ts `guarded`): the
 * middleware units alone, without a snapshot; the whole request path is the e2e suites'. A path
 * no handler has is a bare 404, an error thrown a 500 with its message.
 */
export async function serveGuarded(routes: Record<string, Handler>): Promise<GuardServer> {
  const router = new Router();
  for (const [pattern, handler] of Object.entries(routes)) router.add(pattern, handler);
  const server = createServer((req, res) => {
    const handler = router.match(req as Req);
    if (handler === null) return void res.writeHead(404).end();
    // A guard that throws (one mounted wrongly fails closed): a 500 with its message, for the test to read.
    const failed = (err: unknown) => void res.writeHead(500).end((err as Error).message);
    try {
      void Promise.resolve(handler(req as Req, res as Res)).catch(failed);
    } catch (err) {
      failed(err);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
