import { DEFAULT_POLICIES, type Policies } from '../contract/api/quotas.ts';
import type { FailModes } from './fail-modes.ts';
import { MemoryStore } from './memory-store.ts';
import { meteredTiers } from './policy-for.ts';
import { RedisStore } from './quota-redis-store.ts';
import type { QuotaLogger, QuotaStore, StoreObserver } from './store.ts';

/** The quota settings (QUOTA_* in server/settings.ts) that choose and configure the store. */
export interface QuotaStoreSettings {
  /** QUOTA_STORE: null or 'memory', or a Redis URL. */
  quotaStore: string | null;
  quotaStateFile: string | null;
  quotaRedisPrefix: string;
  quotaFailMode?: FailModes;
}

export interface CreateStoreOptions {
  logger?: QuotaLogger;
  /** Told of every call to a Redis store (metrics). */
  observe?: StoreObserver;
  /** The quota policies served (TIERS_FILE): which tiers are metered decides readiness under QUOTA_FAIL_MODE. Default: tiers.json. */
  policies?: Policies;
}

/**
 * The quota store the settings ask for: QUOTA_STORE unset or 'memory', a MemoryStore persisted to
 * QUOTA_STATE_FILE (counts are per process, so run one instance); a Redis URL (one server,
 * Sentinel or Cluster: server/redis/redis-url.ts), a RedisStore shared by every instance, keys
 * prefixed with QUOTA_REDIS_PREFIX. server/settings.ts refuses any other value, so a typo never
 * silently falls back to per-process counting.
 */
export function createStore(s: QuotaStoreSettings, options: CreateStoreOptions = {}): QuotaStore {
  if (s.quotaStore === null || s.quotaStore === 'memory') return new MemoryStore({ file: s.quotaStateFile, logger: options.logger });
  return new RedisStore({
    url: s.quotaStore,
    prefix: s.quotaRedisPrefix,
    logger: options.logger,
    failModes: s.quotaFailMode,
    meteredTiers: meteredTiers(options.policies ?? DEFAULT_POLICIES),
    observe: options.observe,
  });
}
