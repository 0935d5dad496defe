import type { DeliveryStatus } from '../contract/api/webhooks.ts';
import type { DestinationPolicy } from './destination.ts';
import { outcomeOf, type RetryRules } from './outcome.ts';
import { sendOnce, type SendResult } from './sender.ts';
import { signatureHeader } from './signing.ts';
import { type AttemptOutcome, type ClaimedDelivery, StoreUnavailableError, type WebhookStore } from './webhook-types.ts';

export interface DispatcherOptions {
  store: WebhookStore;
  policy: DestinationPolicy;
  rules: RetryRules;
  /** One attempt's limit, resolution included (ms). */
  timeoutMs: number;
  /** Attempts in flight in this process, all endpoints together. */
  concurrency: number;
  /** Attempts in flight to one endpoint from this process. */
  perEndpoint: number;
  /** Longest sleep between two looks for due work (other processes may enqueue). */
  pollMs: number;
  onError: (err: Error) => void;
  /** Told of every attempt's outcome: the status the delivery has after it (metrics). */
  onOutcome?: (status: DeliveryStatus) => void;
  /** Replaces the HTTP sender (tests of the rules). */
  send?: typeof sendOnce;
  now?: () => number;
}

/** Recording is given up this long before the claim lapses: after that, another process may take the delivery up. */
const RECORD_MARGIN_MS = 5000;

const USER_AGENT = 'disease-content-service-webhooks/1 (+https://disease-content-service.dev)';

/**
 * Sends what is due: at most `concurrency` attempts at once and `perEndpoint` per endpoint, so a
 * slow or stalled receiver holds a few slots for at most `timeoutMs` each while the others go on;
 * every send is asynchronous I/O, so the API never waits for a receiver. Claims hold a delivery for
 * the attempt's time and a margin: if this process dies, another (or the next start) takes it up.
 */
export class Dispatcher {
  readonly #o: DispatcherOptions;
  readonly #now: () => number;
  readonly #inFlight = new Map<string, number>();
  readonly #running = new Set<Promise<void>>();
  #total = 0;
  #timer: NodeJS.Timeout | null = null;
  #busy = false;
  #again = false;
  #stopped = true;

  constructor(o: DispatcherOptions) {
    this.#o = o;
    this.#now = o.now ?? Date.now;
  }

  start(): void {
    this.#stopped = false;
    this.wake();
  }

  /** Look for due work now (after an enqueue or a completion). */
  wake(): void {
    if (this.#stopped) return;
    if (this.#busy) {
      this.#again = true;
      return;
    }
    this.#busy = true;
    void this.#tick()
      .catch((err) => {
        this.#o.onError(err as Error);
        // A store that failed mid-turn (Redis away) is looked at again after the poll interval:
        // without a timer nothing would wake the dispatcher until the next enqueue.
        if (this.#timer) clearTimeout(this.#timer);
        this.#timer = setTimeout(() => this.wake(), this.#o.pollMs);
        this.#timer.unref();
      })
      .finally(() => {
        this.#busy = false;
        if (this.#again) {
          this.#again = false;
          this.wake();
        }
      });
  }

  /** Attempts in flight now. */
  get inFlight(): number {
    return this.#total;
  }

  /** Stop claiming; wait up to `graceMs` for attempts in flight to be recorded (the rest are retried after a restart). */
  async stop(graceMs: number): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await Promise.race([Promise.allSettled([...this.#running]), new Promise((r) => setTimeout(r, graceMs).unref())]);
  }

  async #tick(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const { store, concurrency, perEndpoint, timeoutMs, pollMs } = this.#o;
    const now = this.#now();
    const due = await store.dueEndpoints(now);
    // Endpoints with fewer attempts in flight first: a busy endpoint never starves the others.
    due.sort((a, b) => (this.#inFlight.get(a) ?? 0) - (this.#inFlight.get(b) ?? 0));
    for (const endpointId of due) {
      const room = Math.min(perEndpoint - (this.#inFlight.get(endpointId) ?? 0), concurrency - this.#total);
      if (this.#stopped || room <= 0) continue;
      // The lease outlasts the attempt's own limit, so a live process never loses a delivery it is sending.
      for (const c of await store.claim(endpointId, now, room, now + timeoutMs + 30_000)) this.#run(c);
    }
    if (this.#stopped || this.#total >= concurrency) return;
    const next = await store.nextDue();
    const wait = next === null ? pollMs : Math.min(pollMs, Math.max(0, next - this.#now()));
    this.#timer = setTimeout(() => this.wake(), Math.max(wait, 5));
    this.#timer.unref();
  }

  #run(c: ClaimedDelivery): void {
    const epId = c.endpoint.id;
    this.#inFlight.set(epId, (this.#inFlight.get(epId) ?? 0) + 1);
    this.#total++;
    const p = this.#attempt(c)
      .catch((err) => this.#o.onError(err as Error))
      .finally(() => {
        this.#running.delete(p);
        const n = (this.#inFlight.get(epId) ?? 1) - 1;
        if (n === 0) this.#inFlight.delete(epId);
        else this.#inFlight.set(epId, n);
        this.#total--;
        this.wake();
      });
    this.#running.add(p);
  }

  async #attempt(c: ClaimedDelivery): Promise<void> {
    const at = this.#now();
    const ts = Math.floor(at / 1000);
    const { message: m, endpoint: e } = c;
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': m.id,
      'webhook-timestamp': String(ts),
      'webhook-signature': signatureHeader(e.secrets, m.id, ts, m.body, at),
    };
    const result: SendResult = await (this.#o.send ?? sendOnce)({
      url: e.url,
      headers,
      body: m.body,
      policy: this.#o.policy,
      timeoutMs: this.#o.timeoutMs,
    });
    const outcome = outcomeOf(c, result, at, this.#o.rules);
    await this.#record(c, outcome);
    this.#o.onOutcome?.(outcome.status);
  }

  /**
   * Record an attempt's outcome. While the store does not answer (Redis failing over), try again,
   * a second apart at most, until the claim's lease is about to lapse: an attempt the receiver
   * took is then recorded once Redis is back instead of being sent again after the lease.
   */
  async #record(c: ClaimedDelivery, outcome: AttemptOutcome): Promise<void> {
    for (let wait = 100; ; wait = Math.min(2 * wait, 1000)) {
      try {
        return await this.#o.store.complete(c, outcome);
      } catch (err) {
        if (!(err instanceof StoreUnavailableError) || this.#now() + wait >= c.leaseUntil - RECORD_MARGIN_MS) throw err;
        await new Promise((r) => setTimeout(r, wait));
      }
    }
  }
}
