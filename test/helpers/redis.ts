import { Redis } from 'ioredis';

/** The Redis the quota, cluster and webhook tests use (`.ci/run` starts one there). */
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6390/0';

/** Whether Redis answers PING at `url` within a second (no retries: a test decides at once to run or skip). */
export async function redisReachable(url: string = REDIS_URL): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
