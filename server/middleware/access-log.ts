import { hostname } from 'node:os';
import type { Req } from '../http/context.ts';

export interface AccessLogOptions {
  /** Where lines go: pino's destination (sonic-boom), which writes asynchronously. */
  destination: { write(chunk: string): unknown };
  /** The logger's level: below 'info' or equal to it writes, above it (warn, error, silent) does not. */
  level: string;
  /** Service name in every line, as the pino logger's `base`. */
  service: string;
}

const WRITES = new Set(['trace', 'debug', 'info']);
/** Lines are handed to the destination in chunks of about this many characters (or by flush()). */
const CHUNK = 64 * 1024;

/** The access log of a server: `write` one request's line, `flush` what is held back. */
export interface AccessLogger {
  write(req: Req, status: number, bytes: number): void;
  flush(): void;
}

/**
 * One JSON line per request, in the pino format of the other log lines: id, method, route pattern
 * (never the raw URL), status, duration, bytes, key id and tier (never the key), how the body was
 * obtained. Built as a template, not through a logger call: every value is either a number, a
 * boolean or a string the server made itself (ids, route patterns, tiers), so nothing needs
 * escaping, and the line costs a microsecond rather than ten. Lines are held until CHUNK
 * characters or the next flush() (the server flushes every 250 ms and on shutdown), because the
 * destination's own per-write bookkeeping cost more than the line. Returns null when the level
 * says not to log requests.
 */
export function accessLog(options: AccessLogOptions): AccessLogger | null {
  if (!WRITES.has(options.level)) return null;
  const { destination } = options;
  let pending = '';
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"service":${JSON.stringify(options.service)},"reqId":"`;
  const flush = () => {
    if (pending === '') return;
    destination.write(pending);
    pending = '';
  };
  const write = function logRequest(req: Req, status: number, bytes: number): void {
    const ctx = req.ctx;
    const p = ctx.principal;
    const ms = Math.round((performance.now() - ctx.start) * 1000) / 1000;
    pending += `{"level":30,"time":${Date.now()}${base}${ctx.id}","method":"${req.method}","route":${q(ctx.route)},"status":${status},"ms":${ms},"bytes":${bytes},"keyId":${q(p ? p.keyId : null)},"tier":${q(p ? p.tier : null)},"test":${p ? p.test : null},"cache":${q(ctx.cache)},"counted":${ctx.counted},"aborted":${req.socket.destroyed},"msg":"request"}\n`;
    if (pending.length >= CHUNK) flush();
  };
  return { write, flush };
}

/** A server-made string (no quotes, backslashes or control characters) or null, as JSON. */
function q(s: string | null): string {
  return s === null ? 'null' : `"${s}"`;
}
