import { ReplyError } from 'ioredis';
import { StoreUnavailableError } from './webhook-types.ts';

/**
 * Replies that say the call cannot be served now, not that it is wrong: a failover under way (a
 * cluster without a master for the slot, a master demoted to replica, a slot on the move), a
 * replica still loading, or a master that refuses writes without replicas (min-replicas-to-write).
 */
const OUTAGE_REPLY = /^(CLUSTERDOWN|TRYAGAIN|READONLY|LOADING|MASTERDOWN|MOVED|ASK|NOREPLICAS) /;

/**
 * An error of a Redis call as the caller should see it: a StoreUnavailableError naming `what` when
 * Redis did not answer (no connection, a timeout) or answered that it cannot serve now (a
 * failover); the error itself when Redis replied another error (a script's error is a bug, not an
 * outage) or it is already one.
 */
export function asUnavailable(err: unknown, what: string): unknown {
  if (err instanceof StoreUnavailableError || !(err instanceof Error)) return err;
  if (err instanceof ReplyError && !OUTAGE_REPLY.test(err.message)) return err;
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
