import { whyNotReady } from '../redis/connect.ts';
import { asUnavailable, guardMethods } from './redis-guard.ts';
import { OutboxConnection } from './redis-outbox.ts';
import { cfgOf, deliveryOf, endpointOf, type Hash, hashOf } from './redis-records.ts';
import type { DeliveryStatus } from '../contract/api/webhooks.ts';
import type {
  Attempt,
  AttemptOutcome,
  ClaimedDelivery,
  Delivery,
  DeliveryPage,
  Endpoint,
  Message,
  StoreUnavailableError,
  WebhookStore,
  WebhookStoreHealth,
} from './webhook-types.ts';

export interface RedisWebhookStoreOptions {
  /** Any form server/redis/redis-url.ts reads: one Redis, a Sentinel group or a cluster. */
  url: string;
  /** Prepended to every key; default 'webhooks:' (on a cluster made a hash tag: outboxPrefix()). */
  prefix?: string;
  retentionMs: number;
  /** Longest wait for one reply before the call fails as unavailable; default 1000 ms. */
  commandTimeoutMs?: number;
  /** Told of every failed call (metrics). */
  onUnavailable?: (err: StoreUnavailableError) => void;
}

/** Methods that do not talk to Redis, or report instead of throwing. */
const UNGUARDED = new Set(['constructor', 'health', 'close']);

/** Messages outlive the retention by the retry schedule's span, so a pending delivery never loses its body. */
const SCHEDULE_SPAN_MS = 5 * 86_400_000;

/**
 * The webhook store in Redis, shared by any number of server processes: each step that must be
 * atomic is one Lua script (webhook-redis-scripts.ts). A release is claimed with SET NX and a lease; a
 * delivery is claimed by moving its due time to the lease's end, so a process that dies mid-attempt
 * leaves it due again once the lease lapses. Unlike the quota store it does not fall back to local
 * state when Redis is away: an outbox must not fork; calls fail and the dispatcher tries again.
 * They fail fast: nothing is queued while disconnected and a reply is awaited at most
 * `commandTimeoutMs`, so a caller gets a StoreUnavailableError (a 503 at the API) within about a
 * second instead of a stall; the connection is tried again every second at most, so calls succeed
 * again within about a second of Redis answering.
 * With Sentinel or a cluster, a write whose loss would lose something the caller was told is done
 * (a delivery enqueued, an endpoint created, changed or deleted, a retry queued) waits until a
 * replica holds it (OutboxConnection.durable), so it survives a failover; claims and
 * completions do not wait: losing one only sends a delivery again, which at-least-once allows.
 */
export class RedisWebhookStore implements WebhookStore {
  readonly #c: OutboxConnection;
  readonly #redis: OutboxConnection['redis'];
  readonly #p: string;
  readonly #retention: number;

  constructor(o: RedisWebhookStoreOptions) {
    const c = new OutboxConnection(o.url, o.prefix ?? 'webhooks:', o.commandTimeoutMs ?? 1000);
    this.#c = c;
    this.#redis = c.redis;
    this.#p = c.prefix;
    this.#retention = o.retentionMs;
    this.#started = c.started;
    this.#onUnavailable = o.onUnavailable ?? null;
    // Every call that talks to Redis fails as StoreUnavailableError when Redis does not answer.
    guardMethods(this, RedisWebhookStore.prototype, UNGUARDED, (call) => this.#guard(call));
  }

  readonly #started: Promise<void>;
  readonly #onUnavailable: ((err: StoreUnavailableError) => void) | null;
  #lastError: string | null = null;

  async #guard<T>(call: () => Promise<T>): Promise<T> {
    await this.#started;
    try {
      const notReady = whyNotReady(this.#redis);
      if (notReady) throw notReady;
      const out = await call();
      this.#lastError = null;
      return out;
    } catch (err) {
      const e = asUnavailable(err, 'the webhook outbox in Redis');
      if (e === err) throw err;
      this.#lastError = (err as Error).message;
      this.#onUnavailable?.(e as StoreUnavailableError);
      throw e;
    }
  }

  /** Up while connected and the last call did not fail for want of an answer. */
  health(): WebhookStoreHealth {
    const up = this.#redis.status === 'ready' && this.#lastError === null;
    return up
      ? { ok: true, detail: 'Redis answers' }
      : { ok: false, detail: `Redis does not answer (${this.#lastError ?? this.#redis.status})` };
  }

  async pendingCount(): Promise<number> {
    const ids = await this.#redis.smembers(this.#k('eps'));
    if (ids.length === 0) return 0;
    const p = this.#redis.pipeline();
    for (const id of ids) p.zcard(this.#k('due:', id));
    return ((await p.exec()) ?? []).reduce((n, [err, c]) => (err ? n : n + Number(c)), 0);
  }

  #k(...parts: string[]): string {
    return this.#p + parts.join('');
  }

  get #msgTtl(): number {
    return this.#retention + SCHEDULE_SPAN_MS;
  }

