import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base, dataArgs, FAILOVER_TIMEOUT_MS, freePorts, info, startProcess, type Topology, until, untilUp } from './redis-topology.ts';

/**
 * One master with `replicas` replicas and three sentinels (quorum 2) watching it as `name`;
 * resolves once every replica's link is up and every sentinel sees the replicas and the other
 * sentinels (they are written into each sentinel's configuration, so none waits for discovery).
 */
export async function startSentinel(replicas = 2, name = 'mymaster'): Promise<Topology> {
  const dir = mkdtempSync(join(tmpdir(), 'dcs-redis-sentinel-'));
  const [master, ...rest] = await freePorts(1 + replicas + 3, false);
  const replicaPorts = rest.slice(0, replicas);
  const sentinelPorts = rest.slice(replicas);
  const nodes = [master, ...replicaPorts].map((port, i) => ({
    port,
    child: startProcess([...dataArgs(port, dir), ...(i > 0 ? ['--replicaof', '127.0.0.1', String(master)] : [])]),
  }));
  const ids = sentinelPorts.map((_, i) => `${'0'.repeat(39)}${i + 1}`);
  const sentinels = sentinelPorts.map((port, i) => {
    const conf = join(dir, `sentinel-${port}.conf`);
    const lines = [
      `port ${port}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `logfile ${join(dir, `sentinel-${port}.log`)}`,
      `sentinel myid ${ids[i]}`,
      `sentinel monitor ${name} 127.0.0.1 ${master} 2`,
      `sentinel down-after-milliseconds ${name} ${FAILOVER_TIMEOUT_MS}`,
      `sentinel failover-timeout ${name} ${5 * FAILOVER_TIMEOUT_MS}`,
      ...replicaPorts.map((p) => `sentinel known-replica ${name} 127.0.0.1 ${p}`),
      ...sentinelPorts.flatMap((p, j) => (j === i ? [] : [`sentinel known-sentinel ${name} 127.0.0.1 ${p} ${ids[j]}`])),
    ];
    writeFileSync(conf, `${lines.join('\n')}\n`);
    return { port, child: startProcess([conf, '--sentinel']) };
  });
  const t = base(dir, nodes, [...nodes, ...sentinels]);
  try {
    await Promise.all([...nodes, ...sentinels].map((n) => untilUp(n.port, n.child, dir)));
    const replicaConns = replicaPorts.map((p) => t.connect(p));
    const sentinelConns = sentinelPorts.map((p) => t.connect(p));
    await until('every replica is in sync and every sentinel sees the replicas and the other sentinels', async () => {
      for (const r of replicaConns) if ((await info(r, 'replication')).master_link_status !== 'up') return false;
      for (const s of sentinelConns) {
        const flat = (await s.call('SENTINEL', 'MASTER', name)) as string[];
        const m = Object.fromEntries(flat.flatMap((v, i) => (i % 2 ? [] : [[v, flat[i + 1]]])));
        if (Number(m['num-slaves']) !== replicas || Number(m['num-other-sentinels']) !== 2 || m.flags !== 'master') return false;
      }
      return true;
    });
  } catch (err) {
    await t.stop();
    throw err;
  }
  const sentinel = () => {
    const s = sentinels.find((x) => x.child.exitCode === null);
    if (!s) throw new Error('every sentinel is down');
    return t.connect(s.port);
  };
  return {
    ...t,
    sentinels,
    url: `redis+sentinel://${sentinelPorts.map((p) => `127.0.0.1:${p}`).join(',')}/${name}`,
    async masterOf(): Promise<number> {
      const [, port] = (await sentinel().call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name)) as [string, string];
      return Number(port);
    },
    async replicaOf(port: number): Promise<number> {
      const repl = await info(t.connect(port), 'replication');
      const first = repl.slave0;
      if (!first) throw new Error(`the master on ${port} has no replica`);
      return Number(/port=(\d+)/.exec(first)![1]);
    },
  };
}
