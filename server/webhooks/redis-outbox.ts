import type { ChainableCommander } from 'ioredis';
import { openRedis, type RedisClient } from '../redis/connect.ts';
import type { RedisTarget } from '../redis/redis-url.ts';
import { CLAIM, COMPLETE, ENQUEUE, FINISH_RELEASE, RETRY, SET_ENDPOINT } from './webhook-redis-scripts.ts';

type Scripts = Record<
  'whEnqueue' | 'whClaim' | 'whComplete' | 'whSetEndpoint' | 'whRetry' | 'whFinishRelease',
  // biome-ignore lint/suspicious/noExplicitAny: Redis script replies are untyped; each caller reads its own shape
  (...args: (string | number)[]) => Promise<any>
>;

/**
 * A pipeline of the store's commands. It may hold a transaction: ioredis' Pipeline#multi, whose
 * exec() closes the transaction and leaves the pipeline open (the typings lack it).
 */
type Batch = ChainableCommander & Scripts & { multi(): ChainableCommander };

/** How long a write waits for a replica to hold it (WAIT) before it stands on the master alone. */
export const REPLICA_WAIT_MS = 250;

/**
 * The outbox's key prefix. Its scripts touch many keys in one step, and on a Redis Cluster a script
 * may only touch keys of one hash slot: there the prefix is made a hash tag (`webhooks:` becomes
 * `{webhooks:}`) unless it holds one, so the whole outbox lives in one slot, on one master.
 */
export function outboxPrefix(prefix: string, kind: RedisTarget['kind']): string {
  const open = prefix.indexOf('{');
  const tagged = open >= 0 && prefix.indexOf('}', open + 1) > open + 1;
  return kind === 'cluster' && !tagged ? `{${prefix}}` : prefix;
}

/**
 * The Redis connection of the webhook store (redis-store.ts), on any topology: the key prefix,
 * the scripts (redis-scripts.ts; KEYS[1] of each is `anchor`, a key of the outbox's slot that
 * routes the call on a cluster, the other keys come from the prefix in ARGV[1]), and durable
 * writes.
 */
export class OutboxConnection {
  readonly redis: RedisClient & Scripts;
  readonly prefix: string;
  /** A key of the outbox's slot, passed as KEYS[1] to every script. */
  readonly anchor: string;
  /** Resolves once the first connection is made or has failed. */
  readonly started: Promise<void>;
  /** Whether replicas take over on failure (Sentinel, Cluster): then durable() waits for one. */
  readonly #replicated: boolean;

  constructor(url: string, prefix: string, commandTimeoutMs: number) {
    const { redis, kind, started } = openRedis(url, commandTimeoutMs, 'dcs-webhooks');
    const scripts = {
      whEnqueue: ENQUEUE,
      whClaim: CLAIM,
      whComplete: COMPLETE,
      whSetEndpoint: SET_ENDPOINT,
      whRetry: RETRY,
      whFinishRelease: FINISH_RELEASE,
    };
    for (const [name, lua] of Object.entries(scripts)) redis.defineCommand(name, { numberOfKeys: 1, lua });
    this.redis = redis as RedisClient & Scripts;
    this.prefix = outboxPrefix(prefix, kind);
    this.anchor = `${this.prefix}eps`;
    this.started = started;
    this.#replicated = kind !== 'single';
  }

  /**
   * Send `fill`'s commands as one pipeline (one node: every key is in the outbox's slot) and, with
   * replicas that take over on failure, WAIT for one of them to hold the writes, so that a write
   * the caller was told is done survives a failover. A WAIT that times out (no replica left, as
   * after a failover until the old master returns) leaves the write on the master alone, as on one
   * Redis. Returns the replies; throws the first error.
   */
  async durable(fill: (p: Batch) => unknown): Promise<unknown[]> {
    const p = this.redis.pipeline() as Batch;
    fill(p);
    if (this.#replicated) p.call('WAIT', 1, REPLICA_WAIT_MS);
    const replies = (await p.exec()) ?? [];
    const failed = replies.find(([err]) => err);
    if (failed) throw failed[0];
    return replies.map(([, v]) => v);
  }
}
