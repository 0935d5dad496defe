import { availableParallelism } from 'node:os';
import { webhookConfig } from '../webhooks/config.ts';

/**
 * The environment variable the primary sets on the one worker that delivers webhooks and announces
 * releases; the others only serve (their API calls share the outbox through Redis).
 */
export const DELIVERY_ROLE_ENV = 'DCS_WEBHOOK_DELIVERY';

/** WORKERS: unset or empty 1; `auto` one per core; else a whole number from 1 to 256. Throws naming the variable. */
export function workerCount(env: NodeJS.ProcessEnv, cores = availableParallelism()): number {
  const text = env.WORKERS?.trim() ?? '';
  if (text === '') return 1;
  if (text === 'auto') return cores;
  if (!/^[1-9]\d{0,2}$/.test(text) || Number(text) > 256)
    throw new Error(`WORKERS must be a whole number of processes from 1 to 256, or "auto" (one per core), got "${text}"`);
  return Number(text);
}

/**
 * Why `workers` processes cannot run with these stores, or null when they can. Quotas must stay
 * exact: the embedded quota store counts in each process, so several workers would each allow the
 * whole quota. The embedded webhook outbox is locked to one process. Both shared stores are Redis.
 */
export function sharedStoreProblem(env: NodeJS.ProcessEnv, workers: number): string | null {
  if (workers <= 1) return null;
  const quota = env.QUOTA_STORE?.trim() ?? '';
  if (!/^rediss?:\/\//.test(quota)) {
    return `WORKERS=${workers} needs a quota store the workers share: the embedded one (QUOTA_STORE=${quota || 'memory'}) counts per process, so each worker would allow a key its whole quota. Set QUOTA_STORE to a Redis URL (redis://host:port/db), or run one worker (WORKERS=1).`;
  }
  if (webhookConfig(env).store === 'file') {
    return `WORKERS=${workers} needs a webhook outbox the workers share: the embedded one (WEBHOOK_STORE=file) is locked to one process. Leave WEBHOOK_STORE unset (it follows QUOTA_STORE) or set it to a Redis URL, or run one worker (WORKERS=1).`;
  }
  return null;
}
