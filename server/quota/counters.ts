import { decisionFrom, type CounterLocation, type Decision, type QuotaSlot } from './store.ts';

/** One persisted counter; `resetAt` lets expired windows be dropped without knowing the policy. */
export interface CounterEntry {
  count: number;
  resetAt: number;
}

// Pruning walks every counter, so it runs at most this often from the request path.
const PRUNE_EVERY_MS = 60_000;

/**
 * In-process counters keyed by API key, window and window id. Every method is synchronous, so a
 * check-and-increment can never interleave with another request on the same event loop.
 */
export class CounterTable {
  readonly #entries = new Map<string, CounterEntry>();
  /**
   * Per API key, the counter keys of the slots it was last counted in: the middleware passes the
   * same slots array for a policy all day, so a request builds no key strings and hashes none.
   */
  readonly #current = new Map<string, { slots: QuotaSlot[]; keys: string[] }>();
  #lastPrune = 0;
  /** Set by every change; the memory store clears it after persisting. */
  dirty = false;

  constructor(entries: Record<string, CounterEntry> = {}) {
    for (const [key, entry] of Object.entries(entries)) this.#entries.set(key, { ...entry });
  }

  /** Admit when every slot is below its limit, then count the request in all of them. */
  consume(keyId: string, slots: QuotaSlot[], now: number, counter: CounterLocation): Decision {
    this.#pruneNowAndThen(now);
    // One lookup per slot, counters updated in place: this runs on every request.
    const n = slots.length;
    const keys = this.#keysOf(keyId, slots);
    const entries = new Array<CounterEntry | undefined>(n);
    const counts = new Array<number>(n);
    let allowed = true;
    for (let i = 0; i < n; i++) {
      entries[i] = this.#entries.get(keys[i]);
      counts[i] = entries[i]?.count ?? 0;
      if (counts[i] >= slots[i].limit) allowed = false;
    }
    if (allowed) {
      for (let i = 0; i < n; i++) {
        counts[i] += 1;
        const e = entries[i];
        if (e) e.count = counts[i];
        else this.#entries.set(keys[i], { count: counts[i], resetAt: slots[i].resetAt });
      }
      this.dirty = true;
    }
    return decisionFrom(slots, counts, allowed, counter);
  }

  #keysOf(keyId: string, slots: QuotaSlot[]): string[] {
    const known = this.#current.get(keyId);
    if (known && known.slots === slots) return known.keys;
    const keys = slots.map((slot) => counterKey(keyId, slot));
    this.#current.set(keyId, { slots, keys });
    return keys;
  }

  /** Undo one admitted request; counters already pruned stay gone. */
  refund(keyId: string, slots: QuotaSlot[]): void {
    for (const slot of slots) {
      const entry = this.#entries.get(counterKey(keyId, slot));
      if (entry && entry.count > 0) {
        entry.count -= 1;
        this.dirty = true;
      }
    }
  }

  /** Overwrite a counter with a value learnt elsewhere (the Redis store mirrors its replies here). */
  set(keyId: string, slot: QuotaSlot, count: number, now: number): void {
    this.#pruneNowAndThen(now);
    this.#entries.set(counterKey(keyId, slot), { count, resetAt: slot.resetAt });
  }

  /** The current count of a slot, 0 when never counted. */
  get(keyId: string, slot: QuotaSlot): number {
    return this.#entries.get(counterKey(keyId, slot))?.count ?? 0;
  }

  /** Drop counters whose window has ended. */
  prune(now: number): void {
    this.#lastPrune = now;
    for (const [key, entry] of this.#entries) {
      if (entry.resetAt <= now) {
        this.#entries.delete(key);
        this.dirty = true;
      }
    }
  }

  #pruneNowAndThen(now: number): void {
    if (now - this.#lastPrune >= PRUNE_EVERY_MS) this.prune(now);
  }

  /** Plain object for the state file, keyed like the table. */
  toJSON(): Record<string, CounterEntry> {
    return Object.fromEntries(this.#entries);
  }
}

/** 'keyId|day|2026-01-06': the window id makes a new window a new counter, so nothing is reset in place. */
export function counterKey(keyId: string, slot: QuotaSlot): string {
  return `${keyId}|${slot.window}|${slot.id}`;
}
