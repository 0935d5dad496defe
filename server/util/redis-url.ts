/** The URL forms of a Redis server that QUOTA_STORE and WEBHOOK_STORE take. */
export const REDIS_URL = /^rediss?:\/\//;

/** Whether a store setting names a Redis server (rather than `memory` or `file`). */
export function isRedisUrl(store: string | null): store is string {
  return store !== null && REDIS_URL.test(store);
}
