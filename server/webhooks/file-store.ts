import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DeliveryStatus } from '../contract/api/webhooks.ts';
import { AppendLog } from './append-log.ts';
import { lockDir } from './dir-lock.ts';
import { OutboxState, type OutboxRecord } from './outbox-state.ts';
import {
  type AttemptOutcome,
  type ClaimedDelivery,
  type Delivery,
  type DeliveryPage,
  type Endpoint,
  type Message,
  StoreUnavailableError,
  type WebhookStore,
  type WebhookStoreHealth,
} from './webhook-types.ts';

/** Past this size the log is compacted even with deliveries pending. */
const HARD_LIMIT = 1024 * 1024 * 1024;

export interface FileStoreOptions {
  /** Directory of the outbox (created with mode 0700): outbox.log (0600) and outbox.lock. */
  dir: string;
  /** Finished deliveries are dropped this long after their last attempt, at the next compaction. */
  retentionMs: number;
  /** Compact once the log is this many bytes and twice its size after the last compaction (see #maybeCompact); default 16 MB. */
  compactBytes?: number;
  now?: () => number;
}

/**
 * The embedded store (the default): the outbox and subscriptions in memory, every change appended
 * to outbox.log before the call returns, so a killed process loses nothing that a caller was told
 * happened (see AppendLog). One process owns the directory (lockDir); releases are claimed by a
 * `rel` record in the same log. Run several server processes with the Redis store instead.
 */
export class FileStore implements WebhookStore {
  readonly #state = new OutboxState();
  readonly #log: AppendLog;
  readonly #unlock: () => void;
  readonly #retentionMs: number;
  readonly #compactBytes: number;
  readonly #now: () => number;
  readonly #claims = new Set<string>();
  readonly #syncTimer: NodeJS.Timeout;
  #compactAt: number;
  /** Why the last write failed; null while writes succeed. */
  #failing: string | null = null;

