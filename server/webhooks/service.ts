import { WEBHOOK_LIMITS, type CreateEndpointInput, type DeliveryStatus, type UpdateEndpointInput } from '../contract/api/webhooks.ts';
import type { Announcer } from './announcer.ts';
import { checkUrl, DestinationError, hostOf, resolveChecked, type DestinationPolicy } from './destination.ts';
import type { Dispatcher } from './dispatcher.ts';
import { newDelivery, randomId, testMessage } from './events.ts';
import { newSecret } from './signing.ts';
import type { Delivery, DeliveryPage, Endpoint, WebhookStore } from './webhook-types.ts';

/** A body member the service refused (after the schema passed it): one `invalidParams` entry. */
export class FieldError extends Error {
  constructor(
    readonly field: string,
    readonly reason: 'malformed' | 'forbidden-destination',
    detail: string,
  ) {
    super(detail);
  }
}

/** How long creating or changing an endpoint waits for its host to resolve. */
const RESOLVE_MS = 5000;

/** A request that conflicts with the endpoint's state or the key's limits (409). */
export class ConflictError extends Error {}

export interface WebhookServiceOptions {
  store: WebhookStore;
  policy: DestinationPolicy;
  dispatcher: Dispatcher;
  announcer: Announcer;
  /** How long a rotated-out secret still signs (ms). */
  overlapMs: number;
  now?: () => number;
}

/**
 * What the subscription routes do, over the store: endpoints belong to the API key that created
 * them (`owner`); another key's endpoint does not exist for it (null, a 404). URLs are checked
 * (form, then every address the host resolves to) before anything is stored.
 */
export class WebhookService {
  readonly store: WebhookStore;
  readonly dispatcher: Dispatcher;
  readonly announcer: Announcer;
  readonly #o: WebhookServiceOptions;
  readonly #now: () => number;

  constructor(o: WebhookServiceOptions) {
    this.#o = o;
    this.store = o.store;
    this.dispatcher = o.dispatcher;
    this.announcer = o.announcer;
    this.#now = o.now ?? Date.now;
  }

  now(): number {
    return this.#now();
  }

  /** Start sending and announce whatever was published while no process ran. */
  async start(): Promise<void> {
    this.dispatcher.start();
    await this.announcer.check();
  }

  async stop(graceMs: number): Promise<void> {
    await this.dispatcher.stop(graceMs);
    await this.store.close();
  }

  async #checkedUrl(url: string): Promise<string> {
    try {
      const parsed = checkUrl(url, this.#o.policy);
      // A resolver that does not answer must not hold the request: the name is refused instead.
      let timer: NodeJS.Timeout | undefined;
      const slow = new Promise<never>((_, fail) => {
        timer = setTimeout(
          () => fail(new DestinationError(`${hostOf(parsed)} did not resolve within ${RESOLVE_MS / 1000} s`, 'malformed')),
          RESOLVE_MS,
        );
      });
      await Promise.race([resolveChecked(hostOf(parsed), this.#o.policy), slow]).finally(() => clearTimeout(timer));
      return parsed.href;
    } catch (err) {
      if (err instanceof DestinationError) throw new FieldError('/url', err.reason, err.message);
      throw err;
    }
  }

  async create(owner: string, input: CreateEndpointInput): Promise<{ endpoint: Endpoint; secret: string }> {
    const url = await this.#checkedUrl(input.url);
    if ((await this.store.endpointsOf(owner)).length >= WEBHOOK_LIMITS.endpointsPerKey) {
      throw new ConflictError(
        `This API key already has ${WEBHOOK_LIMITS.endpointsPerKey} webhook endpoints, the most it may have; delete one first.`,
      );
    }
    const now = this.#now();
    const secret = newSecret();
    const endpoint: Endpoint = {
      id: randomId('ep_'),
      owner,
      url,
      events: input.events ?? null,
      diseases: input.diseases ?? null,
      description: input.description ?? null,
      enabled: true,
      disabledReason: null,
      secrets: [{ secret, expiresAt: null }],
      failingSince: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.store.createEndpoint(endpoint);
    return { endpoint, secret };
  }

  list(owner: string): Promise<Endpoint[]> {
    return this.store.endpointsOf(owner).then((list) => list.sort((a, b) => a.createdAt - b.createdAt));
  }

  async get(owner: string, id: string): Promise<Endpoint | null> {
    const e = await this.store.endpoint(id);
    return e && e.owner === owner ? e : null;
  }

  async update(owner: string, id: string, input: UpdateEndpointInput): Promise<Endpoint | null> {
    const e = await this.get(owner, id);
    if (!e) return null;
    const next: Endpoint = { ...e, updatedAt: this.#now() };
    if (input.url !== undefined) next.url = await this.#checkedUrl(input.url);
    if (input.events !== undefined) next.events = input.events;
    if (input.diseases !== undefined) next.diseases = input.diseases;
    if (input.description !== undefined) next.description = input.description;
    if (input.enabled !== undefined && input.enabled !== e.enabled) {
      next.enabled = input.enabled;
      next.disabledReason = input.enabled ? null : 'Disabled through the API.';
      next.failingSince = null;
    }
    await this.store.updateEndpoint(next);
    return next;
  }

  async remove(owner: string, id: string): Promise<boolean> {
    if (!(await this.get(owner, id))) return false;
    await this.store.deleteEndpoint(id);
    return true;
  }

  /** A new current secret; the previous one keeps signing for the overlap (an older one is dropped). */
  async rotate(owner: string, id: string): Promise<{ endpoint: Endpoint; secret: string } | null> {
    const e = await this.get(owner, id);
    if (!e) return null;
    const now = this.#now();
    const secret = newSecret();
    const next: Endpoint = {
      ...e,
      secrets: [
        { secret, expiresAt: null },
        { secret: e.secrets[0].secret, expiresAt: now + this.#o.overlapMs },
      ],
      updatedAt: now,
    };
    await this.store.updateEndpoint(next);
    return { endpoint: next, secret };
  }

  async test(owner: string, id: string): Promise<Delivery | null> {
    const e = await this.#enabled(owner, id);
    if (!e) return null;
    const now = this.#now();
    const m = testMessage(e.id, now);
    const d = newDelivery(m, e.id, now);
    await this.store.enqueue([m], [d]);
    this.dispatcher.wake();
    return d;
  }

  async deliveries(
    owner: string,
    id: string,
    offset: number,
    limit: number,
    statuses: DeliveryStatus[] | null,
  ): Promise<DeliveryPage | null> {
    if (!(await this.get(owner, id))) return null;
    return this.store.deliveries(id, offset, limit, statuses);
  }

  async retry(owner: string, id: string, deliveryId: string): Promise<Delivery | null> {
    if (!(await this.#enabled(owner, id))) return null;
    const d = await this.store.retry(id, deliveryId, this.#now());
    if (d) this.dispatcher.wake();
    return d;
  }

  async #enabled(owner: string, id: string): Promise<Endpoint | null> {
    const e = await this.get(owner, id);
    if (e && !e.enabled)
      throw new ConflictError(
        `The endpoint is disabled (${e.disabledReason ?? 'no reason recorded'}); PATCH it with {"enabled": true} first.`,
      );
    return e;
  }
}
