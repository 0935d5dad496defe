import type { QuotaSlot } from './store.ts';

/** What Redis said about one request of a batch. */
export interface BatchReply {
  admitted: boolean;
  /** One count per slot, in the request's slot order: after it when admitted, before it when not. */
  counts: number[];
}

/** Sends one batch script call: KEYS and ARGV as CONSUME_BATCH_SCRIPT reads them; the flat reply. */
export type SendBatch = (keys: string[], argv: (string | number)[]) => Promise<number[]>;

/** How the store names a counter in Redis, and when it expires (ms since the epoch). */
export interface CounterNaming {
  key(keyId: string, slot: QuotaSlot): string;
  expiry(slot: QuotaSlot): number;
}

interface Waiter {
  resolve(reply: BatchReply): void;
  reject(err: Error): void;
}

/** The requests of one batch with the same key and the same slots array, in arrival order. */
interface Group {
  keyId: string;
  slots: QuotaSlot[];
  /** Where its counters live (a Redis Cluster hash slot; 0 on one Redis): one script call per shard. */
  shard: number;
  waiters: Waiter[];
}

/** Requests per script call at most: bounds how long Redis runs one script. */
export const MAX_BATCH = 1024;

/**
 * Gathers quota checks and sends them to Redis as one script call: those a server reads in one
 * turn of the event loop (the flush runs from setImmediate, after that turn's I/O), and, while a
 * batch is out, every check that arrives until its reply (one batch in flight at a time, as
 * ioredis' auto-pipelining does). Checks of one key with the same slots form a group that Redis
 * decides in one step (CONSUME_BATCH_SCRIPT), so under load one round trip, one write, one read
 * and a few Lua steps carry many requests instead of one each, for Redis as for this process; a
 * lone request waits only for the end of its own turn. The first requests of a group are the ones
 * admitted, and a counter is never taken past its limit: exactly the decisions of one call each.
 * On a Redis Cluster a script may only touch keys of one hash slot, so a batch goes as one call per
 * shard (the slot its keys' hash tag names), all sent at once; the groups of one key are always in
 * one shard and keep their order, so the decisions stay those of one call each.
 */
export class ConsumeBatcher {
  readonly #send: SendBatch;
  readonly #naming: CounterNaming;
  #groups = new Map<string, Group[]>();
  #queued = 0;
  #scheduled = false;
  #inFlight = false;
  /** Script calls made, and requests they carried (tests read these). */
  calls = 0;
  requests = 0;

  constructor(send: SendBatch, naming: CounterNaming) {
    this.#send = send;
    this.#naming = naming;
  }

  /** Queue one request's check (its counters in `shard`); the promise settles when its batch's reply arrives. */
  submit(keyId: string, slots: QuotaSlot[], shard = 0): Promise<BatchReply> {
    return new Promise((resolve, reject) => {
      let list = this.#groups.get(keyId);
      if (list === undefined) this.#groups.set(keyId, (list = []));
      let group = list.find((g) => g.slots === slots);
      if (group === undefined) list.push((group = { keyId, slots, shard, waiters: [] }));
      group.waiters.push({ resolve, reject });
      this.#queued += 1;
      if (!this.#scheduled && !this.#inFlight) {
        this.#scheduled = true;
        setImmediate(() => this.#flush());
      }
    });
  }

  #flush(): void {
    this.#scheduled = false;
    if (this.#inFlight || this.#queued === 0) return;
    const shards = new Map<number, Group[]>();
    for (const list of this.#groups.values())
      for (const g of list) {
        const bucket = shards.get(g.shard);
        if (bucket) bucket.push(g);
        else shards.set(g.shard, [g]);
      }
    this.#groups = new Map();
    this.#queued = 0;
    this.#inFlight = true;
    const sends: Promise<[number, Error | null]>[] = [];
    for (const [shard, groups] of shards) {
      let chunk: Group[] = [];
      let size = 0;
      for (const g of groups) {
        if (size > 0 && size + g.waiters.length > MAX_BATCH) {
          sends.push(this.#sendOne(chunk).then((e) => [shard, e]));
          chunk = [];
          size = 0;
        }
        chunk.push(g);
        size += g.waiters.length;
      }
      sends.push(this.#sendOne(chunk).then((e) => [shard, e]));
    }
    void Promise.all(sends).then((outcomes) => {
      this.#inFlight = false;
      // Redis just failed for these shards: what queued for them meanwhile would wait for a second
      // timeout; it is failed now, and the store counts it locally (or refuses it) at once.
      const failed = new Map(outcomes.filter((o): o is [number, Error] => o[1] !== null));
      if (failed.size > 0) this.#failQueued(failed);
      // What queued while this batch was out goes at once: it has waited a round trip already.
      if (this.#queued > 0) this.#flush();
    });
  }

  /** Reject the queued checks of the shards that just failed, each with its shard's error. */
  #failQueued(failed: Map<number, Error>): void {
    for (const [keyId, list] of this.#groups) {
      const kept = list.filter((g) => {
        const err = failed.get(g.shard);
        if (!err) return true;
        for (const w of g.waiters) w.reject(err);
        this.#queued -= g.waiters.length;
        return false;
      });
      if (kept.length) this.#groups.set(keyId, kept);
      else this.#groups.delete(keyId);
    }
  }

  /** Send one script call for `groups`; settles every waiter; resolves to the error when it failed, never rejects. */
  #sendOne(groups: Group[]): Promise<Error | null> {
    const keys: string[] = [];
    const argv: (string | number)[] = [groups.length];
    for (const g of groups) {
      argv.push(g.slots.length, g.waiters.length);
      for (const slot of g.slots) {
        keys.push(this.#naming.key(g.keyId, slot));
        argv.push(slot.limit);
      }
      for (const slot of g.slots) argv.push(this.#naming.expiry(slot));
      this.requests += g.waiters.length;
    }
    this.calls += 1;
    return this.#send(keys, argv).then(
      (flat) => {
        let at = 0;
        for (const g of groups) {
          const admitted = flat[at];
          const before = flat.slice(at + 1, at + 1 + g.slots.length);
          at += 1 + g.slots.length;
          for (let j = 0; j < g.waiters.length; j++) {
            const ok = j < admitted;
            const step = ok ? j + 1 : admitted;
            g.waiters[j].resolve({ admitted: ok, counts: before.map((c) => c + step) });
          }
        }
        return null;
      },
      (err: Error) => {
        for (const g of groups) for (const w of g.waiters) w.reject(err);
        return err;
      },
    );
  }
}
