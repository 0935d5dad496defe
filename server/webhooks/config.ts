import type { AddressKind } from './address-kinds.ts';
import { isRedisUrl } from '../redis/redis-url.ts';

/** The settings webhooks read (WEBHOOK_* and QUOTA_STORE in server/settings.ts), by their names there. */
export interface WebhookSettings {
  webhookStore: string | null;
  quotaStore: string | null;
  webhookDir: string;
  webhookKeyFile: string;
  webhookRedisPrefix: string;
  webhookAllowAddresses: ReadonlySet<AddressKind>;
  webhookAllowHttp: boolean;
  webhookRetrySchedule: number[];
  webhookJitter: number;
  webhookTimeoutMs: number;
  webhookConcurrency: number;
  webhookEndpointConcurrency: number;
  webhookDisableAfterMs: number;
  webhookRotationOverlapMs: number;
  webhookRetentionMs: number;
  webhookPollMs: number;
}

/** Every operator setting of webhooks (WEBHOOK_* in server/settings.ts). */
export interface WebhookConfig {
  /** 'file' (the embedded store in `dir`) or a Redis URL (server/redis/redis-url.ts). */
  store: string;
  dir: string;
  /** WEBHOOK_KEY_FILE: the key that seals signing secrets at rest. */
  keyFile: string;
  redisPrefix: string;
  allow: Set<AddressKind>;
  allowHttp: boolean;
  schedule: number[];
  jitter: number;
  timeoutMs: number;
  concurrency: number;
  perEndpoint: number;
  disableAfterMs: number;
  overlapMs: number;
  retentionMs: number;
  pollMs: number;
}

/** The webhook settings of the server, as the webhook service uses them. */
export function webhookConfig(s: WebhookSettings): WebhookConfig {
  return {
    store: webhookStoreOf(s),
    dir: s.webhookDir,
    keyFile: s.webhookKeyFile,
    redisPrefix: s.webhookRedisPrefix,
    allow: new Set(s.webhookAllowAddresses),
    allowHttp: s.webhookAllowHttp,
    schedule: s.webhookRetrySchedule,
    jitter: s.webhookJitter,
    timeoutMs: s.webhookTimeoutMs,
    concurrency: s.webhookConcurrency,
    perEndpoint: s.webhookEndpointConcurrency,
    disableAfterMs: s.webhookDisableAfterMs,
    overlapMs: s.webhookRotationOverlapMs,
    retentionMs: s.webhookRetentionMs,
    pollMs: s.webhookPollMs,
  };
}

/** The webhook outbox store: WEBHOOK_STORE, else the Redis of QUOTA_STORE (processes that share quotas share the outbox), else `file`. */
export function webhookStoreOf(s: Pick<WebhookSettings, 'webhookStore' | 'quotaStore'>): string {
  return s.webhookStore ?? (s.quotaStore !== null && isRedisUrl(s.quotaStore) ? s.quotaStore : 'file');
}
