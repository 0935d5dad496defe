import { DEFAULT_STATE_FILE, MemoryStore } from './memory-store.ts';
import { RedisStore } from './redis-store.ts';
import type { QuotaLogger, QuotaStore } from './store.ts';

export interface CreateStoreOptions {
  logger?: QuotaLogger;
}

/**
 * The quota store the environment asks for:
 * - QUOTA_STORE unset, empty or 'memory': MemoryStore persisted to QUOTA_STATE_FILE (default
 *   '.quota-state.json'); counts are per process, so run one instance.
 * - QUOTA_STORE=redis://host:port/db (or rediss://): RedisStore shared by every instance, keys
 *   prefixed with QUOTA_REDIS_PREFIX (default 'quota:').
 * Any other value throws, so a typo never silently falls back to per-process counting.
 */
export function createStore(env: NodeJS.ProcessEnv = process.env, options: CreateStoreOptions = {}): QuotaStore {
  const selector = env.QUOTA_STORE?.trim() ?? '';
  if (selector === '' || selector === 'memory') {
    return new MemoryStore({ file: env.QUOTA_STATE_FILE || DEFAULT_STATE_FILE, logger: options.logger });
  }
  if (/^rediss?:\/\//.test(selector)) {
    return new RedisStore({ url: selector, prefix: env.QUOTA_REDIS_PREFIX || undefined, logger: options.logger });
  }
  // The value is not echoed: a mistyped Redis URL may still carry its password.
  throw new Error("QUOTA_STORE must be 'memory' or a redis:// or rediss:// URL");
}