  constructor(o: FileStoreOptions) {
    mkdirSync(o.dir, { recursive: true, mode: 0o700 });
    chmodSync(o.dir, 0o700);
    this.#unlock = lockDir(o.dir);
    this.#retentionMs = o.retentionMs;
    this.#compactBytes = o.compactBytes ?? 16 * 1024 * 1024;
    this.#now = o.now ?? Date.now;
    const file = join(o.dir, 'outbox.log');
    const { log, records } = AppendLog.open(file);
    chmodSync(file, 0o600);
    this.#log = log;
    for (const r of records) this.#state.apply(r as OutboxRecord);
    this.#compact();
    this.#compactAt = Math.max(this.#compactBytes, 2 * this.#log.bytes);
    // A killed process loses nothing (every append reached the kernel); this bounds a power cut to 100 ms.
    // The same timer compacts a log that grew during a release once the release is delivered.
    let turns = 0;
    this.#syncTimer = setInterval(() => {
      // A disk that fails here (full, gone) must not end the process: the appends report it to callers.
      try {
        this.#log.sync();
        if (++turns % 50 === 0) this.#maybeCompact();
      } catch (err) {
        this.#failing = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      }
    }, 100);
    this.#syncTimer.unref();
  }

  #write(...records: OutboxRecord[]): void {
    try {
      this.#log.append(records);
      this.#failing = null;
    } catch (err) {
      // Nothing was recorded (a partial line is cut off): the caller is told, and may try again.
      this.#failing = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
      throw new StoreUnavailableError(`the webhook outbox ${this.#log.file} cannot be written (${this.#failing})`, { cause: err });
    }
    for (const r of records) this.#state.apply(r);
    this.#maybeCompact();
  }

  /** The outbox is in this process; it fails only while its file cannot be written. */
  health(): WebhookStoreHealth {
    return this.#failing === null
      ? { ok: true, detail: 'embedded outbox' }
      : { ok: false, detail: `embedded outbox: ${this.#log.file} cannot be written (${this.#failing})` };
  }

  async pendingCount(): Promise<number> {
    let n = 0;
    for (const d of this.#state.deliveries.values()) if (d.status === 'pending') n++;
    return n;
  }

  /**
   * Compact once the log has doubled, and only while no delivery is pending (the timer checks
   * every 5 s) unless the log passed HARD_LIMIT: rewriting the outbox is a synchronous pause that
   * grows with the live state (hundreds of ms with a release of every disease in it), which a
   * release being delivered, and the API beside it, should not take. Meanwhile the log grows by
   * about 1 KB per delivery.
   */
  #maybeCompact(): void {
    const bytes = this.#log.bytes;
    if (bytes < this.#compactAt) return;
    if (bytes < HARD_LIMIT && !this.#idle()) return;
    this.#compact();
    this.#compactAt = Math.max(this.#compactBytes, 2 * this.#log.bytes);
  }

  #idle(): boolean {
    for (const id of this.#state.due.keys()) if (this.#state.head(id)) return false;
    return true;
  }

  #compact(): void {
    this.#log.compact(this.#state.records(this.#now() - this.#retentionMs));
  }

  async createEndpoint(e: Endpoint): Promise<void> {
    this.#write({ t: 'ep', e: structuredClone(e) });
  }
  async endpoint(id: string): Promise<Endpoint | null> {
    return copy(this.#state.endpoints.get(id));
  }
  async endpointsOf(owner: string): Promise<Endpoint[]> {
    return [...this.#state.endpoints.values()].filter((e) => e.owner === owner).map((e) => structuredClone(e));
  }
  async allEndpoints(): Promise<Endpoint[]> {
    return [...this.#state.endpoints.values()].map((e) => structuredClone(e));
  }
  async updateEndpoint(e: Endpoint): Promise<void> {
    if (this.#state.endpoints.has(e.id)) this.#write({ t: 'ep', e: structuredClone(e) });
  }
  async deleteEndpoint(id: string): Promise<void> {
    if (this.#state.endpoints.has(id)) this.#write({ t: 'del-ep', id });
  }

  async lastRelease(): Promise<string | null> {
    return this.#state.last;
  }
  async setBaseline(release: string): Promise<void> {
    if (this.#state.last === null) this.#write({ t: 'base', id: release });
  }
  async claimRelease(release: string): Promise<boolean> {
    if (this.#state.releasesDone.has(release) || this.#claims.has(release)) return false;
    this.#claims.add(release);
    return true;
  }
  async finishRelease(release: string): Promise<void> {
    this.#claims.delete(release);
    this.#write({ t: 'rel', id: release });
  }

  async enqueue(messages: Message[], deliveries: Delivery[]): Promise<void> {
    const fresh = deliveries.filter((d) => !this.#state.deliveries.has(d.id) && this.#state.endpoints.has(d.endpointId));
    if (fresh.length === 0) return;
    const ids = new Set(fresh.map((d) => d.msgId));
    // One line: the batch is all there after a crash or not at all.
    this.#write({ t: 'enq', m: messages.filter((m) => ids.has(m.id)), d: fresh });
  }

  async dueEndpoints(now: number): Promise<string[]> {
    const out: string[] = [];
    for (const id of this.#state.due.keys()) {
      const head = this.#state.head(id);
      if (head && head[0] <= now) out.push(id);
    }
    return out;
  }

  async claim(endpointId: string, now: number, max: number, leaseUntil: number): Promise<ClaimedDelivery[]> {
    const endpoint = this.#state.endpoints.get(endpointId);
    const out: ClaimedDelivery[] = [];
    while (endpoint && out.length < max) {
      const head = this.#state.head(endpointId);
      if (!head || head[0] > now) break;
      const d = this.#state.deliveries.get(head[1])!;
      this.#state.lease(endpointId, d.id, leaseUntil);
      out.push({
        delivery: structuredClone(d),
        message: this.#state.messages.get(d.msgId)!,
        endpoint: structuredClone(endpoint),
        leaseUntil,
      });
    }
    return out;
  }

  async complete(claimed: ClaimedDelivery, o: AttemptOutcome): Promise<void> {
    const d = this.#state.deliveries.get(claimed.delivery.id);
    if (!d) return;
    const records: OutboxRecord[] = [{ t: 'att', id: d.id, a: o.attempt, s: o.status, n: o.nextAttemptAt, k: o.scheduled }];
    const e = this.#state.endpoints.get(d.endpointId);
    if (e && o.endpoint) {
      // A failure keeps the start of a run of failures another attempt recorded meanwhile.
      const failingSince = o.endpoint.failingSince === null ? null : (e.failingSince ?? o.endpoint.failingSince);
      records.push({
        t: 'ep',
        e: { ...e, ...o.endpoint, failingSince, updatedAt: o.endpoint.enabled === false ? o.attempt.at : e.updatedAt },
      });
    }
    this.#write(...records);
  }

  async deliveries(endpointId: string, offset: number, limit: number, statuses: DeliveryStatus[] | null): Promise<DeliveryPage> {
    const list = this.#state.byEndpoint.get(endpointId) ?? [];
    const matching: Delivery[] = [];
    for (let i = list.length - 1; i >= 0; i--) if (!statuses || statuses.includes(list[i].status)) matching.push(list[i]);
    return { items: matching.slice(offset, offset + limit).map((d) => structuredClone(d)), total: matching.length };
  }

  async delivery(endpointId: string, id: string): Promise<Delivery | null> {
    const d = this.#state.deliveries.get(id);
    return d && d.endpointId === endpointId ? structuredClone(d) : null;
  }

  async retry(endpointId: string, id: string, now: number): Promise<Delivery | null> {
    const d = this.#state.deliveries.get(id);
    if (!d || d.endpointId !== endpointId) return null;
    // An attempt under way, or one already due, is the retry asked for: asking twice changes nothing.
    const under = this.#state.leased.has(id) || (d.status === 'pending' && d.nextAttemptAt !== null && d.nextAttemptAt <= now);
    if (!under) this.#write({ t: 'retry', id, at: now });
    return structuredClone(d);
  }

  async nextDue(): Promise<number | null> {
    let min: number | null = null;
    for (const id of this.#state.due.keys()) {
      const head = this.#state.head(id);
      if (head && (min === null || head[0] < min)) min = head[0];
    }
    return min;
  }

  async close(): Promise<void> {
    clearInterval(this.#syncTimer);
    this.#log.close();
    this.#unlock();
  }
}

function copy<T>(v: T | undefined): T | null {
  return v === undefined ? null : structuredClone(v);
}
