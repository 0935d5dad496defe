import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import calculateSlot from 'cluster-key-slot';
import type { Redis } from 'ioredis';
import { base, dataArgs, FAILOVER_TIMEOUT_MS, freePorts, info, startProcess, type Topology, until, untilUp } from './redis-topology.ts';

/**
 * A Redis Cluster of `masters` masters with one replica each, made by `redis-cli --cluster
 * create`; resolves once every node reports `cluster_state:ok` and every replica's link is up.
 * `cluster-require-full-coverage no`: the masters left keep answering for their slots while one
 * fails over (as server/README.md recommends).
 */
export async function startCluster(masters = 3): Promise<Topology> {
  const dir = mkdtempSync(join(tmpdir(), 'dcs-redis-cluster-'));
  const ports = await freePorts(masters * 2, true);
  const nodes = ports.map((port) => ({
    port,
    child: startProcess([
      ...dataArgs(port, dir),
      '--cluster-enabled',
      'yes',
      '--cluster-config-file',
      join(dir, `nodes-${port}.conf`),
      '--cluster-node-timeout',
      String(FAILOVER_TIMEOUT_MS),
      '--cluster-require-full-coverage',
      'no',
    ]),
  }));
  const t = base(dir, nodes, nodes);
  try {
    await Promise.all(nodes.map((n) => untilUp(n.port, n.child, dir)));
    const made = spawnSync(
      'redis-cli',
      ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '1', '--cluster-yes'],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (made.status !== 0) throw new Error(`redis-cli --cluster create failed: ${made.stdout}${made.stderr}`);
    const conns = ports.map((p) => t.connect(p));
    await until('every node reports cluster_state:ok', async () => {
      for (const r of conns) if (!(await r.cluster('INFO')).includes('cluster_state:ok')) return false;
      return true;
    });
    // A replica shows in CLUSTER SLOTS once its replication offset moved, which on an idle master
    // takes until its next replication ping (10 s): one write per master moves it at once.
    for (const [from, , [, port]] of await conns[0].cluster('SLOTS')) await writeToSlot(t.connect(port), from);
    await until('every node reports cluster_state:ok and sees a replica for every master, and every replica is in sync', async () => {
      for (const r of conns) {
        const repl = await info(r, 'replication');
        if (repl.role === 'slave' && repl.master_link_status !== 'up') return false;
        if (!(await r.cluster('INFO')).includes('cluster_state:ok')) return false;
        if (!(await r.cluster('SLOTS')).every((range) => range.length >= 4)) return false;
      }
      return true;
    });
  } catch (err) {
    await t.stop();
    throw err;
  }
  const any = async (): Promise<Redis> => {
    for (const n of nodes) if (n.child.exitCode === null && n.child.signalCode === null) return t.connect(n.port);
    throw new Error('every cluster node is down');
  };
  return {
    ...t,
    url: `redis+cluster://${ports.map((p) => `127.0.0.1:${p}`).join(',')}`,
    async masterOf(key: string): Promise<number> {
      const r = await any();
      const slot = await r.cluster('KEYSLOT', key);
      const range = (await r.cluster('SLOTS')).find(([from, to]) => slot >= from && slot <= to);
      if (!range) throw new Error(`no master serves slot ${slot}`);
      return range[2][1];
    },
    /**
     * The replica of the master on `port`, once it is in sync. After a failover the old master
     * rejoins as the new one's replica a moment later, and shows in CLUSTER SLOTS once its offset
     * moved (as at the start): a write to the master's slots moves it (CI once asked 0.06 s after a
     * manual failover, before it showed).
     */
    async replicaOf(port: number): Promise<number> {
      let replica: number | undefined;
      await until(`the master on ${port} has a replica in sync`, async () => {
        const range = (await (await any()).cluster('SLOTS')).find((x) => x[2][1] === port);
        if (!range) return false;
        if (range.length < 4) {
          await writeToSlot(t.connect(port), range[0]);
          return false;
        }
        replica = range[3][1];
        return (await info(t.connect(replica), 'replication')).master_link_status === 'up';
      });
      return replica!;
    },
  };
}

/** One write to a key of `slot` (through its master): it moves the master's replication offset. */
async function writeToSlot(master: Redis, slot: number): Promise<void> {
  let key = 0;
  while (calculateSlot(String(key)) !== slot) key++;
  await master.set(String(key), 'up');
}
