import { readFileSync } from 'node:fs';
import { createServer, type OutgoingHttpHeaders } from 'node:http';
import type { BareConfig } from './bare-target.ts';

/**
 * The baseline: a bare node:http server (a child process started by bare-target.ts) answering
 * fixed request targets with bytes and headers held in memory, the least work a node server can
 * do per request. It negotiates just enough to mirror the real server: a 304 when If-None-Match
 * equals the ETag, gzip when Accept-Encoding names gzip, identity otherwise.
 */
interface Answer {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}
interface Loaded {
  identity: Answer;
  gzip?: Answer;
  etag?: string;
  notModified?: OutgoingHttpHeaders;
}

const config = JSON.parse(readFileSync(process.argv[2], 'utf8')) as BareConfig;
const routes = new Map<string, Loaded>();
for (const r of config.routes) {
  const load = (a: { headers: Record<string, string>; file: string }) => ({ headers: a.headers, body: readFileSync(a.file) });
  routes.set(r.url, {
    identity: load(r.identity),
    gzip: r.gzip && load(r.gzip),
    etag: r.notModified?.etag,
    notModified: r.notModified?.headers,
  });
}

const server = createServer((req, res) => {
  const route = routes.get(req.url ?? '');
  if (!route) {
    res.writeHead(404).end();
    return;
  }
  if (route.etag !== undefined && req.headers['if-none-match'] === route.etag) {
    res.writeHead(304, route.notModified).end();
    return;
  }
  const answer = route.gzip && req.headers['accept-encoding']?.includes('gzip') ? route.gzip : route.identity;
  res.writeHead(200, answer.headers).end(answer.body);
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  if (addr && typeof addr === 'object') process.send?.({ ready: true, url: `http://127.0.0.1:${addr.port}` });
});
// Nothing to flush: a baseline can stop at once, keep-alive connections and all.
process.on('SIGTERM', () => process.exit(0));
