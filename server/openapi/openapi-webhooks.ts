import {
  ADDRESS_KINDS_DOC,
  EVENT_DESCRIPTIONS,
  EVENT_SCHEMAS,
  EVENT_TYPES,
  WEBHOOK_DEFAULTS as D,
  WEBHOOK_LIMITS as L,
} from '../contract/api/webhooks.ts';
import { SELF_SERVE_TIER, TIER_SCOPES, TIERS } from '../contract/api/tiers.ts';

/**
 * The webhooks in the OpenAPI document: `x-webhooks` (the document is 3.0, which has no
 * `webhooks`; 3.1's shape is used under the extension name), one POST per event type with the
 * Standard Webhooks headers and the payload schema, and the description's section on delivery.
 */

type Obj = Record<string, unknown>;

const header = (name: string, description: string, example: string): Obj => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string' },
  example,
});

const HEADERS = [
  header(
    'webhook-id',
    'The event id (`msg_...`): the same on every attempt and for every endpoint; use it to process an event once.',
    'msg_2KWPBgLlAfxdpx2AI54pPJ',
  ),
  header(
    'webhook-timestamp',
    'When this attempt was sent, in Unix seconds; reject deliveries whose timestamp is more than a few minutes off your clock.',
    '1767657600',
  ),
  header(
    'webhook-signature',
    '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64-decoded part of your `whsec_` secret; during a rotation two, space-separated. Any Standard Webhooks library verifies it.',
    'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ),
];

/** `x-webhooks`: one entry per event type. */
export function openApiWebhooks(): Record<string, Obj> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: type,
          description: EVENT_DESCRIPTIONS[type],
          operationId: `webhook_${type.replace('.', '_')}`,
          tags: ['Webhooks'],
          parameters: HEADERS,
          // The service calls the receiver: no API key goes with it; the request is authenticated by its signature headers.
          security: [],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: `#/components/schemas/${EVENT_SCHEMAS[type]}` } } },
          },
          responses: {
            '2XX': { description: 'Received: the delivery is done.' },
            '410': { description: 'Gone: the endpoint is disabled and nothing more is sent to it.' },
            '429': { description: 'Too many requests: retried after `Retry-After` when given, else on the schedule (also for 503).' },
            default: { description: 'Any other answer, a timeout or no answer: retried on the schedule.' },
          },
        },
      },
    ]),
  );
}

const code = (values: readonly string[]): string => values.map((v) => `\`${v}\``).join(', ');

/** The `## Webhooks` section of info.description. */
export function describeWebhooks(): string {
  const tiers = TIERS.filter((t) => TIER_SCOPES[t].includes('webhooks'));
  return `## Webhooks
- Signed change notifications for every release, on the \`${SELF_SERVE_TIER}\` tier and above (${code(tiers)}: the \`webhooks\` scope); other keys get a 403. Subscriptions are the one thing a client writes: \`/api/v1/webhooks\` (create, list, read, change, delete, rotate the secret, send a test, list deliveries, retry one). Their calls count against the quota like any other; deliveries do not.
- Event types: ${code(EVENT_TYPES)}. Payloads are \`{type, timestamp, data}\`, small: ids, names, what changed and links to read more, never a record (\`x-webhooks\` has each schema). An endpoint may take only some \`events\`, and watch a list of \`diseases\` (at most ${L.watchList}): then it gets only those diseases' events, and \`release.published\` only for releases that touch one of them.
- Delivery follows Standard Webhooks: a POST with \`webhook-id\`, \`webhook-timestamp\` and \`webhook-signature\` (\`v1,\` + base64 HMAC-SHA256 over \`id.timestamp.body\`, keyed with the secret's base64-decoded part). The id is the same on every retry. After \`rotate-secret\` the previous secret signs too for ${D.rotationOverlap} (two signatures, space-separated).
- At least once: deliveries are stored before they are sent and survive restarts; a receiver may see an event twice and should deduplicate on \`webhook-id\`. Order is not guaranteed.
- A 2xx within ${D.timeout} delivers. Anything else is retried after ${code(D.schedule)} (ten attempts over about three days, each delay ±${D.jitter * 100} % at random); a 429 or 503 with \`Retry-After\` is retried when it asks. 410 Gone disables the endpoint; an endpoint whose every attempt has failed for ${D.disableAfter} is disabled with \`disabledReason\`. Redirects are not followed. \`PATCH {"enabled": true}\` re-enables it.
- Destinations: \`https://\` URLs whose host is not, and does not resolve to, a ${ADDRESS_KINDS_DOC} address, checked at creation and again before every attempt, connecting only to the addresses checked. At most ${L.endpointsPerKey} endpoints per key; request bodies at most ${L.bodyBytes} bytes of JSON.
- Deliveries (with every attempt's time, response status, duration and error) are listed for ${D.retention} after they finish.`;
}
