import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import calculateSlot from 'cluster-key-slot';
import { Redis } from 'ioredis';

/**
 * Redis topologies a test or the bench starts for itself, on free loopback ports, with nothing on
 * disk but a temp directory: a Redis Cluster (masters and replicas made with `redis-cli --cluster
 * create`) and a Sentinel group (one master, its replicas, three sentinels). Failure detection is
 * fast so a failover takes seconds, not the production defaults' tens of seconds:
 * `cluster-node-timeout` and `down-after-milliseconds` are FAILOVER_TIMEOUT_MS.
 */
export const FAILOVER_TIMEOUT_MS = 1000;

/** One redis-server (or sentinel) process the topology started. */
export interface RedisProcess {
  port: number;
  child: ChildProcess;
}

export interface Topology {
  /** The service's URL for it: redis+cluster://... or redis+sentinel://.../name. */
  url: string;
  /** Every data node (masters and replicas; the sentinels of a Sentinel group are in `sentinels`). */
  nodes: RedisProcess[];
  /** The port of the master that holds `key` now. */
  masterOf(key: string): Promise<number>;
  /** The port of a replica of the master on `port` (the one a failover promotes). */
  replicaOf(port: number): Promise<number>;
  /** kill -9 the node on `port`; resolves once the process is gone. */
  kill(port: number): Promise<void>;
  /** A plain connection to the node on `port` (one per port, closed by stop()). */
  connect(port: number): Redis;
  /** The sentinels of a Sentinel group. */
  sentinels?: RedisProcess[];
  /** Stop every process and remove the temp directory. */
  stop(): Promise<void>;
}

/** Why the topologies cannot run here (no redis-server or redis-cli), or null. */
export function redisToolsMissing(): string | null {
  for (const bin of ['redis-server', 'redis-cli']) {
    if (spawnSync(bin, ['--version'], { stdio: 'ignore' }).status !== 0)
      return `${bin} is not installed (apt-get install -y redis-server redis-tools; .ci/run installs them)`;
  }
  return null;
}

const running = new Set<ChildProcess>();
// A test that dies before its after() hook still takes its Redis processes with it.
process.once('exit', () => {
  for (const c of running) c.kill('SIGKILL');
});

function canListen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const s = createServer();
    s.once('error', () => done(false));
    s.listen(port, '127.0.0.1', () => s.close(() => done(true)));
  });
}

/**
 * `count` ports free now on 127.0.0.1 (below 20000-29999, so that a cluster node's bus port,
 * port + 10000, is in 30000-39999 and free too). Random, then checked by binding them.
 */
async function freePorts(count: number, withBus: boolean): Promise<number[]> {
  const out: number[] = [];
  while (out.length < count) {
    const p = 20000 + Math.floor(Math.random() * 10000);
    if (out.includes(p) || out.includes(p + 1)) continue;
    if ((await canListen(p)) && (!withBus || (await canListen(p + 10000)))) out.push(p);
  }
  return out;
}

function startProcess(args: string[]): ChildProcess {
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Resolve once the server on `port` answers PING; fail if its process exits first or after 10 s. */
async function untilUp(port: number, child: ChildProcess, dir: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${child.exitCode}; see ${dir}`);
    const r = new Redis(port, '127.0.0.1', { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    r.on('error', () => {});
    const ok = await r
      .connect()
      .then(() => r.ping())
      .catch(() => null);
    r.disconnect();
    if (ok === 'PONG') return;
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 10 s; see ${dir}`);
    await sleep(20);
  }
}

/** Poll `probe` until it returns true; fail naming `what` after `ms`. */
export async function until(what: string, probe: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting until ${what}`);
    await sleep(25);
  }
}

// No persistence, fast replica syncs (no 5 s wait for more replicas), logs in the temp dir.
const dataArgs = (port: number, dir: string) => [
  '--port',
  String(port),
  '--bind',
  '127.0.0.1',
  '--save',
  '',
  '--appendonly',
  'no',
  '--dir',
  dir,
  '--logfile',
  join(dir, `${port}.log`),
  '--repl-diskless-sync-delay',
  '0',
];

async function info(r: Redis, section: string): Promise<Record<string, string>> {
  const text = await r.info(section);
  return Object.fromEntries(text.split('\r\n').flatMap((l) => (l.includes(':') ? [l.split(':', 2) as [string, string]] : [])));
}

function base(dir: string, nodes: RedisProcess[], processes: RedisProcess[]) {
  const connections = new Map<number, Redis>();
  return {
    connect(port: number): Redis {
      const open = connections.get(port);
      if (open && open.status !== 'end') return open;
      const r = new Redis(port, '127.0.0.1', { maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1000 });
      r.on('error', () => {});
      connections.set(port, r);
      return r;
    },
    async kill(port: number): Promise<void> {
      const p = processes.find((n) => n.port === port);
      if (!p) throw new Error(`no process on port ${port}`);
      if (p.child.exitCode !== null || p.child.signalCode !== null) return;
      await new Promise((done) => {
        p.child.once('exit', done);
        p.child.kill('SIGKILL');
      });
    },
    async stop(): Promise<void> {
      for (const c of connections.values()) c.disconnect();
      await Promise.all(
        processes.map(
          (p) =>
            new Promise((done) => {
              if (p.child.exitCode !== null || p.child.signalCode !== null) return done(null);
              p.child.once('exit', done);
              p.child.kill('SIGKILL');
            }),
        ),
      );
      rmSync(dir, { recursive: true, force: true });
    },
    nodes,
  };
}

/** One redis-server, configured as the nodes of the other topologies are (a baseline for them). */
export async function startStandalone(): Promise<Topology> {
  const dir = mkdtempSync(join(tmpdir(), 'dcs-redis-one-'));
  const [port] = await freePorts(1, false);
  const node = { port, child: startProcess(dataArgs(port, dir)) };
  const t = base(dir, [node], [node]);
  try {
    await untilUp(port, node.child, dir);
  } catch (err) {
    await t.stop();
    throw err;
  }
  return {
    ...t,
    url: `redis://127.0.0.1:${port}/0`,
    masterOf: async () => port,
    replicaOf: async () => Promise.reject(new Error('no replica')),
  };
}

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
    for (const [from, , [, port]] of await conns[0].cluster('SLOTS')) {
      let key = 0;
      while (calculateSlot(String(key)) !== from) key++;
      await t.connect(port).set(String(key), 'up');
    }
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
    async replicaOf(port: number): Promise<number> {
      const r = await any();
      const range = (await r.cluster('SLOTS')).find((x) => x[2][1] === port);
      if (!range || range.length < 4) throw new Error(`the master on ${port} has no replica`);
      return range[3][1];
    },
  };
}

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
