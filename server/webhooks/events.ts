import { randomBytes } from 'node:crypto';
import { contentHash } from '../contract/snapshot/manifest.ts';
import type { EventType } from '../contract/api/webhooks.ts';
import type { PublishedRelease, ReleaseChange } from './release-feed.ts';
import type { Delivery, Endpoint, Message } from './webhook-types.ts';

/**
 * Events and their payloads. A payload is `{type, timestamp, data}` (Standard Webhooks), small:
 * ids, names, what changed and links to read more, never a record. Message ids derive from the
 * release, the type and the disease, so announcing a release twice yields the same messages;
 * delivery ids derive from the message and the endpoint, so enqueueing twice is harmless.
 */

const KIND_EVENT = { added: 'disease.created', changed: 'disease.updated', removed: 'disease.removed' } as const;

const hashId = (prefix: string, text: string) => prefix + contentHash(text);

/** The message id of an event of a release. */
export function messageId(release: string, type: EventType, disease: string | null): string {
  return hashId('msg_', `${release}|${type}|${disease ?? ''}`);
}

/** The delivery id of a message to an endpoint. */
export function deliveryId(msgId: string, endpointId: string): string {
  return hashId('dlv_', `${msgId}|${endpointId}`);
}

/** A random id with a prefix (endpoints, test messages). */
export function randomId(prefix: string): string {
  return prefix + randomBytes(17).toString('base64url').slice(0, 22);
}

function message(id: string, type: EventType, disease: string | null, timestamp: string, data: object, now: number): Message {
  return { id, type, disease, body: JSON.stringify({ type, timestamp, data }), createdAt: now };
}

/** The payload data of one changed disease. */
function changeData(release: string, c: ReleaseChange): object {
  const base = { id: c.id, name: c.name, release };
  switch (c.kind) {
    case 'added':
      return { ...base, contentVersion: c.versionAfter, links: c.links };
    case 'changed':
      return {
        ...base,
        sections: c.sections,
        fields: c.fields,
        previousContentVersion: c.versionBefore,
        contentVersion: c.versionAfter,
        links: c.links,
      };
    case 'removed':
      return { ...base, previousContentVersion: c.versionBefore, replacedBy: c.replacedBy, links: c.links };
  }
}

/** Every message of a release: release.published, then one per changed disease. */
export function releaseMessages(r: PublishedRelease, now: number): Message[] {
  const out = [
    message(
      messageId(r.id, 'release.published', null),
      'release.published',
      null,
      r.publishedAt,
      {
        release: r.id,
        previous: r.previous,
        publishedAt: r.publishedAt,
        counts: r.counts,
        links: r.links,
      },
      now,
    ),
  ];
  for (const c of r.changes) {
    const type = KIND_EVENT[c.kind];
    out.push(message(messageId(r.id, type, c.id), type, c.id, r.publishedAt, changeData(r.id, c), now));
  }
  return out;
}

/** The webhook.test message for an endpoint. */
export function testMessage(endpointId: string, now: number): Message {
  const data = {
    webhookId: endpointId,
    message: 'A test event from the Disease Content Service: your endpoint received and can verify it.',
  };
  return message(randomId('msg_'), 'webhook.test', null, new Date(now).toISOString(), data, now);
}

/** A new delivery of a message to an endpoint, due at `now`. */
export function newDelivery(m: Message, endpointId: string, now: number): Delivery {
  return {
    id: deliveryId(m.id, endpointId),
    endpointId,
    msgId: m.id,
    type: m.type,
    status: 'pending',
    attempts: [],
    nextAttemptAt: now,
    scheduled: 0,
    manual: null,
    createdAt: now,
  };
}

/**
 * The deliveries of a release's messages: to each enabled endpoint of an active key that takes the
 * event type, and, with a watch list, only disease events about a watched disease and the
 * release event only when the release touches one.
 */
export function fanOut(messages: Message[], endpoints: Endpoint[], ownerActive: (keyId: string) => boolean, now: number): Delivery[] {
  const touched = new Set(messages.map((m) => m.disease).filter((d): d is string => d !== null));
  const out: Delivery[] = [];
  for (const e of endpoints) {
    if (!e.enabled || !ownerActive(e.owner)) continue;
    const watch = e.diseases ? new Set(e.diseases) : null;
    for (const m of messages) {
      if (e.events && !e.events.includes(m.type)) continue;
      if (watch && (m.disease === null ? !e.diseases!.some((d) => touched.has(d)) : !watch.has(m.disease))) continue;
      out.push(newDelivery(m, e.id, now));
    }
  }
  return out;
}
