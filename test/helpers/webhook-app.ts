import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pino from 'pino';
import { createApp } from '../../server/app.ts';
import { DEFAULT_POLICIES } from '../../server/contract/api/quotas.ts';
import { KeyStore } from '../../server/keys/key-store.ts';
import { MemoryStore } from '../../server/quota/memory-store.ts';
import { LiveSnapshot } from '../../server/snapshot/live-snapshot.ts';
import type { WebhookConfig } from '../../server/webhooks/config.ts';
import { createWebhooks } from '../../server/webhooks/create-webhooks.ts';
import { readServerSettings } from '../../server/settings.ts';
import type { Resolver } from '../../server/webhooks/destination.ts';
import type { WebhookService } from '../../server/webhooks/service.ts';
import { HistoryFeed } from '../../server/webhooks/history-feed.ts';
import { ROOT } from './real-snapshot.ts';

export interface WebhookApp {
  url: string;
  webhooks: WebhookService;
  live: LiveSnapshot;
  close(): Promise<void>;
}

/**
 * The application in this process over a snapshot in `dist`, with webhooks whose settings the
 * test chooses (fast retry schedule, loopback allowed...) and, optionally, a stand-in resolver.
 */
export async function startWebhookApp(o: {
  dist: string;
  keysFile: string;
  dir: string;
  env?: Record<string, string>;
  resolver?: Resolver;
  config?: Partial<WebhookConfig>;
}): Promise<WebhookApp> {
  const logger = pino({ level: 'silent' });
  const live = new LiveSnapshot(o.dist, 1 << 24);
  const keys = KeyStore.load(o.keysFile);
  const quotaStore = new MemoryStore({ file: null });
  const webhooks = createWebhooks({
    settings: readServerSettings({ WEBHOOK_DIR: join(o.dir, 'outbox'), WEBHOOK_KEY_FILE: join(o.dir, 'webhook.key'), ...o.env }),
    root: ROOT,
    feed: new HistoryFeed(() => live.snapshot),
    logger,
    ownerActive: (id) => keys.list().some((k) => k.id === id && k.revokedAt === null),
    resolver: o.resolver,
    config: o.config,
  });
  const app = createApp({
    snapshot: () => live.snapshot,
    engine: () => live.search,
    keys,
    quotaStore,
    policies: DEFAULT_POLICIES,
    logger,
    webhooks,
  });
  const server: Server = createServer((req, res) => app.handler(req as never, res as never, undefined as never));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  await webhooks.start();
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    webhooks,
    live,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      await webhooks.stop(1000);
      await quotaStore.close();
    },
  };
}

/** A JSON request: method, key, body (an object is sent as JSON; a string as it is). */
export async function api(
  base: string,
  path: string,
  o: { method?: string; key?: string; body?: unknown; contentType?: string } = {},
): Promise<{ status: number; headers: Headers; json: any; text: string }> {
  const headers: Record<string, string> = {};
  if (o.key) headers.authorization = `Bearer ${o.key}`;
  if (o.body !== undefined) headers['content-type'] = o.contentType ?? 'application/json';
  const res = await fetch(base + path, {
    method: o.method ?? 'GET',
    headers,
    body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, json, text };
}
