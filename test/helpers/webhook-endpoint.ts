import type { Endpoint } from '../../server/webhooks/webhook-types.ts';

/** A stored webhook endpoint for tests of the fan-out: enabled, every event type, every disease unless `o` says otherwise. */
export function endpointOf(id: string, o: Partial<Endpoint> = {}): Endpoint {
  return {
    id,
    owner: 'k1',
    url: 'https://x.test/',
    events: null,
    diseases: null,
    description: null,
    enabled: true,
    disabledReason: null,
    secrets: [],
    failingSince: null,
    createdAt: 0,
    updatedAt: 0,
    ...o,
  };
}
