import type { Logger } from 'pino';
import type { Middleware } from '../http/context.ts';

export interface AccessLogOptions { logger: Logger }

/**
 * One structured line per request when its response closes (sent, or the client went away): id,
 * method, route pattern (never the raw URL), status, duration, bytes, key id and tier (never the
 * key), and how the body was obtained.
 */
export function accessLog(options: AccessLogOptions): Middleware {
  const { logger } = options;
  return function accessLogMiddleware(req, res, next) {
    // 'close' follows 'finish' on every response, after the quota refund hook has run.
    const write = () => {
      const ctx = req.ctx;
      const p = ctx.principal;
      logger.info({
        reqId: ctx.id,
        method: req.method,
        route: ctx.route,
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - ctx.start) / 1e6,
        bytes: Number(res.getHeader('Content-Length') ?? 0),
        keyId: p?.keyId ?? null,
        tier: p?.tier ?? null,
        test: p?.test ?? null,
        cache: ctx.cache,
        counted: ctx.counted,
        aborted: !res.writableFinished,
      }, 'request');
    };
    res.once('close', write);
    next();
  };
}
