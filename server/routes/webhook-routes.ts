import { API_BASE } from '../contract/api/base.ts';
import {
  type CreateEndpointInput,
  CREATE_ENDPOINT_BODY,
  DELIVERY_ID_PATTERN,
  DELIVERY_STATUSES,
  ENDPOINT_ID_PATTERN,
  type UpdateEndpointInput,
  UPDATE_ENDPOINT_BODY,
  WEBHOOK_DEFAULTS,
  WEBHOOK_LIMITS,
} from '../contract/api/webhooks.ts';
import { type BodyResult, bodyReader } from '../http/body-reader.ts';
import type { Req, Res } from '../http/context.ts';
import { anyOf, limit, offset, params } from '../http/param-schemas.ts';
import { problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler, RouteInput } from '../http/route-input.ts';
import type { RouteSpec } from '../http/route-spec.ts';
import { respond } from '../http/respond.ts';
import { JSON_TYPE } from '../http/send.ts';
import { STORE_RETRY_SECONDS } from '../middleware/quota.ts';
import { ConflictError, FieldError, type WebhookService } from '../webhooks/service.ts';
import { deliveryView, endpointView } from '../webhooks/views.ts';
import { StoreUnavailableError } from '../webhooks/webhook-types.ts';
import { pageLinks } from './collection-shapes.ts';
import { NO_PARAMS } from './common-params.ts';
import { type Route, type RouteDeps, route } from './route-def.ts';

/**
 * The webhook subscription routes: the one thing a client writes, with their request body schemas
 * and extra problem kinds. Each handler validates its path and query with the route's parameter
 * schemas and its body with the route's body schema, then calls the service. Answers are never
 * cached (`no-store`): they hold secrets or change with every delivery.
 */

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
const DELIVERIES_QUERY = params({
  limit: limit('deliveries', 100, 20),
  offset: offset('deliveries'),
  status: anyOf(DELIVERY_STATUSES, 'Only deliveries with one of these statuses.'),
});

const base = `${API_BASE}/webhooks`;
const common = { tag: 'Webhooks', scope: 'webhooks', etag: false } as const;
const owned = { ...common, pathParams: ENDPOINT_PATH, problems: ['not-found'] } as const;

const SPECS = {
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
} as const;

const NO_STORE = 'no-store';

function sendJson(req: Req, res: Res, status: number, body: unknown, extra: string[] = []): void {
  const bytes = Buffer.from(JSON.stringify(body));
  respond(
    req,
    res,
    status,
    ['Content-Type', JSON_TYPE, 'Cache-Control', NO_STORE, 'Content-Length', String(bytes.length), ...extra],
    bytes,
  );
}

function notFound(req: Req, res: Res, id: string): void {
  sendProblem(req, res, problem('not-found', `No webhook endpoint ${id} for this API key.`));
}

/** The key's id: these routes run after auth, so there always is one. */
const owner = (req: Req): string => req.ctx.principal!.keyId;

type Run<S extends RouteSpec> = (req: Req, res: Res, s: WebhookService, input: RouteInput<S>) => Promise<void>;

/** The service's errors as problems: a conflict, a store that does not answer, a bad body member. */
function sendServiceError(req: Req, res: Res, err: unknown): void {
  if (err instanceof ConflictError) return sendProblem(req, res, problem('conflict', err.message));
  // The outbox does not answer (Redis away, its file not writable): nothing was done, try again shortly.
  if (err instanceof StoreUnavailableError)
    return sendProblem(
      req,
      res,
      problem('unavailable', 'The webhook store does not answer; nothing was changed. Try again after Retry-After.'),
      ['Retry-After', String(STORE_RETRY_SECONDS)],
    );
  if (err instanceof FieldError)
    return sendProblem(
      req,
      res,
      problem('invalid-parameters', `Invalid request body: ${err.field}.`, {
        invalidParams: [{ name: err.field, reason: err.reason, detail: err.message }],
      }),
    );
  throw err;
}

/** A webhook route: `run` gets the service, or the route answers 503 when webhooks are off. */
function webhookRoute<const S extends RouteSpec>(spec: S, run: (deps: RouteDeps) => Run<S>): Route<S> {
  return route(spec, (deps): RouteHandler<S> => {
    const handle = run(deps);
    return async function webhookHandler(req, res, input) {
      const s = deps.webhooks();
      if (!s) return sendProblem(req, res, problem('unavailable', 'Webhooks are not enabled on this server.'));
      try {
        await handle(req, res, s, input);
      } catch (err) {
        sendServiceError(req, res, err);
      }
    };
  });
}