  async createEndpoint(e: Endpoint): Promise<void> {
    await this.#c.durable((p) =>
      p
        .multi()
        .hset(
          this.#k('ep:', e.id),
          'cfg',
          JSON.stringify(cfgOf(e)),
          'enabled',
          e.enabled ? '1' : '0',
          'reason',
          e.disabledReason ?? '',
          'failing',
          e.failingSince === null ? '' : String(e.failingSince),
        )
        .sadd(this.#k('eps'), e.id)
        .sadd(this.#k('owner:', e.owner), e.id)
        .exec(),
    );
  }

  async endpoint(id: string): Promise<Endpoint | null> {
    return endpointOf(await this.#redis.hgetall(this.#k('ep:', id)));
  }

  async endpointsOf(owner: string): Promise<Endpoint[]> {
    return this.#endpoints(await this.#redis.smembers(this.#k('owner:', owner)));
  }
  async allEndpoints(): Promise<Endpoint[]> {
    return this.#endpoints(await this.#redis.smembers(this.#k('eps')));
  }

  async #endpoints(ids: string[]): Promise<Endpoint[]> {
    const p = this.#redis.pipeline();
    for (const id of ids) p.hgetall(this.#k('ep:', id));
    return ((await p.exec()) ?? []).map(([, h]) => endpointOf(h as Hash)).filter((e): e is Endpoint => e !== null);
  }

  async updateEndpoint(e: Endpoint): Promise<void> {
    await this.#c.durable((p) =>
      p.whSetEndpoint(
        this.#c.anchor,
        this.#p,
        e.id,
        JSON.stringify(cfgOf(e)),
        e.enabled ? '1' : '0',
        e.disabledReason ?? '',
        e.failingSince === null ? '' : e.failingSince,
        this.#retention,
      ),
    );
  }

  async deleteEndpoint(id: string): Promise<void> {
    const e = await this.endpoint(id);
    if (!e) return;
    const ids = await this.#redis.zrange(this.#k('dls:', id), '0', '-1');
    await this.#c.durable((p) => {
      const m = p.multi();
      for (const d of ids) m.del(this.#k('dl:', d), this.#k('att:', d));
      m.del(this.#k('ep:', id), this.#k('due:', id), this.#k('dls:', id))
        .zrem(this.#k('due-eps'), id)
        .srem(this.#k('eps'), id)
        .srem(this.#k('owner:', e.owner), id)
        .exec();
    });
  }

  lastRelease(): Promise<string | null> {
    return this.#redis.get(this.#k('release:last'));
  }
  async setBaseline(release: string): Promise<void> {
    await this.#redis.set(this.#k('release:last'), release, 'NX');
  }
  async claimRelease(release: string, leaseMs: number): Promise<boolean> {
    return (await this.#redis.set(this.#k('release:', release), `claimed by ${process.pid}`, 'PX', leaseMs, 'NX')) === 'OK';
  }
  async finishRelease(release: string): Promise<void> {
    await this.#redis.whFinishRelease(this.#c.anchor, this.#p, release);
  }

  async enqueue(messages: Message[], deliveries: Delivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    const args: (string | number)[] = [this.#c.anchor, this.#p, this.#msgTtl, messages.length];
    for (const m of messages) args.push(m.id, JSON.stringify(m));
    for (const d of deliveries) args.push(d.id, d.endpointId, d.msgId, d.type, d.createdAt, d.nextAttemptAt ?? d.createdAt);
    await this.#c.durable((p) => p.whEnqueue(...args));
  }

  dueEndpoints(now: number): Promise<string[]> {
    return this.#redis.zrangebyscore(this.#k('due-eps'), '-inf', String(now));
  }

  async claim(endpointId: string, now: number, max: number, leaseUntil: number): Promise<ClaimedDelivery[]> {
    type Claimed = [id: string, delivery: string[], attempts: string[], message: string | null];
    const [ep, ...claimed]: [string[]?, ...Claimed[]] = await this.#redis.whClaim(
      this.#c.anchor,
      this.#p,
      endpointId,
      now,
      max,
      leaseUntil,
    );
    const endpoint = ep ? endpointOf(hashOf(ep)) : null;
    const out: ClaimedDelivery[] = [];
    for (const [id, flat, attempts, body] of claimed) {
      const h = hashOf(flat);
      if (!endpoint || !h.ep || !body) continue;
      const delivery = deliveryOf(
        id,
        h,
        attempts.map((a) => JSON.parse(a) as Attempt),
      );
      out.push({ delivery, message: JSON.parse(body) as Message, endpoint, leaseUntil });
    }
    return out;
  }

  async complete(c: ClaimedDelivery, o: AttemptOutcome): Promise<void> {
    const failing = !o.endpoint ? '' : o.endpoint.failingSince === null ? 'clear' : String(o.endpoint.failingSince);
    const reason = o.endpoint?.enabled === false ? (o.endpoint.disabledReason ?? 'disabled') : '';
    await this.#redis.whComplete(
      this.#c.anchor,
      this.#p,
      c.endpoint.id,
      c.delivery.id,
      c.leaseUntil,
      JSON.stringify(o.attempt),
      o.status,
      o.nextAttemptAt ?? '',
      o.scheduled,
      this.#retention,
      failing,
      reason,
    );
  }

  async deliveries(endpointId: string, offset: number, limit: number, statuses: DeliveryStatus[] | null): Promise<DeliveryPage> {
    const ids = await this.#redis.zrevrange(this.#k('dls:', endpointId), 0, -1);
    const all = await this.#deliveries(ids, false);
    const gone = ids.filter((_, i) => all[i] === null);
    if (gone.length) await this.#redis.zrem(this.#k('dls:', endpointId), ...gone);
    const matching = all.filter((d): d is Delivery => d !== null && (!statuses || statuses.includes(d.status)));
    const page = matching.slice(offset, offset + limit);
    const attempts = await this.#attempts(page.map((d) => d.id));
    page.forEach((d, i) => {
      d.attempts = attempts[i];
    });
    return { items: page, total: matching.length };
  }

  async delivery(endpointId: string, id: string): Promise<Delivery | null> {
    const [d] = await this.#deliveries([id]);
    return d && d.endpointId === endpointId ? d : null;
  }

  async retry(endpointId: string, id: string, now: number): Promise<Delivery | null> {
    const [r] = await this.#c.durable((p) => p.whRetry(this.#c.anchor, this.#p, endpointId, id, now, this.#msgTtl));
    return r === 0 ? null : this.delivery(endpointId, id);
  }

  async nextDue(): Promise<number | null> {
    const first = await this.#redis.zrange(this.#k('due-eps'), '0', '0', 'WITHSCORES');
    return first.length ? Number(first[1]) : null;
  }

  async close(): Promise<void> {
    await this.#redis.quit().catch(() => this.#redis.disconnect());
  }

  /** Deliveries by id (null where gone), with their attempts unless `withAttempts` is false. */
  async #deliveries(ids: string[], withAttempts = true): Promise<(Delivery | null)[]> {
    const p = this.#redis.pipeline();
    for (const id of ids) p.hgetall(this.#k('dl:', id));
    const hashes = ((await p.exec()) ?? []).map(([, h]) => h as Hash);
    const attempts = withAttempts ? await this.#attempts(ids) : ids.map(() => []);
    return hashes.map((h, i) => (h?.ep ? deliveryOf(ids[i], h, attempts[i]) : null));
  }

  async #attempts(ids: string[]): Promise<Attempt[][]> {
    const p = this.#redis.pipeline();
    for (const id of ids) p.lrange(this.#k('att:', id), 0, -1);
    return ((await p.exec()) ?? []).map(([, list]) => (list as string[]).map((a) => JSON.parse(a) as Attempt));
  }
}
