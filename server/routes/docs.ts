import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sirv from 'sirv';
import { DOCS_HEADERS, DOCS_PATH } from '../contract/api/docs-mount.ts';
import type { Req, Res } from '../http/context.ts';
import { problem, sendProblem } from '../http/problem.ts';
import { methodNotAllowed } from '../http/problem.ts';

const ALLOW = 'GET, HEAD';

/**
 * GET /docs: the API reference page the build wrote into `dir` (dist/docs), served by sirv. No key,
 * no quota. Files are looked up on each request (sirv's `dev` mode), so a build that rewrites the
 * page is served at once without a restart; precompressed .br/.gz siblings are picked by
 * Accept-Encoding; `Cache-Control: no-cache` with an ETag lets a browser revalidate cheaply.
 *
 * sirv writes its own responses, so this mount is the one place outside respond() that sets
 * headers on the response: the request's own (X-Request-Id) and the page's security headers go on
 * before sirv runs, and the access-log line is written when the response finishes or the connection closes. A missing file
 * is a problem+json 404 like any other path.
 */
export function docsPage(dir: string, startRequest: (req: Req, res: Res) => void): (req: Req, res: Res) => void {
  const notFound = (req: Req, res: Res) => {
    // The finish listener logs this request; respond() must not log it a second time.
    req.ctx.onEnd = null;
    const built = existsSync(join(dir, 'index.html'));
    const p = problem(
      'not-found',
      built
        ? `No file at ${req.path}. The API reference page is ${DOCS_PATH}.`
        : `The API reference page is not built in ${dir}: run npm run build.`,
    );
    sendProblem(req, res, p);
  };
  const serve = sirv(dir, { dev: true, etag: true, brotli: true, gzip: true, extensions: ['html'], onNoMatch: notFound as never });
  return function docs(req: Req, res: Res): void {
    startRequest(req, res);
    req.ctx.route = DOCS_PATH;
    // The router's mount leaves req.path whole (problems name the path the client asked for) and
    // strips the prefix from req.url, which sirv reads.
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(req, res, ALLOW);
    // Range is ignored (RFC 9110 §14.2 allows it): sirv answers a range past the end with a bare 416,
    // reads `bytes=-n` as the first n bytes, and takes ranges of the compressed file it picked; a
    // 2 MB page needs no partial transfers, so every answer here is whole.
    if (req.headers.range !== undefined) delete req.headers.range;
    const headers = req.ctx.headers.concat(DOCS_HEADERS);
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i], headers[i + 1]);
    const onEnd = req.ctx.onEnd;
    if (onEnd) {
      // 'close' too: a client that has the whole body (Content-Length) may hang up before sirv's file
      // stream reaches its end and ends the response, and then 'finish' never comes. One line either way.
      let logged = false;
      const log = () => {
        if (logged) return;
        logged = true;
        onEnd(req, res.statusCode, Number(res.getHeader('content-length') ?? 0));
      };
      res.once('finish', log);
      res.once('close', log);
    }
    serve(req as never, res as never);
  };
}
