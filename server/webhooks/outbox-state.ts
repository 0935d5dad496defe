import { MinHeap } from '../util/min-heap.ts';
import type { Attempt, Delivery, Endpoint, Message } from './webhook-types.ts';
import type { DeliveryStatus } from '../contract/api/webhooks.ts';

/** One change to the outbox, as the embedded store logs it (one JSON line each). */
export type OutboxRecord =
  | { t: 'ep'; e: Endpoint }
  | { t: 'del-ep'; id: string }
  | { t: 'enq'; m: Message[]; d: Delivery[] }
  | { t: 'att'; id: string; a: Attempt; s: DeliveryStatus; n: number | null; k: number }
  | { t: 'retry'; id: string; at: number }
  | { t: 'rel'; id: string }
  | { t: 'base'; id: string };

/**
 * The embedded outbox in memory: endpoints, messages, deliveries, a due queue per endpoint and
 * the releases done. Every change goes through apply(), both when it happens and when the log is
 * replayed at start, so the state after a restart is the state before it.
 */
export class OutboxState {
  readonly endpoints = new Map<string, Endpoint>();
  readonly messages = new Map<string, Message>();
  readonly deliveries = new Map<string, Delivery>();
  /** Deliveries of each endpoint, oldest first. */
  readonly byEndpoint = new Map<string, Delivery[]>();
  readonly due = new Map<string, MinHeap<string>>();
  /** Deliveries handed to the dispatcher, with the end of their lease (in memory only: a restart retries them). */
  readonly leased = new Map<string, number>();
  readonly releasesDone = new Set<string>();
  last: string | null = null;

  apply(r: OutboxRecord): void {
    switch (r.t) {
      case 'ep': {
        this.endpoints.set(r.e.id, r.e);
        if (!r.e.enabled) for (const d of this.byEndpoint.get(r.e.id) ?? []) if (d.status === 'pending') this.#finish(d, 'failed');
        break;
      }
      case 'del-ep': {
        for (const d of this.byEndpoint.get(r.id) ?? []) this.deliveries.delete(d.id);
        this.endpoints.delete(r.id);
        this.byEndpoint.delete(r.id);
        this.due.delete(r.id);
        break;
      }
      case 'enq': {
        for (const m of r.m) if (!this.messages.has(m.id)) this.messages.set(m.id, m);
        for (const d of r.d) {
          if (this.deliveries.has(d.id) || !this.endpoints.has(d.endpointId)) continue;
          this.deliveries.set(d.id, d);
          let list = this.byEndpoint.get(d.endpointId);
          if (!list) this.byEndpoint.set(d.endpointId, (list = []));
          list.push(d);
          if (d.status === 'pending' && d.nextAttemptAt !== null) this.#queue(d.endpointId).push(d.nextAttemptAt, d.id);
        }
        break;
      }
      case 'att': {
        const d = this.deliveries.get(r.id);
        if (!d) break;
        this.leased.delete(d.id);
        d.attempts.push(r.a);
        d.status = r.s;
        d.nextAttemptAt = r.n;
        d.scheduled = r.k;
        d.manual = null;
        if (r.s === 'pending' && r.n !== null) this.#queue(d.endpointId).push(r.n, d.id);
        break;
      }
      case 'retry': {
        const d = this.deliveries.get(r.id);
        if (!d) break;
        d.manual = d.status;
        d.status = 'pending';
        d.nextAttemptAt = r.at;
        this.#queue(d.endpointId).push(r.at, d.id);
        break;
      }
      case 'rel':
        this.releasesDone.add(r.id);
        this.last = r.id;
        break;
      case 'base':
        this.last ??= r.id;
        break;
    }
  }

  /** Whether a due-queue entry still stands for a delivery to attempt at `at`. */
  live(at: number, id: string): boolean {
    const d = this.deliveries.get(id);
    if (d?.status !== 'pending') return false;
    const lease = this.leased.get(id);
    return lease === undefined ? d.nextAttemptAt === at : lease === at;
  }

  /** The earliest live entry of an endpoint's queue, dropping stale ones on the way. */
  head(endpointId: string): [number, string] | undefined {
    const heap = this.due.get(endpointId);
    if (!heap) return undefined;
    while (heap.size > 0) {
      const top: [number, string] = [heap.topKey(), heap.topPayload()!];
      if (this.live(top[0], top[1])) return top;
      heap.pop();
    }
    return undefined;
  }

  /** Lease a due delivery: it leaves the queue until `until`, when it is due again if not completed. */
  lease(endpointId: string, id: string, until: number): void {
    this.due.get(endpointId)?.pop();
    this.leased.set(id, until);
    this.#queue(endpointId).push(until, id);
  }

  /**
   * The records that rebuild this state, leaving out finished deliveries whose last activity is
   * older than `keepAfter` and messages no delivery needs any more: the body of a compacted log.
   */
  records(keepAfter: number): OutboxRecord[] {
    const out: OutboxRecord[] = [];
    if (this.last) out.push({ t: 'base', id: this.last });
    for (const id of this.releasesDone) if (id !== this.last) out.push({ t: 'rel', id });
    if (this.last && this.releasesDone.has(this.last)) out.push({ t: 'rel', id: this.last });
    for (const e of this.endpoints.values()) out.push({ t: 'ep', e });
    for (const [epId, list] of this.byEndpoint) {
      const kept = list.filter((d) => d.status === 'pending' || lastActivity(d) >= keepAfter);
      this.byEndpoint.set(epId, kept);
      for (const d of list) if (!kept.includes(d)) this.deliveries.delete(d.id);
    }
    const needed = new Set([...this.deliveries.values()].map((d) => d.msgId));
    for (const id of this.messages.keys()) if (!needed.has(id)) this.messages.delete(id);
    // Batches of 1000 deliveries keep each line a manageable size.
    const all = [...this.deliveries.values()];
    for (let i = 0; i < all.length; i += 1000) {
      const d = all.slice(i, i + 1000);
      out.push({ t: 'enq', m: [...new Set(d.map((x) => x.msgId))].map((id) => this.messages.get(id)!), d });
    }
    return out;
  }

  #queue(endpointId: string): MinHeap<string> {
    let heap = this.due.get(endpointId);
    if (!heap) this.due.set(endpointId, (heap = new MinHeap<string>()));
    return heap;
  }

  #finish(d: Delivery, status: DeliveryStatus): void {
    d.status = status;
    d.nextAttemptAt = null;
    d.manual = null;
    this.leased.delete(d.id);
  }
}

function lastActivity(d: Delivery): number {
  return d.attempts.length ? d.attempts[d.attempts.length - 1].at : d.createdAt;
}
