import { ADDRESS_KINDS, type AddressKind } from './address-kinds.ts';
import { WEBHOOK_DEFAULTS as D } from '../contract/api/webhooks.ts';
import { parseDuration, parseSchedule } from './schedule.ts';

/** Every operator setting of webhooks, read once from the environment (README "Webhooks" documents each). */
export interface WebhookConfig {
  /** 'file' (the embedded store in `dir`) or a redis:// URL. */
  store: string;
  dir: string;
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

/**
 * Read the WEBHOOK_* variables. The store follows QUOTA_STORE when WEBHOOK_STORE is not set: a
 * deployment that shares quotas through Redis runs several processes, and those must share one
 * outbox too. Throws naming the variable on a value it cannot use.
 */
export function webhookConfig(env: NodeJS.ProcessEnv): WebhookConfig {
  const quota = env.QUOTA_STORE?.trim() ?? '';
  const store = env.WEBHOOK_STORE?.trim() || (/^rediss?:\/\//.test(quota) ? quota : 'file');
  // The value is not echoed: a mistyped Redis URL may still carry its password.
  if (store !== 'file' && !/^rediss?:\/\//.test(store)) throw new Error("WEBHOOK_STORE must be 'file' or a redis:// or rediss:// URL");
  const duration = (name: string, dflt: string) => parseDuration(env[name]?.trim() || dflt, name);
  const int = (name: string, dflt: number, min: number) => {
    const v = env[name]?.trim();
    const n = v ? Number(v) : dflt;
    if (!Number.isInteger(n) || n < min) throw new Error(`${name} must be an integer >= ${min}, got "${v}"`);
    return n;
  };
  const allowText = env.WEBHOOK_ALLOW_ADDRESSES?.trim() ?? '';
  const allow = new Set<AddressKind>();
  for (const k of allowText
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (k === 'all') for (const x of ADDRESS_KINDS) allow.add(x);
    else if ((ADDRESS_KINDS as readonly string[]).includes(k)) allow.add(k as AddressKind);
    else throw new Error(`WEBHOOK_ALLOW_ADDRESSES: unknown kind "${k}" (allowed: ${ADDRESS_KINDS.join(', ')}, all)`);
  }
  const httpText = env.WEBHOOK_ALLOW_HTTP?.trim() || 'false';
  if (httpText !== 'true' && httpText !== 'false') throw new Error(`WEBHOOK_ALLOW_HTTP must be true or false, got "${httpText}"`);
  const jitter = Number(env.WEBHOOK_JITTER?.trim() || D.jitter);
  if (!(jitter >= 0 && jitter < 1)) throw new Error('WEBHOOK_JITTER must be a fraction from 0 to below 1');
  return {
    store,
    dir: env.WEBHOOK_DIR?.trim() || '.webhooks',
    redisPrefix: env.WEBHOOK_REDIS_PREFIX?.trim() || 'webhooks:',
    allow,
    allowHttp: httpText === 'true',
    schedule: parseSchedule(env.WEBHOOK_RETRY_SCHEDULE?.trim() || D.schedule.join(',')),
    jitter,
    timeoutMs: duration('WEBHOOK_TIMEOUT', D.timeout),
    concurrency: int('WEBHOOK_CONCURRENCY', D.concurrency, 1),
    perEndpoint: int('WEBHOOK_ENDPOINT_CONCURRENCY', D.endpointConcurrency, 1),
    disableAfterMs: duration('WEBHOOK_DISABLE_AFTER', D.disableAfter),
    overlapMs: duration('WEBHOOK_ROTATION_OVERLAP', D.rotationOverlap),
    retentionMs: duration('WEBHOOK_RETENTION', D.retention),
    pollMs: duration('WEBHOOK_POLL', '1s'),
  };
}
