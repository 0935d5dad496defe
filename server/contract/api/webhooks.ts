/**
 * Webhooks as the API states them: event types, the limits of a subscription, the request body
 * schemas of the subscription routes and the id formats. The server enforces them; the build writes
 * them into the OpenAPI document (request bodies, `x-webhooks`, the description).
 */
import { MONDO_ID_PATTERN } from './base.ts';

/** Every event type, in the order the document lists them. */
export const EVENT_TYPES = ['release.published', 'disease.created', 'disease.updated', 'disease.removed', 'webhook.test'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What each event type means, for the OpenAPI document and the README. */
export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'release.published':
    'A new release of the data was published: its id, when, counts of diseases added, changed, removed and unchanged, and links.',
  'disease.created': 'A disease record appeared in a release: its id, name, content version and a link to the record.',
  'disease.updated':
    'The content of a disease record changed in a release: the sections and top-level fields that changed, the content versions before and after, and links.',
  'disease.removed':
    'A disease record left the current set in a release (usually because Mondo obsoleted the class): the replacement if there is one, and links.',
  'webhook.test': 'Sent by `POST /api/v1/webhooks/{webhookId}/test` only, whatever the endpoint subscribes to.',
};

/** Component schema of each event's payload (content/schemas). */
export const EVENT_SCHEMAS: Record<EventType, string> = {
  'release.published': 'WebhookReleasePublishedEvent',
  'disease.created': 'WebhookDiseaseCreatedEvent',
  'disease.updated': 'WebhookDiseaseUpdatedEvent',
  'disease.removed': 'WebhookDiseaseRemovedEvent',
  'webhook.test': 'WebhookTestEvent',
};

/** Limits of a subscription. */
export const WEBHOOK_LIMITS = {
  /** Largest request body accepted by the subscription routes, in bytes. */
  bodyBytes: 4096,
  /** Endpoints one API key may have. */
  endpointsPerKey: 10,
  /** Mondo ids in one watch list. */
  watchList: 100,
  urlLength: 2048,
  descriptionLength: 200,
} as const;

export const ENDPOINT_ID_PATTERN = '^ep_[A-Za-z0-9_-]{22}$';
export const DELIVERY_ID_PATTERN = '^dlv_[A-Za-z0-9_-]{22}$';
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

const URL_MEMBER = {
  type: 'string',
  minLength: 1,
  maxLength: WEBHOOK_LIMITS.urlLength,
  example: 'https://example.org/hooks/disease-content',
  description:
    'Where events are POSTed: an absolute `https://` URL without credentials or fragment (plain `http://` only where the operator allows it). Its host must not be, or resolve to, a loopback, private, link-local, CGNAT, multicast, unspecified, reserved or cloud metadata address; it is checked again before every delivery.',
} as const;
const EVENTS_MEMBER = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: { type: 'string', enum: EVENT_TYPES },
  example: ['disease.updated', 'disease.removed'],
  description: 'Event types to receive; absent: every type. `webhook.test` is always sent by the test route.',
} as const;
const DISEASES_MEMBER = {
  type: 'array',
  nullable: true,
  minItems: 1,
  maxItems: WEBHOOK_LIMITS.watchList,
  uniqueItems: true,
  items: { type: 'string', pattern: MONDO_ID_PATTERN, 'x-malformed': 'a Mondo id: MONDO: followed by 7 digits' },
  example: ['MONDO:0007739', 'MONDO:0009061'],
  description: `Watch list of at most ${WEBHOOK_LIMITS.watchList} Mondo ids: disease events only about these, and \`release.published\` only for releases that touch one of them. Absent or null: every disease.`,
} as const;
const DESCRIPTION_MEMBER = {
  type: 'string',
  maxLength: WEBHOOK_LIMITS.descriptionLength,
  description: 'Your own note about the endpoint.',
} as const;

/** Body of POST /webhooks. */
export const CREATE_ENDPOINT_BODY = {
  title: 'WebhookEndpointCreate',
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  description: 'A new webhook endpoint.',
  properties: { url: URL_MEMBER, events: EVENTS_MEMBER, diseases: DISEASES_MEMBER, description: DESCRIPTION_MEMBER },
} as const;

/** Body of PATCH /webhooks/{webhookId}: the members to change. */
export const UPDATE_ENDPOINT_BODY = {
  title: 'WebhookEndpointUpdate',
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  description: 'The members to change; at least one. `enabled: true` re-enables a disabled endpoint and clears its `disabledReason`.',
  properties: {
    url: URL_MEMBER,
    events: EVENTS_MEMBER,
    diseases: DISEASES_MEMBER,
    description: DESCRIPTION_MEMBER,
    enabled: { type: 'boolean', description: 'false pauses deliveries (pending ones are cancelled); true resumes them.' },
  },
} as const;

/** A request body schema: a JSON Schema object in the OpenAPI 3.0 subset, with a component title. */
export type BodySchema = typeof CREATE_ENDPOINT_BODY | typeof UPDATE_ENDPOINT_BODY;

/** The values of a create body once validated. */
export interface CreateEndpointInput {
  url: string;
  events?: EventType[];
  diseases?: string[] | null;
  description?: string;
}
/** The values of an update body once validated. */
export type UpdateEndpointInput = Partial<CreateEndpointInput> & { enabled?: boolean };

/** Signature version of Standard Webhooks' symmetric scheme (HMAC-SHA256). */
export const SIGNATURE_VERSION = 'v1';
/** Prefix of a signing secret as shown to clients. */
export const SECRET_PREFIX = 'whsec_';

/**
 * Defaults of the operator settings (WEBHOOK_*; server/settings.ts reads them, the
 * document states them). The schedule is Standard Webhooks' example: ten attempts over 3 days.
 */
export const WEBHOOK_DEFAULTS = {
  schedule: ['0', '5s', '5m', '30m', '2h', '5h', '10h', '14h', '20h', '24h'],
  jitter: 0.2,
  timeout: '15s',
  concurrency: 32,
  endpointConcurrency: 4,
  disableAfter: '5d',
  rotationOverlap: '24h',
  retention: '7d',
  poll: '1s',
} as const;

/** Kinds of address a webhook may not reach unless the operator allows them (WEBHOOK_ALLOW_ADDRESSES). */
export const ADDRESS_KINDS = ['loopback', 'private', 'link-local', 'cgnat', 'multicast', 'unspecified', 'metadata', 'reserved'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];
/** The kinds in words, for documents. */
export const ADDRESS_KINDS_DOC =
  'loopback, private (RFC 1918, IPv6 unique local), link-local, CGNAT (100.64.0.0/10), multicast, unspecified, reserved (documentation, benchmarking, broadcast) or cloud metadata (169.254.169.254 and the like)';
