import { API_BASE } from '../contract/api/base.ts';
import type { Delivery, Endpoint } from './webhook-types.ts';

/** Times in answers: ISO 8601 UTC. */
export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** An endpoint as the API shows it: never its secrets. */
export function endpointView(e: Endpoint, now: number) {
  const previous = e.secrets.slice(1).find((s) => s.expiresAt !== null && s.expiresAt > now);
  const self = `${API_BASE}/webhooks/${e.id}`;
  return {
    id: e.id,
    url: e.url,
    events: e.events,
    diseases: e.diseases,
    description: e.description,
    enabled: e.enabled,
    disabledReason: e.disabledReason,
    createdAt: iso(e.createdAt),
    updatedAt: iso(e.updatedAt),
    previousSecretExpiresAt: previous ? iso(previous.expiresAt) : null,
    links: { self, deliveries: `${self}/deliveries` },
  };
}

/** A delivery with its attempts. */
export function deliveryView(d: Delivery) {
  return {
    id: d.id,
    eventId: d.msgId,
    eventType: d.type,
    status: d.status,
    createdAt: iso(d.createdAt),
    nextAttemptAt: iso(d.nextAttemptAt),
    attempts: d.attempts.map((a) => ({ at: iso(a.at), status: a.status, durationMs: a.durationMs, error: a.error, trigger: a.trigger })),
    links: { retry: `${API_BASE}/webhooks/${d.endpointId}/deliveries/${d.id}/retry` },
  };
}
