import { hostname } from 'node:os';
import type { Req } from '../http/context.ts';

export interface AccessLogOptions {
  /** Where lines go: a ChunkWriter on the log file (the file the other log lines go to). */
  destination: { write(text: string): void };
  /** The logger's level: below 'info' or equal to it writes, above it (warn, error, silent) does not. */
  level: string;
  /** Service name in every line, as the pino logger's `base`. */
  service: string;
}

const WRITES = new Set(['trace', 'debug', 'info']);
/** Writes the access-log line of one answered request. */
export type AccessLogger = (req: Req, status: number, bytes: number) => void;

/**
 * One JSON line per request, in the pino format of the other log lines: id, method, route pattern
 * (never the raw URL), status, duration, bytes, key id and tier (never the key), how the body was
 * obtained. Built as a template, not through a logger call: every value is either a number, a
 * boolean or a string the server made itself (ids, route patterns, tiers), so nothing needs
 * escaping, and the line costs a microsecond rather than ten. The destination writes in chunks
 * (the server flushes it every 250 ms and on shutdown). Returns null when the level says not to
 * log requests.
 */
export function accessLog(options: AccessLogOptions): AccessLogger | null {
  if (!WRITES.has(options.level)) return null;
  const { destination } = options;
  const base = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"service":${JSON.stringify(options.service)},"reqId":"`;
  return function logRequest(req, status, bytes) {
    const ctx = req.ctx;
    const p = ctx.principal;
    const ms = Math.round((performance.now() - ctx.start) * 1000) / 1000;
    destination.write(
      `{"level":30,"time":${Date.now()}${base}${ctx.id}","method":"${req.method}","route":${q(ctx.route)},"status":${status},"ms":${ms},"bytes":${bytes},"keyId":${q(p ? p.keyId : null)},"tier":${q(p ? p.tier : null)},"test":${p ? p.test : null},"cache":${q(ctx.cache)},"counted":${ctx.counted},"aborted":${req.socket.destroyed},"msg":"request"}\n`,
    );
  };
}

/** A server-made string (no quotes, backslashes or control characters) or null, as JSON. */
function q(s: string | null): string {
  return s === null ? 'null' : `"${s}"`;
}