const refuse = (req: Req, res: Res, r: Extract<BodyResult<unknown>, { ok: false }>) =>
  sendProblem(req, res, r.problem, r.close ? ['Connection', 'close'] : []);

export const WEBHOOK_ROUTES = {
  createWebhook: webhookRoute(SPECS.createWebhook, () => {
    const read = bodyReader<CreateEndpointInput>(SPECS.createWebhook.body, WEBHOOK_LIMITS.bodyBytes);
    return async (req, res, s) => {
      const b = await read(req);
      if (!b.ok) return refuse(req, res, b);
      const { endpoint, secret } = await s.create(owner(req), b.value);
      const view = endpointView(endpoint, s.now());
      sendJson(req, res, 201, { data: { ...view, secret } }, ['Location', view.links.self]);
    };
  }),
  listWebhooks: webhookRoute(SPECS.listWebhooks, () => async (req, res, s) => {
    const now = s.now();
    sendJson(req, res, 200, { data: (await s.list(owner(req))).map((e) => endpointView(e, now)) });
  }),
  getWebhook: webhookRoute(SPECS.getWebhook, () => async (req, res, s, { path }) => {
    const e = await s.get(owner(req), path.webhookId);
    if (!e) return notFound(req, res, path.webhookId);
    sendJson(req, res, 200, { data: endpointView(e, s.now()) });
  }),
  updateWebhook: webhookRoute(SPECS.updateWebhook, () => {
    const read = bodyReader<UpdateEndpointInput>(SPECS.updateWebhook.body, WEBHOOK_LIMITS.bodyBytes);
    return async (req, res, s, { path }) => {
      if (!(await s.get(owner(req), path.webhookId))) return notFound(req, res, path.webhookId);
      const b = await read(req);
      if (!b.ok) return refuse(req, res, b);
      const e = await s.update(owner(req), path.webhookId, b.value);
      if (!e) return notFound(req, res, path.webhookId);
      sendJson(req, res, 200, { data: endpointView(e, s.now()) });
    };
  }),
  deleteWebhook: webhookRoute(SPECS.deleteWebhook, () => async (req, res, s, { path }) => {
    if (!(await s.remove(owner(req), path.webhookId))) return notFound(req, res, path.webhookId);
    respond(req, res, 204, ['Cache-Control', NO_STORE]);
  }),
  rotateWebhookSecret: webhookRoute(SPECS.rotateWebhookSecret, () => async (req, res, s, { path }) => {
    const r = await s.rotate(owner(req), path.webhookId);
    if (!r) return notFound(req, res, path.webhookId);
    sendJson(req, res, 200, { data: { ...endpointView(r.endpoint, s.now()), secret: r.secret } });
  }),
  testWebhook: webhookRoute(SPECS.testWebhook, () => async (req, res, s, { path }) => {
    const d = await s.test(owner(req), path.webhookId);
    if (!d) return notFound(req, res, path.webhookId);
    sendJson(req, res, 202, { data: deliveryView(d) });
  }),
  listWebhookDeliveries: webhookRoute(SPECS.listWebhookDeliveries, () => async (req, res, s, { path, query }) => {
    const { limit, offset, status } = query;
    const page = await s.deliveries(owner(req), path.webhookId, offset, limit, status ?? null);
    if (!page) return notFound(req, res, path.webhookId);
    const self = `${base}/${path.webhookId}/deliveries`;
    const { pagination, links, linkHeader } = pageLinks(self, req.query, limit, offset, page.total);
    sendJson(req, res, 200, { data: page.items.map(deliveryView), pagination, links }, linkHeader ? ['Link', linkHeader] : []);
  }),
  retryWebhookDelivery: webhookRoute(SPECS.retryWebhookDelivery, () => async (req, res, s, { path }) => {
    const d = await s.retry(owner(req), path.webhookId, path.deliveryId);
    if (d === null && !(await s.get(owner(req), path.webhookId))) return notFound(req, res, path.webhookId);
    if (!d) return sendProblem(req, res, problem('not-found', `No delivery ${path.deliveryId} to webhook endpoint ${path.webhookId}.`));
    sendJson(req, res, 202, { data: deliveryView(d) });
  }),
};
