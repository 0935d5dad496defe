import type { DeliveryStatus, EventType } from '../contract/api/webhooks.ts';

/** A signing secret and, for the previous one during a rotation, when it stops being used. */
export interface EndpointSecret {
  secret: string;
  expiresAt: number | null;
}

/** A subscription as stored. Secrets never leave the store except in signatures and the create/rotate answers. */
export interface Endpoint {
  id: string;
  /** Id of the API key that created it: only that key sees it. */
  owner: string;
  url: string;
  /** null: every event type. */
  events: EventType[] | null;
  /** Watch list; null: every disease. */
  diseases: string[] | null;
  description: string | null;
  enabled: boolean;
  disabledReason: string | null;
  /** The current secret first; a rotated-out one follows until it expires. */
  secrets: EndpointSecret[];
  /** Start of the current run of failed attempts (ms); null after a success. */
  failingSince: number | null;
  createdAt: number;
  updatedAt: number;
}

/** One event as sent: the body is signed and sent byte for byte on every attempt. */
export interface Message {
  /** `msg_...`: the webhook-id header, the same on every attempt and for every endpoint. */
  id: string;
  type: EventType;
  /** The event's disease, for watch lists; null for release and test events. */
  disease: string | null;
  body: string;
  createdAt: number;
}

/** One attempt at a delivery. */
export interface Attempt {
  at: number;
  durationMs: number;
  /** HTTP status of the answer; null when none came (refused, timed out, connection failed). */
  status: number | null;
  error: string | null;
  /** 'manual' for a retry asked for through the API. */
  trigger: 'scheduled' | 'manual';
}

/** One message to one endpoint. */
export interface Delivery {
  /** `dlv_...`, derived from the message and endpoint ids, so enqueueing twice is harmless. */
  id: string;
  endpointId: string;
  msgId: string;
  type: EventType;
  status: DeliveryStatus;
  attempts: Attempt[];
  /** When the next attempt is due (ms); null once delivered or failed. */
  nextAttemptAt: number | null;
  /** Scheduled attempts made, for the retry schedule (manual retries do not count). */
  scheduled: number;
  /** Set by a manual retry: the status the delivery had then (a failed manual attempt goes back to it). */
  manual: DeliveryStatus | null;
  createdAt: number;
}

/** A delivery handed to the dispatcher, with what it needs to send it. */
export interface ClaimedDelivery {
  delivery: Delivery;
  message: Message;
  endpoint: Endpoint;
  leaseUntil: number;
}

/** What an attempt leads to, decided by the dispatcher and written by the store. */
export interface AttemptOutcome {
  attempt: Attempt;
  status: DeliveryStatus;
  nextAttemptAt: number | null;
  scheduled: number;
  /** Endpoint changes that follow (failingSince, disabling). */
  endpoint?: Pick<Endpoint, 'failingSince'> & Partial<Pick<Endpoint, 'enabled' | 'disabledReason'>>;
}

/** A page of deliveries. */
export interface DeliveryPage {
  items: Delivery[];
  total: number;
}

/**
 * Where subscriptions, the outbox and the release claims live: the embedded file store (one
 * process) or Redis (any number). Every write is durable once its promise resolves.
 */
export interface WebhookStore {
  createEndpoint(e: Endpoint): Promise<void>;
  endpoint(id: string): Promise<Endpoint | null>;
  endpointsOf(owner: string): Promise<Endpoint[]>;
  allEndpoints(): Promise<Endpoint[]>;
  /** Replace an endpoint; disabling it fails its pending deliveries. */
  updateEndpoint(e: Endpoint): Promise<void>;
  deleteEndpoint(id: string): Promise<void>;

  /** The newest release events were enqueued for (or the baseline); null before the first. */
  lastRelease(): Promise<string | null>;
  /** Record the first release seen as the baseline, when there is none yet. */
  setBaseline(release: string): Promise<void>;
  /**
   * Take the right to enqueue a release's events: true for exactly one caller across processes,
   * false when it is done or another holds it (a holder that dies loses it after `leaseMs`).
   */
  claimRelease(release: string, leaseMs: number): Promise<boolean>;
  /** Mark a claimed release done and make it the last one. */
  finishRelease(release: string): Promise<void>;

  /** Add messages and their deliveries; a delivery id already there is left as it is. */
  enqueue(messages: Message[], deliveries: Delivery[]): Promise<void>;
  /** Endpoint ids with a delivery due at `now`. */
  dueEndpoints(now: number): Promise<string[]>;
  /** Claim up to `max` due deliveries of one endpoint until `leaseUntil`. */
  claim(endpointId: string, now: number, max: number, leaseUntil: number): Promise<ClaimedDelivery[]>;
  /** Record an attempt made under a claim; a claim that lapsed meanwhile still records the attempt. */
  complete(claimed: ClaimedDelivery, outcome: AttemptOutcome): Promise<void>;
  deliveries(endpointId: string, offset: number, limit: number, statuses: DeliveryStatus[] | null): Promise<DeliveryPage>;
  delivery(endpointId: string, id: string): Promise<Delivery | null>;
  /** Make a delivery due at `now` again (manual retry). */
  retry(endpointId: string, id: string, now: number): Promise<Delivery | null>;
  /** Earliest time anything becomes due, for the dispatcher's sleep; null if nothing is pending. */
  nextDue(): Promise<number | null>;
  /** Deliveries not finished yet (the outbox depth, for metrics). */
  pendingCount(): Promise<number>;
  /** Whether the store answers now (readiness, metrics); never throws. */
  health(): WebhookStoreHealth;
  close(): Promise<void>;
}

/**
 * The store could not be reached or written (Redis away, the outbox file not writable): the call
 * did not happen and may be tried again. The routes answer it with a 503 and Retry-After; the
 * dispatcher and the announcer try again on their next turn.
 */
export class StoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}

/** A webhook store's state for readiness and metrics: whether it answers, and pending deliveries when known. */
export interface WebhookStoreHealth {
  ok: boolean;
  detail: string;
}
