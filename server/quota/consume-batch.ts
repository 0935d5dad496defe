import type { QuotaSlot } from './store.ts';

/** What Redis said about one request of a batch. */
export interface BatchReply {
  admitted: boolean;
  /** One count per slot, in the request's slot order (see CONSUME_BATCH_SCRIPT). */
  counts: number[];
}

/** Sends one batch script call: KEYS and ARGV as CONSUME_BATCH_SCRIPT reads them; the flat reply. */
export type SendBatch = (keys: string[], argv: (string | number)[]) => Promise<number[]>;

interface Pending {
  keys: string[];
  slots: QuotaSlot[];
  /** Expiry instant per slot (ms), passed to PEXPIREAT. */
  expiries: number[];
  resolve(reply: BatchReply): void;
  reject(err: Error): void;
}

/** Requests per script call at most: bounds how long Redis runs one script (a few hundred µs). */
export const MAX_BATCH = 256;

/**
 * Gathers quota checks and sends them to Redis as one script call: those a server reads in one
 * turn of the event loop (the flush runs from setImmediate, after that turn's I/O), and, while a
 * batch is out, every check that arrives until its reply (one batch in flight at a time, as
 * ioredis' auto-pipelining does). Under load one round trip, one write and one read then carry
 * many requests instead of one each, for Redis as for this process; a lone request waits only for
 * the end of its own turn. Redis applies a batch in arrival order, atomically, so every decision
 * is exactly the one a call per request would have made.
 */
export class ConsumeBatcher {
  readonly #send: SendBatch;
  #queue: Pending[] = [];
  #scheduled = false;
  #inFlight = false;
  /** Script calls made, and requests they carried (tests and metrics read these). */
  calls = 0;
  requests = 0;

  constructor(send: SendBatch) {
    this.#send = send;
  }

  /** Queue one request's check; the promise settles when its batch's reply arrives. */
  submit(keys: string[], slots: QuotaSlot[], expiries: number[]): Promise<BatchReply> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ keys, slots, expiries, resolve, reject });
      if (!this.#scheduled && !this.#inFlight) {
        this.#scheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    this.#scheduled = false;
    if (this.#inFlight || this.#queue.length === 0) return;
    const batch = this.#queue.length > MAX_BATCH ? this.#queue.splice(0, MAX_BATCH) : this.#queue;
    if (batch === this.#queue) this.#queue = [];
    this.#inFlight = true;
    this.#sendOne(batch).finally(() => {
      this.#inFlight = false;
      // What queued while this batch was out goes at once: it has waited a round trip already.
      if (this.#queue.length > 0) this.#flush();
    });
  }

  #sendOne(batch: Pending[]): Promise<void> {
    const keys: string[] = [];
    const argv: (string | number)[] = [batch.length];
    for (const p of batch) {
      for (const key of p.keys) keys.push(key);
      argv.push(p.slots.length);
      for (const slot of p.slots) argv.push(slot.limit);
      for (const expiry of p.expiries) argv.push(expiry);
    }
    this.calls += 1;
    this.requests += batch.length;
    return this.#send(keys, argv).then(
      (flat) => {
        let at = 0;
        for (const p of batch) {
          const admitted = flat[at] === 1;
          const counts = flat.slice(at + 1, at + 1 + p.slots.length);
          at += 1 + p.slots.length;
          p.resolve({ admitted, counts });
        }
      },
      (err: Error) => {
        for (const p of batch) p.reject(err);
      },
    );
  }
}
