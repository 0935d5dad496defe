import { API_BASE } from './base.ts';
import { anyOf, limit, offset, params } from './params.ts';
import type { RouteDef } from './route-def.ts';
import {
  CREATE_ENDPOINT_BODY,
  DELIVERY_ID_PATTERN,
  DELIVERY_STATUSES,
  ENDPOINT_ID_PATTERN,
  UPDATE_ENDPOINT_BODY,
  WEBHOOK_DEFAULTS,
  WEBHOOK_LIMITS,
} from './webhooks.ts';

/**
 * The webhook subscription routes: the one thing a client writes. They join the route table
 * (routes.ts spreads them into ROUTES) with their request body schemas and extra problem kinds.
 */

const NO_PARAMS = params({});
const WEBHOOK_ID = {
  type: 'string',
  pattern: ENDPOINT_ID_PATTERN,
  'x-malformed': 'ep_ followed by 22 characters',
  example: 'ep_2Jd8sQk3VbN0aT5xYc1LmR',
  description: "Id of a webhook endpoint of this API key (another key's endpoint is a 404).",
} as const;
const DELIVERY_ID = {
  type: 'string',
  pattern: DELIVERY_ID_PATTERN,
  'x-malformed': 'dlv_ followed by 22 characters',
  example: 'dlv_Q3n9dPz0kLw7tYb2XcVa5M',
  description: 'Id of one delivery: one event to this endpoint.',
} as const;
const ENDPOINT_PATH = params({ webhookId: WEBHOOK_ID }, ['webhookId']);
const DELIVERY_PATH = params({ webhookId: WEBHOOK_ID, deliveryId: DELIVERY_ID }, ['webhookId', 'deliveryId']);
export const DELIVERIES_QUERY = params({
  limit: limit('deliveries', 100, 20),
  offset: offset('deliveries'),
  status: anyOf(DELIVERY_STATUSES, 'Only deliveries with one of these statuses.'),
});

const base = `${API_BASE}/webhooks`;
const common = { tag: 'Webhooks', scope: 'webhooks', etag: false } as const;
const owned = { ...common, pathParams: ENDPOINT_PATH, problems: ['not-found'] } as const;

export const WEBHOOK_ROUTES = {
  createWebhook: {
    ...common,
    method: 'POST',
    path: base,
    query: NO_PARAMS,
    pathParams: NO_PARAMS,
    body: CREATE_ENDPOINT_BODY,
    problems: ['unsupported-media-type', 'conflict'],
    summary: 'Create a webhook endpoint',
    description: `Subscribes a URL to events. The answer carries the signing secret (\`whsec_...\`) this once; keep it. At most ${WEBHOOK_LIMITS.endpointsPerKey} endpoints per API key (409 beyond). The body is JSON (\`Content-Type: application/json\`, at most ${WEBHOOK_LIMITS.bodyBytes} bytes). Added in v1.3.0.`,
    ok: { status: 201, description: 'Created; `Location` names the endpoint.', schema: 'WebhookEndpointSecretResponse' },
  },
  listWebhooks: {
    ...common,
    path: base,
    query: NO_PARAMS,
    pathParams: NO_PARAMS,
    summary: "This API key's webhook endpoints",
    description: `Every endpoint of the calling API key, oldest first (at most ${WEBHOOK_LIMITS.endpointsPerKey}, so no pages). Secrets are never listed. Added in v1.3.0.`,
    ok: { description: 'The endpoints.', schema: 'WebhookEndpointListResponse' },
  },
  getWebhook: {
    ...owned,
    path: `${base}/{webhookId}`,
    query: NO_PARAMS,
    summary: 'One webhook endpoint',
    description: 'The endpoint without its secret; `disabledReason` says why a disabled endpoint stopped. Added in v1.3.0.',
    ok: { description: 'The endpoint.', schema: 'WebhookEndpointResponse' },
  },
  updateWebhook: {
    ...owned,
    method: 'PATCH',
    path: `${base}/{webhookId}`,
    query: NO_PARAMS,
    body: UPDATE_ENDPOINT_BODY,
    problems: ['not-found', 'unsupported-media-type'],
    summary: 'Change a webhook endpoint',
    description:
      'Changes `url`, `events`, `diseases`, `description` or `enabled`; members left out keep their value, `diseases: null` removes the watch list. Added in v1.3.0.',
    ok: { description: 'The endpoint as changed.', schema: 'WebhookEndpointResponse' },
  },
  deleteWebhook: {
    ...owned,
    method: 'DELETE',
    path: `${base}/{webhookId}`,
    query: NO_PARAMS,
    summary: 'Delete a webhook endpoint',
    description: 'Deletes the endpoint with its pending deliveries and its delivery history. Added in v1.3.0.',
    ok: { status: 204, description: 'Deleted.', schema: null },
  },
  rotateWebhookSecret: {
    ...owned,
    method: 'POST',
    path: `${base}/{webhookId}/rotate-secret`,
    query: NO_PARAMS,
    summary: 'Rotate the signing secret',
    description: `Issues a new secret, returned this once. During the overlap (${WEBHOOK_DEFAULTS.rotationOverlap} unless the operator set another) deliveries carry two signatures, one per secret, space-separated in \`webhook-signature\`, so receivers can switch without losing an event. Added in v1.3.0.`,
    ok: {
      description: 'The endpoint with its new secret and when the previous one stops being used.',
      schema: 'WebhookEndpointSecretResponse',
    },
  },
  testWebhook: {
    ...owned,
    method: 'POST',
    path: `${base}/{webhookId}/test`,
    query: NO_PARAMS,
    problems: ['not-found', 'conflict'],
    summary: 'Send a test event',
    description:
      'Queues a `webhook.test` event to this endpoint, delivered like any other (signed, retried). A disabled endpoint is a 409: enable it first. Added in v1.3.0.',
    ok: { status: 202, description: 'Queued; the delivery can be followed under /deliveries.', schema: 'WebhookDeliveryResponse' },
  },
  listWebhookDeliveries: {
    ...owned,
    path: `${base}/{webhookId}/deliveries`,
    query: DELIVERIES_QUERY,
    link: true,
    summary: 'Recent deliveries to an endpoint',
    description: `Deliveries newest first, each with its attempts (time, response status, duration, error) and the time of the next attempt. Finished deliveries are kept for ${WEBHOOK_DEFAULTS.retention} unless the operator set another retention. Added in v1.3.0.`,
    ok: { description: 'One page of deliveries.', schema: 'WebhookDeliveryListResponse' },
  },
  retryWebhookDelivery: {
    ...common,
    method: 'POST',
    path: `${base}/{webhookId}/deliveries/{deliveryId}/retry`,
    pathParams: DELIVERY_PATH,
    query: NO_PARAMS,
    problems: ['not-found', 'conflict'],
    summary: 'Deliver one event again',
    description:
      "Queues one more attempt at once, with the same `webhook-id` (receivers deduplicate on it), whatever the delivery's status. A disabled endpoint is a 409. Added in v1.3.0.",
    ok: { status: 202, description: 'Queued.', schema: 'WebhookDeliveryResponse' },
  },
} as const satisfies Record<string, Omit<RouteDef, 'operationId'>>;
