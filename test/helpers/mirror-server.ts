import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

/** One request the mirror saw, with the response status and how many body bytes it sent. */
export interface SeenRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  status: number;
  bytes: number;
}

export interface MirrorServer {
  url: string;
  requests: SeenRequest[];
  /** Serve these bytes for `path` from now on (a new release, or a corrupt one), with a new ETag. */
  replace(path: string, bytes: Buffer): void;
  /** The next `times` GETs of `path` send the headers and `afterBytes` of the body, then drop the connection. */
  interrupt(path: string, afterBytes: number, times?: number): void;
  /** The next `times` requests for `path` answer `status`. */
  failWith(path: string, status: number, times: number): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server on loopback serving a directory laid out like DATA_DIR, as a static mirror
 * (nginx, S3, Artifactory) does: strong ETags, Last-Modified, conditional GETs (304), byte ranges
 * with If-Range (206, 416), 404 for what it lacks. Faults can be injected per path.
 */
export async function startMirror(root: string): Promise<MirrorServer> {
  const replaced = new Map<string, { bytes: Buffer; modified: Date }>();
  const interrupts = new Map<string, { afterBytes: number; times: number }>();
  const failures = new Map<string, { status: number; times: number }>();
  const requests: SeenRequest[] = [];
  const started = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);

  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    const seen: SeenRequest = { method: req.method ?? 'GET', path, headers: req.headers, status: 0, bytes: 0 };
    requests.push(seen);
    const send = (status: number, headers: Record<string, string | number>, body?: Buffer) => {
      seen.status = status;
      res.writeHead(status, headers);
      if (body && req.method !== 'HEAD') {
        seen.bytes = body.length;
        res.end(body);
      } else res.end();
    };
    const fail = failures.get(path);
    if (fail && fail.times > 0) {
      fail.times--;
      return send(fail.status, { 'content-length': 0 });
    }
    let bytes: Buffer;
    let modified: Date;
    const swap = replaced.get(path);
    if (swap) ({ bytes, modified } = swap);
    else {
      const file = normalize(join(root, path));
      try {
        if (!file.startsWith(root) || !statSync(file).isFile()) throw new Error('not a file');
        bytes = readFileSync(file);
        modified = started;
      } catch {
        return send(404, { 'content-length': 0 });
      }
    }
    const etag = `"${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}"`;
    const lastModified = modified.toUTCString();
    const common = { etag, 'last-modified': lastModified, 'accept-ranges': 'bytes' };
    const notModified = req.headers['if-none-match']
      ? req.headers['if-none-match'] === etag
      : req.headers['if-modified-since']
        ? Date.parse(req.headers['if-modified-since']) >= modified.getTime()
        : false;
    if (notModified) return send(304, common);
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const ifRange = req.headers['if-range'];
    if (range && (!ifRange || ifRange === etag || ifRange === lastModified)) {
      const from = Number(range[1]);
      if (from >= bytes.length) return send(416, { ...common, 'content-range': `bytes */${bytes.length}` });
      return send(
        206,
        { ...common, 'content-range': `bytes ${from}-${bytes.length - 1}/${bytes.length}`, 'content-length': bytes.length - from },
        bytes.subarray(from),
      );
    }
    const cut = interrupts.get(path);
    if (cut && cut.times > 0 && req.method === 'GET') {
      cut.times--;
      seen.status = 200;
      seen.bytes = cut.afterBytes;
      res.writeHead(200, { ...common, 'content-length': bytes.length });
      res.write(bytes.subarray(0, cut.afterBytes), () => res.socket?.destroy());
      return;
    }
    send(200, { ...common, 'content-length': bytes.length }, bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    replace: (path, bytes) => replaced.set(path, { bytes, modified: new Date(Math.floor(Date.now() / 1000) * 1000) }),
    interrupt: (path, afterBytes, times = 1) => interrupts.set(path, { afterBytes, times }),
    failWith: (path, status, times) => failures.set(path, { status, times }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
