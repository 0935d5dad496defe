import { Cluster, Redis, type RedisOptions } from 'ioredis';
import { parseRedisUrl, type RedisTarget } from './redis-url.ts';
import { followSwitches } from './sentinel-switch.ts';

/** A connection to one Redis, to the master a Sentinel group names, or to a Redis Cluster. */
export type RedisClient = Redis | Cluster;

export interface OpenedRedis {
  redis: RedisClient;
  kind: RedisTarget['kind'];
  /** Resolves once the first connection is made or has failed (at most the connect timeout). */
  started: Promise<void>;
}

/** Reconnect at once, then up to a second apart: calls succeed again about a second after Redis answers. */
const RECONNECT = (n: number) => Math.min(n * 100, 1000);

/**
 * A connection named `connectionName` to the Redis `url` names (redis-url.ts) that fails fast,
 * whatever the topology: nothing waits for a reconnection (callers check whyNotReady first; one
 * Redis and Sentinel also fail a call made while disconnected), a reply is awaited at most
 * `commandTimeoutMs` (a Redis that hangs fails calls after that), and reconnection is tried at
 * most a second apart. Callers count or refuse locally; they never wait for a failover.
 * - Sentinel: the sentinels are asked for the master at every (re)connection, so a failover is
 *   followed once the sentinels have promoted a replica; a master demoted under a live
 *   connection is left when the sentinels announce the switch (sentinel-switch.ts), or when it
 *   answers READONLY.
 * - Cluster: each call goes to the master of its keys' slot; a call to a master that is down fails
 *   at once instead of being retried for seconds (retryDelayOnFailover and retryDelayOnClusterDown
 *   0), and the slot map is read again on every MOVED, so calls reach the promoted replica as
 *   soon as the cluster has promoted it.
 */
export function openRedis(url: string, commandTimeoutMs: number, connectionName: string): OpenedRedis {
  const target = parseRedisUrl(url);
  const connectTimeout = Math.max(commandTimeoutMs, 1000);
  // The name shows in CLIENT LIST, so an operator sees which connections are the service's.
  const failFast: RedisOptions = { maxRetriesPerRequest: 0, commandTimeout: commandTimeoutMs, connectTimeout, connectionName };
  let redis: RedisClient;
  if (target.kind === 'single') {
    redis = new Redis(url, { ...failFast, enableOfflineQueue: false, retryStrategy: RECONNECT });
  } else if (target.kind === 'sentinel') {
    const { sentinels, name, db, username, password, tls } = target;
    const master = new Redis({
      ...failFast,
      sentinels,
      name,
      db,
      username,
      password,
      enableOfflineQueue: false,
      retryStrategy: RECONNECT,
      sentinelRetryStrategy: RECONNECT,
      sentinelCommandTimeout: connectTimeout,
      reconnectOnError: (err) => err.message.startsWith('READONLY'),
      ...(tls ? { tls: {}, enableTLSForSentinelMode: true, sentinelTLS: {} } : {}),
    });
    followSwitches(master, sentinels, name, tls);
    redis = master;
  } else {
    const { nodes, username, password, tls } = target;
    redis = new Cluster(nodes, {
      // ioredis connects to a node on its first command; without an offline queue it would fail
      // every other command that reaches the node while it connects (one per slot of a batch).
      // Callers check the cluster is ready (whyNotReady) instead, so nothing waits for a reconnect.
      enableOfflineQueue: true,
      retryDelayOnFailover: 0,
      retryDelayOnClusterDown: 0,
      slotsRefreshTimeout: connectTimeout,
      clusterRetryStrategy: RECONNECT,
      redisOptions: { ...failFast, username, password, ...(tls ? { tls: {} } : {}) },
    });
  }
  // Without a listener ioredis reports every failed reconnect as an unhandled error event; the
  // failing calls report the outage.
  redis.on('error', () => {});
  const started = new Promise<void>((done) => {
    const timer = setTimeout(done, connectTimeout).unref();
    const end = () => {
      clearTimeout(timer);
      done();
    };
    redis.once('ready', end).once('error', end).once('end', end);
  });
  return { redis, kind: target.kind, started };
}

/**
 * Why `redis` cannot take a call now (not connected, a cluster reconnecting), or null. A call made
 * anyway would fail at once (one Redis, Sentinel) or wait in a cluster's queue for the reconnect.
 */
export function whyNotReady(redis: RedisClient): Error | null {
  return redis.status === 'ready' ? null : new Error(`Redis is not ready (${redis.status})`);
}
