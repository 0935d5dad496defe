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
  if (status >= 500 && ctx.charge && ctx.principal) {
    void ctx.charge.store.refund(ctx.principal.keyId, ctx.charge.decision);
    ctx.charge = null;
    ctx.counted = false;
  }
  ctx.onEnd?.(req, status, body ? body.length : 0);
}
