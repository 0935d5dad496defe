import { Redis } from 'ioredis';

/** The Redis the quota, cluster and webhook tests use (`.ci/run` starts one there). */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6390/0';

/**
 * Why Redis at `url` does not answer PING within a second, or null when it does (no retries: a test
 * decides at once to run or skip, and says why when it skips).
 */
export async function whyRedisUnreachable(url: string = REDIS_URL): Promise<string | null> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  let cause: string | null = null;
  probe.on('error', (err: Error) => {
    cause ??= err.message;
  });
  try {
    await probe.connect();
    const reply = await probe.ping();
    return reply === 'PONG' ? null : `PING answered ${reply}`;
  } catch (err) {
    return cause ?? (err as Error).message;
  } finally {
    probe.disconnect();
  }
}

/** Whether Redis answers PING at `url` within a second. */
export async function redisReachable(url: string = REDIS_URL): Promise<boolean> {
  return (await whyRedisUnreachable(url)) === null;
}
