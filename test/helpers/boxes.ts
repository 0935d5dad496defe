import assert from 'node:assert/strict';
import { join } from 'node:path';
import { bearer, call } from './http.ts';
import { startBalancer, type Balancer } from './nginx-balancer.ts';
import { startServer, type RunningServer } from './server-process.ts';

/** The boxes' own loopback addresses, as three hosts would have three. */
export const BOX_ADDRESSES = ['127.0.0.2', '127.0.0.3', '127.0.0.4'];

export interface BoxesOptions {
  /** One dist/ per box (the same folder for each is fine when no release is shipped). */
  dists: string[];
  /** Logs and nginx's files go here. */
  dir: string;
  keysFile: string;
  tiersFile: string;
  /** QUOTA_STORE, and so the webhook outbox: any Redis URL form. */
  redisUrl: string;
  /** Prepended to the quota and outbox key prefixes, so runs never mix. */
  prefix: string;
  /** More settings for every box. */
  env?: Record<string, string>;
}

export interface Boxes {
  boxes: RunningServer[];
  balancer: Balancer;
  /** Stop nginx and every box still running. */
  stop(): Promise<void>;
}

/**
 * Three servers on BOX_ADDRESSES behind nginx (test/helpers/nginx-balancer.ts), sharing the Redis
 * at `redisUrl` for quotas and the webhook outbox, each over its own dist/.
 */
export async function startBoxes(o: BoxesOptions): Promise<Boxes> {
  const boxes = await Promise.all(
    BOX_ADDRESSES.map((host, i) =>
      startServer({
        HOST: host,
        DIST_DIR: o.dists[i],
        KEYS_FILE: o.keysFile,
        TIERS_FILE: o.tiersFile,
        LOG_FILE: join(o.dir, `box${i + 1}.log`),
        QUOTA_STORE: o.redisUrl,
        QUOTA_REDIS_PREFIX: `${o.prefix}quota:`,
        WEBHOOK_REDIS_PREFIX: `${o.prefix}webhooks:`,
        // Plain HTTP between the balancer and the boxes, whatever transport the suite runs in.
        TLS_CERT_FILE: '',
        SHUTDOWN_GRACE_MS: '1000',
        ...o.env,
      }),
    ),
  );
  const balancer = await startBalancer(
    o.dir,
    boxes.map((b) => new URL(b.url).host),
    '/api/v1/health',
  );
  return {
    boxes,
    balancer,
    async stop() {
      await balancer.stop();
      // A box a test killed has exited already (by signal: its exitCode stays null).
      await Promise.all(boxes.filter((b) => b.child.signalCode === null).map((b) => b.stop('SIGKILL')));
    },
  };
}

/**
 * The many-boxes quota test (issue 21): 3 × `quota` concurrent calls of a key allowed `quota` a
 * day, through the balancer: exactly `quota` are 200 (remaining `quota` - 1 down to 0, each once),
 * the rest 429, and all three boxes answered some.
 */
export async function assertQuotaExactAcrossBoxes(balancerUrl: string, key: string, quota: number): Promise<void> {
  const replies = await Promise.all(
    Array.from({ length: 3 * quota }, () => call(balancerUrl, '/api/v1/diseases/MONDO:0009061/summary', { headers: bearer(key) })),
  );
  assert.deepEqual(replies.map((r) => r.status).sort(), [...Array(quota).fill(200), ...Array(2 * quota).fill(429)]);
  // Every box took calls and checked them against the shared counter. Which box's calls come
  // first to Redis is a race, so a box may have answered only 429s: the set is of all answers.
  const served = new Set(replies.map((r) => String(r.headers['x-upstream']).split(':')[0]));
  assert.deepEqual([...served].sort(), BOX_ADDRESSES);
  const used = replies
    .filter((r) => r.status === 200)
    .map((r) => Number(/r=(\d+)/.exec(String(r.headers.ratelimit))?.[1]))
    .sort((a, b) => a - b);
  assert.deepEqual(
    used,
    Array.from({ length: quota }, (_, i) => i),
  );
}
