import { Redis } from 'ioredis';
import { type Tier, TIERS } from '../contract/api/tiers.ts';
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
  /** redis://host:port/db (or rediss:// for TLS). */
  url: string;
  /** Prepended to every counter key; default 'quota:'. */
  prefix?: string;
  logger?: QuotaLogger;
  /** After a Redis failure, requests are counted locally for this long before Redis is tried again; default 1000 ms. */
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

/** Keys outlive their window by this much, so clock skew between servers and Redis cannot end a window early. */
export const EXPIRY_GRACE_MS = 60_000;

interface QuotaCommands {
  quotaConsumeBatch(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
  quotaRefund(numberOfKeys: number, ...keys: string[]): Promise<number>;
}

/**
 * Counter key: the API key id in braces is a Redis Cluster hash tag, so both windows of one key live
 * in the same slot and one script can touch them. Example: 'quota:{k1}:day:2026-01-06'.
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
 * `backoffMs`. Counts made locally during an outage are not copied back.
 */
export class RedisStore implements QuotaStore {
  readonly #redis: Redis & QuotaCommands;
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
  #retryAt = 0;
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
    const commandTimeout = options.commandTimeoutMs ?? 500;
    const connectTimeout = Math.max(commandTimeout, 1000);
    const redis = new Redis(options.url, {
      // Fail at once while disconnected instead of queueing: a request must never wait for a reconnect.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout,
      connectTimeout,
      // ioredis keeps reconnecting in the background; 'ready' then ends the back-off early.
      retryStrategy: (times) => Math.min(times * 100, 1000),
    });
    redis.defineCommand('quotaConsumeBatch', { lua: CONSUME_BATCH_SCRIPT });
    redis.defineCommand('quotaRefund', { lua: REFUND_SCRIPT });
    // Without a listener ioredis reports every failed reconnect as an unhandled error event.
    redis.on('error', (err: Error) => this.#down(err));
    redis.on('ready', () => {
      this.#retryAt = 0;
    });
    this.#redis = redis as Redis & QuotaCommands;
    this.#batcher = new ConsumeBatcher(
      async (keys, argv) => {
        const t0 = performance.now();
        try {
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
    // connectTimeout) rather than being counted locally and reported as an outage.
    this.#started = new Promise((resolve) => {
      const timer = setTimeout(resolve, connectTimeout).unref();
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      redis.once('ready', done).once('error', done).once('end', done);
    });
  }

  /** Check and count in Redis; while Redis is unavailable, locally or refused as `tier` fails. Never rejects. */
  async consume(keyId: string, slots: QuotaSlot[], now: number, tier: Tier): Promise<Decision> {
    await this.#started;
    if (slots.length > 0 && this.#clock() >= this.#retryAt) {
      try {
        const { admitted, counts } = await this.#batcher.submit(keyId, slots);
        this.#up();
        // Mirror what Redis said, so an outage continues from these counts rather than from zero.
        for (let i = 0; i < slots.length; i++) this.#local.set(keyId, slots[i], counts[i], now);
        return decisionFrom(slots, counts, admitted, 'redis');
      } catch (err) {
        this.#down(err as Error);
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
      await this.#redis.quotaRefund(decision.usage.length, ...decision.usage.map((slot) => redisKey(this.#prefix, keyId, slot)));
      this.#observe?.((performance.now() - t0) / 1000, true);
      this.#up();
    } catch (err) {
      this.#observe?.((performance.now() - t0) / 1000, false);
      this.#down(err as Error);
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

  #down(err: Error): void {
    this.#retryAt = this.#clock() + this.#backoffMs;
    if (this.#outage) return;
    this.#outage = true;
    this.#logger.warn({ err: err.message }, `Redis quota store unavailable: ${this.#whileDown()} until it is back`);
  }

  #up(): void {
    if (!this.#outage) return;
    this.#outage = false;
    this.#logger.info({}, 'Redis quota store reachable again: counting in Redis');
  }
}
