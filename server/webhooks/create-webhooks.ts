import { resolve } from 'node:path';
import { Announcer } from './announcer.ts';
import { webhookConfig, type WebhookConfig, type WebhookSettings } from './config.ts';
import { systemResolver, type Resolver } from './destination.ts';
import { Dispatcher } from './dispatcher.ts';
import { FileStore } from './file-store.ts';
import { RedisWebhookStore } from './webhook-redis-store.ts';
import type { ReleaseFeed } from './release-feed.ts';
import type { sendOnce } from './sender.ts';
import { WebhookService } from './service.ts';
import { StoreUnavailableError, type WebhookStore } from './webhook-types.ts';
import { loadOrCreateKey, SecretBox, sealedStore } from './sealed-store.ts';
import type { DeliveryStatus } from '../contract/api/webhooks.ts';

/** Where webhook messages go: the server's pino logger fits. */
export interface WebhookLogger {
  info(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

export interface CreateWebhooksOptions {
  settings: WebhookSettings;
  /** Relative WEBHOOK_DIR values resolve from here. */
  root: string;
  feed: ReleaseFeed;
  ownerActive: (keyId: string) => boolean;
  logger: WebhookLogger;
  /** A stand-in for DNS (tests); default the system resolver. */
  resolver?: Resolver;
  send?: typeof sendOnce;
  /** Told of every call that failed because the Redis store did not answer (metrics). */
  onUnavailable?: (err: StoreUnavailableError) => void;
  /** Told of every attempt's outcome (metrics). */
  onOutcome?: (status: DeliveryStatus) => void;
  /** Values that override the settings' (tests). */
  config?: Partial<WebhookConfig>;
  now?: () => number;
}

/** The webhook service the settings ask for (config.ts), not started. */
export function createWebhooks(o: CreateWebhooksOptions): WebhookService {
  const c = { ...webhookConfig(o.settings), ...o.config };
  const stored: WebhookStore =
    c.store === 'file'
      ? new FileStore({ dir: resolve(o.root, c.dir), retentionMs: c.retentionMs, now: o.now })
      : new RedisWebhookStore({ url: c.store, prefix: c.redisPrefix, retentionMs: c.retentionMs, onUnavailable: o.onUnavailable });
  // Signing secrets are sealed at rest, whatever the store (sealed-store.ts).
  const store = sealedStore(stored, new SecretBox(loadOrCreateKey(resolve(o.root, c.keyFile))));
  const report = quietOutages(o.logger);
  const policy = { allow: c.allow, allowHttp: c.allowHttp, resolver: o.resolver ?? systemResolver };
  const dispatcher = new Dispatcher({
    store,
    policy,
    timeoutMs: c.timeoutMs,
    concurrency: c.concurrency,
    perEndpoint: c.perEndpoint,
    pollMs: c.pollMs,
    rules: { schedule: c.schedule, jitter: c.jitter, disableAfterMs: c.disableAfterMs },
    onError: (err) => report(err, 'webhooks: delivery step failed'),
    onOutcome: o.onOutcome,
    send: o.send,
    now: o.now,
  });
  const announcer = new Announcer({
    store,
    feed: o.feed,
    ownerActive: o.ownerActive,
    leaseMs: 60_000,
    now: o.now,
    log: (msg, fields) => o.logger.info(fields, msg),
    onEnqueued: () => dispatcher.wake(),
  });
  return new WebhookService({ store, policy, dispatcher, announcer, overlapMs: c.overlapMs, now: o.now });
}

/** How often an outage of the store is logged while it lasts (each turn of the dispatcher would fail). */
const OUTAGE_LOG_MS = 30_000;

/**
 * A reporter of failed webhook steps: every error is logged, except that a store outage is logged
 * once per OUTAGE_LOG_MS (the dispatcher and the announcer try again every second or two).
 */
export function quietOutages(logger: WebhookLogger): (err: Error, msg: string) => void {
  let lastOutage = 0;
  return (err, msg) => {
    if (err instanceof StoreUnavailableError) {
      const now = Date.now();
      if (now - lastOutage < OUTAGE_LOG_MS) return;
      lastOutage = now;
      logger.error({ err: err.message }, `${msg}; the store does not answer, trying again every second (logged once per 30 s)`);
      return;
    }
    logger.error({ err }, msg);
  };
}
