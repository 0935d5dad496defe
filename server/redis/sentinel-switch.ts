import { Redis } from 'ioredis';
import type { HostPort } from './redis-url.ts';

/**
 * Drop `redis`'s connection to the master Sentinel names `name` when the sentinels announce that
 * it moved (`+switch-master`), so that it reconnects to the new one. A master that dies takes its
 * connections with it, but one demoted alive (a manual failover, a partition that heals) keeps
 * taking writes until the sentinels turn it into a replica, up to ten seconds later: writes the new
 * master never sees. A connection already on the new master (it reconnected by itself after a
 * crash) is left alone, so a failover costs one reconnection, not two. One subscriber connection
 * per sentinel; they close with `redis`.
 */
export function followSwitches(redis: Redis, sentinels: HostPort[], name: string, tls: boolean): void {
  const watchers = sentinels.map(({ host, port }) => {
    const w = new Redis({ host, port, ...(tls ? { tls: {} } : {}), retryStrategy: (n) => Math.min(n * 100, 1000) });
    w.on('error', () => {});
    w.subscribe('+switch-master').catch(() => {});
    // Message: "<name> <old ip> <old port> <new ip> <new port>".
    w.on('message', (_channel: string, message: string) => {
      const [master, , , ip, port] = message.split(' ');
      const on = redis.stream;
      if (master === name && (on?.remoteAddress !== ip || on?.remotePort !== Number(port))) redis.disconnect(true);
    });
    return w;
  });
  redis.once('end', () => {
    for (const w of watchers) w.disconnect();
  });
}
