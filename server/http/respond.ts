import type { Readable } from 'node:stream';
import type { Req, Res } from './context.ts';

/**
 * The one place a response is written. The request's own headers (request id, rate limits) and
 * the answer's go out in a single writeHead; then a 5xx gives its counted call back and the
 * access log gets its line. `bytes` is the Content-Length the body has (also for HEAD).
 */
export function respond(req: Req, res: Res, status: number, headers: string[], body?: Buffer): void {
  const ctx = req.ctx;
  res.writeHead(status, ctx.headers.length === 0 ? headers : ctx.headers.concat(headers));
  res.end(req.method === 'HEAD' ? undefined : body);
  if (status >= 500 && ctx.charge) {
    ctx.charge.refund();
    ctx.charge = null;
    ctx.counted = false;
  }
  ctx.onEnd?.(req, status, body ? body.length : 0);
}

/**
 * Write a response whose body streams from storage (a download): headers as respond() sends them,
 * then the stream piped out; the access log gets its line when the stream ends. HEAD sends none
 * of it (the stream is not opened by the caller then: `body` is null).
 */
export function respondStream(req: Req, res: Res, status: number, headers: string[], body: Readable | null, bytes: number): void {
  const ctx = req.ctx;
  res.writeHead(status, ctx.headers.length === 0 ? headers : ctx.headers.concat(headers));
  if (body === null || req.method === 'HEAD') {
    body?.destroy();
    res.end();
    ctx.onEnd?.(req, status, bytes);
    return;
  }
  body.on('error', () => res.destroy());
  res.on('close', () => body.destroy());
  body.pipe(res);
  body.on('end', () => ctx.onEnd?.(req, status, bytes));
}
