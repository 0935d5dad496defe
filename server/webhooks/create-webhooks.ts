import { resolve } from 'node:path';
import { Announcer } from './announcer.ts';
import type { ServerSettings } from '../settings.ts';
import { webhookConfig, type WebhookConfig } from './config.ts';
import { systemResolver, type Resolver } from './destination.ts';
import { Dispatcher } from './dispatcher.ts';
import { FileStore } from './file-store.ts';
import { RedisWebhookStore } from './redis-store.ts';
import type { ReleaseFeed } from './release-feed.ts';
import type { sendOnce } from './sender.ts';
import { WebhookService } from './service.ts';
import type { WebhookStore } from './types.ts';

/** Where webhook messages go: the server's pino logger fits. */
export interface WebhookLogger {
  info(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

export interface CreateWebhooksOptions {
  settings: ServerSettings;
  /** Relative WEBHOOK_DIR values resolve from here. */
  root: string;
  feed: ReleaseFeed;
  ownerActive: (keyId: string) => boolean;
  logger: WebhookLogger;
  /** A stand-in for DNS (tests); default the system resolver. */
  resolver?: Resolver;
  send?: typeof sendOnce;
  /** Values that override the settings' (tests). */
  config?: Partial<WebhookConfig>;
  now?: () => number;
}

/** The webhook service the settings ask for (config.ts), not started. */
export function createWebhooks(o: CreateWebhooksOptions): WebhookService {
  const c = { ...webhookConfig(o.settings), ...o.config };
  const store: WebhookStore =
    c.store === 'file'
      ? new FileStore({ dir: resolve(o.root, c.dir), retentionMs: c.retentionMs, now: o.now })
      : new RedisWebhookStore({ url: c.store, prefix: c.redisPrefix, retentionMs: c.retentionMs });
  const policy = { allow: c.allow, allowHttp: c.allowHttp, resolver: o.resolver ?? systemResolver };
  const dispatcher = new Dispatcher({
    store,
    policy,
    timeoutMs: c.timeoutMs,
    concurrency: c.concurrency,
    perEndpoint: c.perEndpoint,
    pollMs: c.pollMs,
    rules: { schedule: c.schedule, jitter: c.jitter, disableAfterMs: c.disableAfterMs },
    onError: (err) => o.logger.error({ err }, 'webhooks: delivery step failed'),
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
