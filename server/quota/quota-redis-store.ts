import calculateSlot from 'cluster-key-slot';
import { type Tier, TIERS } from '../contract/api/tiers.ts';
import { openRedis, type RedisClient, whyNotReady } from '../redis/connect.ts';
import { FAIL_OPEN, type FailModes } from './fail-modes.ts';
import { ConsumeBatcher } from './consume-batch.ts';
import { CounterTable } from './counters.ts';
import { CONSUME_BATCH_SCRIPT, REFUND_SCRIPT } from './quota-redis-scripts.ts';
import {
  consoleLogger,
  decisionFrom,
  type Decision,
  type QuotaLogger,
  type QuotaSlot,
  type QuotaStore,
  type StoreHealth,
  type StoreObserver,
} from './store.ts';

export interface RedisStoreOptions {
  /** redis://host:port/db, redis+sentinel://host:port,.../name or redis+cluster://host:port,... (rediss for TLS; server/redis/redis-url.ts). */
  url: string;
  /** Prepended to every counter key; default 'quota:'. */
  prefix?: string;
  logger?: QuotaLogger;
  /**
   * After a Redis failure, requests are counted locally for this long before Redis is tried again;
   * default 1000 ms. On a cluster it holds for the hash slot that failed only.
   */
  backoffMs?: number;
  /** Longest wait for one Redis reply before counting locally; default 500 ms. */
  commandTimeoutMs?: number;
  /** Clock for the back-off only (windows come from the caller); default Date.now. */
  clock?: () => number;
  /**
   * QUOTA_FAIL_MODE, per tier: while Redis does not answer, a `closed` tier's metered calls are not
   * counted locally but refused (a decision counted 'unavailable', which the middleware answers
   * with a 503); an `open` tier's are counted in this process. Default: every tier open.
   */
  failModes?: FailModes;
  /**
   * The tiers whose calls are metered (a limited policy); readiness needs Redis only when every one
   * of them fails closed, since otherwise this process still serves some paying callers. Default: every tier.
   */
  meteredTiers?: readonly Tier[];
  /** Told of every Redis call (metrics). */
  observe?: StoreObserver;
}

/** The back-off entry of a failure that is not one slot's (the connection itself): it holds for every shard. */
const ALL = -1;

/** Keys outlive their window by this much, so clock skew between servers and Redis cannot end a window early. */
export const EXPIRY_GRACE_MS = 60_000;

interface QuotaCommands {
  quotaConsumeBatch(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
  quotaRefund(numberOfKeys: number, ...keys: string[]): Promise<number>;
}

/**
 * Counter key: the API key id in braces is a Redis Cluster hash tag, so both windows of one key live
 * in the same slot and one script can touch them. Example: 'quota:{k1}:day:2026-01-06'. (A prefix
 * with a hash tag of its own would put every key in one slot: correct, but one master's.)
 */
export function redisKey(prefix: string, keyId: string, slot: QuotaSlot): string {
  return `${prefix}{${keyId}}:${slot.window}:${slot.id}`;
}

/**
 * Counts shared by every server instance in Redis. Checks go to Redis in batches (ConsumeBatcher:
 * one turn of the event loop, or what arrived while the last batch was out), as one Lua script
 * call (EVALSHA) that decides them per key in one step: one round trip per batch, not per request,
 * with the same decisions.
 * When Redis is unreachable or fails, requests of a tier that fails open are still served and
 * counted in this process, starting from the last counts it saw in Redis, and those of a tier
 * that fails closed are refused; one warning is logged per outage, and Redis is tried again after
 * `backoffMs`. Counts made locally during an outage are not copied back. On a Redis Cluster the
 * batch goes as one script call per hash slot, and an outage is per slot: while one master fails
 * over, the keys of the other masters' slots are still counted in Redis.
 */
export class RedisStore implements QuotaStore {
  readonly #redis: RedisClient & QuotaCommands;
  readonly #local = new CounterTable();
  readonly #prefix: string;
  readonly #logger: QuotaLogger;
  readonly #backoffMs: number;
  readonly #clock: () => number;
  readonly #started: Promise<void>;
  readonly #failModes: FailModes;
  /** The metered tiers that fail closed, and those that fail open (readiness, log lines). */
  readonly #closed: readonly Tier[];
  readonly #open: readonly Tier[];
  readonly #observe: StoreObserver | null;
  readonly #batcher: ConsumeBatcher;
  /** Where a key's counters live: its hash slot on a cluster, 0 (one shard) otherwise. */
  readonly #shardOf: (keyId: string, slots: QuotaSlot[]) => number;
  /** Shards in back-off after a failure (ALL: every one), and when Redis is tried again for them. */
  readonly #retryAt = new Map<number, number>();
  #outage = false;

