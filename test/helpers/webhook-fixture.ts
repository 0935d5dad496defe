import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { build, MINI_DATA, tempDir } from '../fixtures/build-pipeline/pipeline-harness.ts';
import type { WebhookConfig } from '../../server/webhooks/config.ts';
import type { Resolver } from '../../server/webhooks/destination.ts';
import { makeKeys } from './keys.ts';
import { join } from 'node:path';
import type { LiveSnapshot } from '../../server/snapshot/live-snapshot.ts';
import type { WebhookService } from '../../server/webhooks/service.ts';
import { startInProcess } from './in-process.ts';
import { api } from './json-api.ts';
import { Receiver } from './webhook-receiver.ts';

/**
 * Shared set-up of the in-process webhook tests: a published mini snapshot (built once per test
 * file), keys of every tier, and apps and receivers closed after the file's tests.
 */
// One published mini snapshot, read by every app below; each app has its own outbox.
let dist = '';
let ready = false;
const made = makeKeys([
  { tier: 'professional', name: 'pro' },
  { tier: 'enterprise', name: 'ent' },
  { tier: 'developer', name: 'dev' },
  { tier: 'free', name: 'free' },
]);
export const { keys } = made;
const apps: WebhookApp[] = [];
const receivers: Receiver[] = [];

/** Register the file's before/after hooks; call once at the top of a test file. */
export function fixture(): { keys: Record<string, string>; dist: () => string } {
  if (!ready) {
    ready = true;
    before(async () => {
      dist = tempDir('webhooks');
      const r = await build(MINI_DATA, dist);
      assert.equal(r.ok, true, r.log);
    });
    after(async () => {
      for (const a of apps.splice(0)) await a.close();
      for (const r of receivers.splice(0)) await r.close();
    });
  }
  return { keys, dist: () => dist };
}

/** Loopback and plain http allowed (the receivers run on 127.0.0.1), quick retries, no jitter. */
export const LOCAL: Partial<WebhookConfig> = { allow: new Set(['loopback']), allowHttp: true, schedule: [0, 50, 50], jitter: 0 };

/** The server in process (createServer, as main.ts builds it), listening, over `dist`, with its own outbox and quota counts. */
export interface WebhookApp {
  url: string;
  webhooks: WebhookService;
  live: LiveSnapshot;
  close(): Promise<void>;
}

/** A server whose webhooks the test configures (`config`, a stand-in DNS `resolver`), its deliveries started. */
export async function app(config: Partial<WebhookConfig> = LOCAL, resolver?: Resolver, appDist?: string): Promise<WebhookApp> {
  const dir = tempDir('webhooks-outbox');
  const env = {
    DIST_DIR: appDist ?? dist,
    KEYS_FILE: made.file,
    QUOTA_STATE_FILE: join(dir, 'quota.json'),
    WEBHOOK_DIR: join(dir, 'outbox'),
    WEBHOOK_KEY_FILE: join(dir, 'webhook.key'),
  };
  const running = await startInProcess(env, { webhooks: { config, resolver } });
  const a = { url: running.url, webhooks: running.server.webhooks, live: running.server.live, close: running.close };
  apps.push(a);
  return a;
}

export async function receiver(): Promise<Receiver> {
  const r = await new Receiver().start();
  receivers.push(r);
  return r;
}

/** Create an endpoint for `r` and give the receiver its secret. */
export async function subscribe(a: WebhookApp, r: Receiver, body: Record<string, unknown> = {}, key = keys.pro) {
  const res = await api(a.url, '/api/v1/webhooks', { method: 'POST', key, body: { url: r.url, ...body } });
  assert.equal(res.status, 201, res.text);
  r.secrets = [res.json.data.secret];
  return res.json.data as { id: string; secret: string; links: { self: string; deliveries: string } };
}

export const deliveries = (a: WebhookApp, id: string, key = keys.pro) => api(a.url, `/api/v1/webhooks/${id}/deliveries`, { key });

/** Poll the deliveries list until `done` holds for its data. */
export async function pollDeliveries(a: WebhookApp, id: string, done: (data: any[]) => boolean, query = ''): Promise<any> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await api(a.url, `/api/v1/webhooks/${id}/deliveries${query}`, { key: keys.pro });
    if (done(res.json.data)) return res.json;
    if (Date.now() > deadline) throw new Error(`deliveries never got there: ${JSON.stringify(res.json.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
