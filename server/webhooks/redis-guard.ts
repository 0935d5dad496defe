import { Redis, ReplyError } from 'ioredis';
import { StoreUnavailableError } from './webhook-types.ts';

/**
 * A Redis connection that fails fast: nothing is queued while disconnected (a call fails at once),
 * a reply is awaited at most `commandTimeoutMs` (a Redis that hangs, SIGSTOPped or partitioned,
 * fails calls after that), and reconnection is tried at most a second apart, so calls succeed again
 * within about a second of Redis answering. `started` resolves once the first connection is made
 * or failed (at most a second), for callers that should not fail while the process starts.
 */
export function failFastRedis(url: string, commandTimeoutMs: number): { redis: Redis; started: Promise<void> } {
  const connectTimeout = Math.max(commandTimeoutMs, 1000);
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout,
    retryStrategy: (n) => Math.min(n * 100, 1000),
  });
  redis.on('error', () => {
    /* reported by the failing calls */
  });
  const started = new Promise<void>((done) => {
    const timer = setTimeout(done, connectTimeout).unref();
    const end = () => {
      clearTimeout(timer);
      done();
    };
    redis.once('ready', end).once('error', end).once('end', end);
  });
  return { redis, started };
}

/**
 * An error of a Redis call as the caller should see it: a StoreUnavailableError naming `what` when
 * Redis did not answer (no connection, a timeout); the error itself when Redis replied one (a
 * script's error is a bug, not an outage) or it is already one.
 */
export function asUnavailable(err: unknown, what: string): unknown {
  if (err instanceof ReplyError || err instanceof StoreUnavailableError || !(err instanceof Error)) return err;
  return new StoreUnavailableError(`${what} does not answer (${err.message})`, { cause: err });
}

/** Route every method of `proto` (but `skip`) on `target` through `guard`. */
export function guardMethods(
  target: object,
  proto: object,
  skip: ReadonlySet<string>,
  guard: <T>(call: () => Promise<T>) => Promise<T>,
): void {
  const self = target as Record<string, (...a: unknown[]) => Promise<unknown>>;
  for (const name of Object.getOwnPropertyNames(proto)) {
    const fn = self[name];
    if (skip.has(name) || typeof fn !== 'function') continue;
    self[name] = (...args: unknown[]) => guard(() => fn.apply(target, args));
  }
}