  constructor(options: RedisStoreOptions) {
    this.#prefix = options.prefix ?? 'quota:';
    this.#logger = options.logger ?? consoleLogger;
    this.#backoffMs = options.backoffMs ?? 1000;
    this.#clock = options.clock ?? Date.now;
    this.#failModes = options.failModes ?? FAIL_OPEN;
    const metered = options.meteredTiers ?? TIERS;
    this.#closed = metered.filter((t) => this.#failModes[t] === 'closed');
    this.#open = metered.filter((t) => this.#failModes[t] === 'open');
    this.#observe = options.observe ?? null;
    // Fails at once while disconnected instead of queueing: a request must never wait for a reconnect.
    const { redis, kind, started } = openRedis(options.url, options.commandTimeoutMs ?? 500, 'dcs-quota');
    redis.defineCommand('quotaConsumeBatch', { lua: CONSUME_BATCH_SCRIPT });
    redis.defineCommand('quotaRefund', { lua: REFUND_SCRIPT });
    redis.on('error', (err: Error) => this.#down(err, ALL));
    // ioredis keeps reconnecting in the background; 'ready' then ends the back-off early.
    redis.on('ready', () => this.#retryAt.clear());
    this.#redis = redis as RedisClient & QuotaCommands;
    this.#shardOf = kind === 'cluster' ? (keyId, slots) => calculateSlot(redisKey(this.#prefix, keyId, slots[0])) : () => 0;
    this.#batcher = new ConsumeBatcher(
      async (keys, argv) => {
        const t0 = performance.now();
        try {
          const notReady = whyNotReady(this.#redis);
          if (notReady) throw notReady;
          const reply = await this.#redis.quotaConsumeBatch(keys.length, ...keys, ...argv);
          this.#observe?.((performance.now() - t0) / 1000, true);
          return reply;
        } catch (err) {
          this.#observe?.((performance.now() - t0) / 1000, false);
          throw err;
        }
      },
      { key: (keyId, slot) => redisKey(this.#prefix, keyId, slot), expiry: (slot) => slot.resetAt + EXPIRY_GRACE_MS },
    );
    // Requests that arrive while the first connection is still being made wait for it (at most
    // the connect timeout) rather than being counted locally and reported as an outage.
    this.#started = started;
  }

  /** Check and count in Redis; while Redis is unavailable, locally or refused as `tier` fails. Never rejects. */
  async consume(keyId: string, slots: QuotaSlot[], now: number, tier: Tier): Promise<Decision> {
    await this.#started;
    const shard = slots.length > 0 ? this.#shardOf(keyId, slots) : 0;
    if (slots.length > 0 && this.#clock() >= Math.max(this.#retryAt.get(shard) ?? 0, this.#retryAt.get(ALL) ?? 0)) {
      try {
        const { admitted, counts } = await this.#batcher.submit(keyId, slots, shard);
        this.#up(shard);
        // Mirror what Redis said, so an outage continues from these counts rather than from zero.
        for (let i = 0; i < slots.length; i++) this.#local.set(keyId, slots[i], counts[i], now);
        return decisionFrom(slots, counts, admitted, 'redis');
      } catch (err) {
        this.#down(err as Error, shard);
      }
    }
    if (slots.length > 0 && this.#failModes[tier] === 'closed')
      return decisionFrom(
        slots,
        slots.map(() => 0),
        false,
        'unavailable',
      );
    return this.#local.consume(keyId, slots, now, 'local-fallback');
  }

  /** Script calls sent and the requests they decided, since start (tests read how well batches fill). */
  batchStats(): { calls: number; requests: number } {
    return { calls: this.#batcher.calls, requests: this.#batcher.requests };
  }

  /**
   * Down while the last call failed or the connection is not ready. Required only when every
   * metered tier fails closed: with one tier open the process still serves paying callers, so a
   * load balancer must keep sending it traffic.
   */
  health(): StoreHealth {
    const up = !this.#outage && this.#redis.status === 'ready';
    return {
      ok: up,
      required: this.#closed.length > 0 && this.#open.length === 0,
      detail: up ? 'Redis answers' : `Redis does not answer (${this.#redis.status}); ${this.#whileDown()} until it is back`,
    };
  }

  /** What metered calls get while Redis is away, per the fail modes of the metered tiers (readiness and the log). */
  #whileDown(): string {
    if (this.#closed.length === 0) return 'serving and counting quotas locally';
    if (this.#open.length === 0) return 'refusing metered calls (503)';
    return `refusing metered calls of ${this.#closed.join(', ')} (503), serving and counting those of ${this.#open.join(', ')} locally`;
  }

  /** Give back an admitted request's count where it was made. Never rejects. */
  async refund(keyId: string, decision: Decision): Promise<void> {
    if (!decision.allowed) return;
    this.#local.refund(keyId, decision.usage);
    if (decision.counter !== 'redis') return;
    const t0 = performance.now();
    try {
      const notReady = whyNotReady(this.#redis);
      if (notReady) throw notReady;
      await this.#redis.quotaRefund(decision.usage.length, ...decision.usage.map((slot) => redisKey(this.#prefix, keyId, slot)));
      this.#observe?.((performance.now() - t0) / 1000, true);
      this.#up(this.#shardOf(keyId, decision.usage));
    } catch (err) {
      this.#observe?.((performance.now() - t0) / 1000, false);
      this.#down(err as Error, this.#shardOf(keyId, decision.usage));
    }
  }

  /** Close the connection, waiting for replies in flight when connected. */
  async close(): Promise<void> {
    if (this.#redis.status === 'ready') {
      try {
        await this.#redis.quit();
        return;
      } catch {
        // Fall through: a failed QUIT still has to release the socket.
      }
    }
    this.#redis.disconnect();
  }

  #down(err: Error, shard: number): void {
    this.#retryAt.set(shard, this.#clock() + this.#backoffMs);
    if (this.#outage) return;
    this.#outage = true;
    this.#logger.warn({ err: err.message }, `Redis quota store unavailable: ${this.#whileDown()} until it is back`);
  }

  /** Redis answered for `shard`: the outage is over once no other shard is still in back-off. */
  #up(shard: number): void {
    if (!this.#outage) return;
    this.#retryAt.delete(shard);
    this.#retryAt.delete(ALL);
    const now = this.#clock();
    for (const [s, at] of this.#retryAt) if (at <= now) this.#retryAt.delete(s);
    if (this.#retryAt.size > 0) return;
    this.#outage = false;
    this.#logger.info({}, 'Redis quota store reachable again: counting in Redis');
  }
}
