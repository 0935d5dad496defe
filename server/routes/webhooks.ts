import { ROUTES, type OperationId } from '../contract/api/routes.ts';
import { WEBHOOK_LIMITS, type CreateEndpointInput, type UpdateEndpointInput } from '../contract/api/webhooks.ts';
import { bodyReader, type BodyResult } from '../http/body-reader.ts';
import type { Req, Res } from '../http/context.ts';
import { problem, sendProblem } from '../http/problem.ts';
import type { RouteHandler, RouteInput } from '../http/route-input.ts';
import { respond } from '../http/respond.ts';
import { JSON_TYPE } from '../http/send.ts';
import { ConflictError, FieldError, type WebhookService } from '../webhooks/service.ts';
import { StoreUnavailableError } from '../webhooks/webhook-types.ts';
import { deliveryView, endpointView } from '../webhooks/views.ts';
import { STORE_RETRY_SECONDS } from '../middleware/quota.ts';
import { pageLinks } from './collection-shapes.ts';

type R = typeof ROUTES;
type WebhookOperation = Extract<OperationId, `${string}Webhook${string}` | 'listWebhooks'>;

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

/**
 * The handlers of the webhook routes, by operation id. Each validates its path and query with the
 * route's parameter schemas and its body with the route's body schema, then calls the service.
 * Answers are never cached (`no-store`): they hold secrets or change with every delivery.
 */
export function webhookHandlers(service: () => WebhookService | null): { [K in WebhookOperation]: RouteHandler<R[K]> } {
  const handle = <K extends WebhookOperation>(
    _id: K,
    run: (req: Req, res: Res, s: WebhookService, path: RouteInput<R[K]>['path'], query: RouteInput<R[K]>['query']) => Promise<void>,
  ): RouteHandler<R[K]> => {
    return async function webhookHandler(req, res, { path, query }) {
      const s = service();
      if (!s) return sendProblem(req, res, problem('unavailable', 'Webhooks are not enabled on this server.'));
      try {
        await run(req, res, s, path, query);
      } catch (err) {
        if (err instanceof ConflictError) return sendProblem(req, res, problem('conflict', err.message));
        // The outbox does not answer (Redis away, its file not writable): nothing was done, try again shortly.
        if (err instanceof StoreUnavailableError)
          return sendProblem(
            req,
            res,
            problem('unavailable', 'The webhook store does not answer; nothing was changed. Try again after Retry-After.'),
            ['Retry-After', String(STORE_RETRY_SECONDS)],
          );
        if (err instanceof FieldError) {
          return sendProblem(
            req,
            res,
            problem('invalid-parameters', `Invalid request body: ${err.field}.`, {
              invalidParams: [{ name: err.field, reason: err.reason, detail: err.message }],
            }),
          );
        }
        throw err;
      }
    };
  };
  const body = <T>(id: 'createWebhook' | 'updateWebhook') => bodyReader<T>(ROUTES[id].body, WEBHOOK_LIMITS.bodyBytes);
  const readCreate = body<CreateEndpointInput>('createWebhook');
  const readUpdate = body<UpdateEndpointInput>('updateWebhook');
  const refuse = (req: Req, res: Res, r: Extract<BodyResult<unknown>, { ok: false }>) =>
    sendProblem(req, res, r.problem, r.close ? ['Connection', 'close'] : []);

  return {
    createWebhook: handle('createWebhook', async (req, res, s) => {
      const b = await readCreate(req);
      if (!b.ok) return refuse(req, res, b);
      const { endpoint, secret } = await s.create(owner(req), b.value);
      const view = endpointView(endpoint, s.now());
      sendJson(req, res, 201, { data: { ...view, secret } }, ['Location', view.links.self]);
    }),
    listWebhooks: handle('listWebhooks', async (req, res, s) => {
      const now = s.now();
      sendJson(req, res, 200, { data: (await s.list(owner(req))).map((e) => endpointView(e, now)) });
    }),
    getWebhook: handle('getWebhook', async (req, res, s, path) => {
      const e = await s.get(owner(req), path.webhookId);
      if (!e) return notFound(req, res, path.webhookId);
      sendJson(req, res, 200, { data: endpointView(e, s.now()) });
    }),
    updateWebhook: handle('updateWebhook', async (req, res, s, path) => {
      if (!(await s.get(owner(req), path.webhookId))) return notFound(req, res, path.webhookId);
      const b = await readUpdate(req);
      if (!b.ok) return refuse(req, res, b);
      const e = await s.update(owner(req), path.webhookId, b.value);
      if (!e) return notFound(req, res, path.webhookId);
      sendJson(req, res, 200, { data: endpointView(e, s.now()) });
    }),
    deleteWebhook: handle('deleteWebhook', async (req, res, s, path) => {
      if (!(await s.remove(owner(req), path.webhookId))) return notFound(req, res, path.webhookId);
      respond(req, res, 204, ['Cache-Control', NO_STORE]);
    }),
    rotateWebhookSecret: handle('rotateWebhookSecret', async (req, res, s, path) => {
      const r = await s.rotate(owner(req), path.webhookId);
      if (!r) return notFound(req, res, path.webhookId);
      sendJson(req, res, 200, { data: { ...endpointView(r.endpoint, s.now()), secret: r.secret } });
    }),
    testWebhook: handle('testWebhook', async (req, res, s, path) => {
      const d = await s.test(owner(req), path.webhookId);
      if (!d) return notFound(req, res, path.webhookId);
      sendJson(req, res, 202, { data: deliveryView(d) });
    }),
    listWebhookDeliveries: handle('listWebhookDeliveries', async (req, res, s, path, query) => {
      const { limit, offset, status } = query;
      const page = await s.deliveries(owner(req), path.webhookId, offset, limit, status ?? null);
      if (!page) return notFound(req, res, path.webhookId);
      const { pagination, links, linkHeader } = pageLinks(
        `${ROUTES.getWebhook.path.replace('{webhookId}', path.webhookId)}/deliveries`,
        req.query,
        limit,
        offset,
        page.total,
      );
      sendJson(req, res, 200, { data: page.items.map(deliveryView), pagination, links }, linkHeader ? ['Link', linkHeader] : []);
    }),
    retryWebhookDelivery: handle('retryWebhookDelivery', async (req, res, s, path) => {
      const d = await s.retry(owner(req), path.webhookId, path.deliveryId);
      if (d === null && !(await s.get(owner(req), path.webhookId))) return notFound(req, res, path.webhookId);
      if (!d) return sendProblem(req, res, problem('not-found', `No delivery ${path.deliveryId} to webhook endpoint ${path.webhookId}.`));
      sendJson(req, res, 202, { data: deliveryView(d) });
    }),
  };
}
