import type { DeliveryStatus, EventType } from '../contract/api/webhooks.ts';
import type { Attempt, Delivery, Endpoint } from './webhook-types.ts';

/** How the Redis webhook store lays endpoints and deliveries out in hashes (see webhook-redis-scripts.ts). */

export type Hash = Record<string, string>;

/** A hash from a script's HGETALL reply (field, value, field, value...). */
export function hashOf(flat: string[]): Hash {
  const h: Hash = {};
  for (let i = 0; i + 1 < flat.length; i += 2) h[flat[i]] = flat[i + 1];
  return h;
}

/** An endpoint's settled fields, stored as one JSON member (`cfg`). */
export type Cfg = Omit<Endpoint, 'enabled' | 'disabledReason' | 'failingSince'>;
/** The `cfg` part of an endpoint. */
export function cfgOf(e: Endpoint): Cfg {
  const { enabled: _e, disabledReason: _r, failingSince: _f, ...cfg } = e;
  return cfg;
}

/** An endpoint from its hash; null when there is none. */
export function endpointOf(h: Hash | null): Endpoint | null {
  if (!h?.cfg) return null;
  return {
    ...(JSON.parse(h.cfg) as Cfg),
    enabled: h.enabled === '1',
    disabledReason: h.reason || null,
    failingSince: h.failing ? Number(h.failing) : null,
  };
}

/** A delivery from its hash and attempts. */
export function deliveryOf(id: string, h: Hash, attempts: Attempt[]): Delivery {
  return {
    id,
    endpointId: h.ep,
    msgId: h.msg,
    type: h.type as EventType,
    status: h.status as DeliveryStatus,
    attempts,
    nextAttemptAt: h.next ? Number(h.next) : null,
    scheduled: Number(h.sched),
    manual: (h.manual || null) as DeliveryStatus | null,
    createdAt: Number(h.created),
  };
}
