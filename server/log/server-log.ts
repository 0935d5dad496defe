import { openSync } from 'node:fs';
import { hostname } from 'node:os';
import pino, { type Logger } from 'pino';
import { accessLog, type AccessLogger } from '../middleware/access-log.ts';
import { ChunkWriter } from './chunk-writer.ts';

/** The service name in every log line. */
export const SERVICE = 'disease-content-service';
/** How often log lines are flushed: a crash loses at most this much of the log. */
const LOG_FLUSH_MS = 250;
/** Request lines are written in chunks of this size (one write per chunk, not per line). */
const ACCESS_LOG_CHUNK_BYTES = 64 * 1024;

/** LOG_FILE and LOG_LEVEL (server/settings.ts). */
export interface LogSettings {
  logFile: string | null;
  logLevel: string;
}

/** The server's log: the logger, the access log beside it, and their flushing. */
export interface ServerLog {
  logger: Logger;
  /** One line per answered request; null when LOG_LEVEL is above info. */
  accessLog: AccessLogger | null;
  /** Start writing what is buffered (a WORKERS primary calls it as the workers do). */
  flush(): void;
  /** Write out everything now: before the process exits. */
  flushSync(): void;
}

/**
 * The log of LOG_FILE (stdout when unset) at LOG_LEVEL. Both writers append to one descriptor,
 * asynchronously, flushed at least every LOG_FLUSH_MS: a crash loses at most the log lines of that
 * long. Request lines go through their own ChunkWriter (access-log.ts).
 */
export function openServerLog(s: LogSettings): ServerLog {
  const fd = s.logFile ? openSync(s.logFile, 'a') : 1;
  const destination = pino.destination({ dest: fd, sync: false, minLength: 4096 });
  const logger = pino({ level: s.logLevel, base: { pid: process.pid, hostname: hostname(), service: SERVICE } }, destination);
  const requestLines = new ChunkWriter(fd, ACCESS_LOG_CHUNK_BYTES, (err) =>
    logger.error({ err }, 'access log write failed; request lines are being dropped'),
  );
  const flush = () => {
    requestLines.flush();
    destination.flush();
  };
  // flush() without a callback adds no listener, however often it runs during a write.
  setInterval(flush, LOG_FLUSH_MS).unref();
  return {
    logger,
    accessLog: accessLog({ destination: requestLines, level: logger.level, service: SERVICE }),
    flush,
    flushSync() {
      requestLines.flushSync();
      destination.flushSync();
    },
  };
}

/** One fatal JSON line on stdout, before any log is configured (a setting that cannot work). */
export function fatalBeforeLog(message: string): void {
  pino({ base: { pid: process.pid, hostname: hostname(), service: SERVICE } }, pino.destination({ dest: 1, sync: true })).fatal(message);
}
