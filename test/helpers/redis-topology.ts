import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';

/**
 * Redis topologies a test or the bench starts for itself, on free loopback ports, with nothing on
 * disk but a temp directory: one Redis (here), a Redis Cluster (redis-cluster.ts) and a Sentinel
 * group (redis-sentinel.ts). Failure detection is fast so a failover takes seconds, not the
 * production defaults' tens of seconds: `cluster-node-timeout` and `down-after-milliseconds` are
 * FAILOVER_TIMEOUT_MS.
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
 * `count` ports free now on 127.0.0.1, in 20000-29999 (below the kernel's ephemeral range), and
 * with `withBus` their cluster bus ports (port + 10000) free too. Random, then checked by binding.
 */
export async function freePorts(count: number, withBus: boolean): Promise<number[]> {
  const out: number[] = [];
  while (out.length < count) {
    const p = 20000 + Math.floor(Math.random() * 10000);
    if (out.includes(p)) continue;
    if ((await canListen(p)) && (!withBus || (await canListen(p + 10000)))) out.push(p);
  }
  return out;
}

export function startProcess(args: string[]): ChildProcess {
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Resolve once the server on `port` answers PING; fail if its process exits first or after 10 s. */
export async function untilUp(port: number, child: ChildProcess, dir: string): Promise<void> {
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
export const dataArgs = (port: number, dir: string) => [
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

/** One INFO section as fields. */
export async function info(r: Redis, section: string): Promise<Record<string, string>> {
  const text = await r.info(section);
  return Object.fromEntries(text.split('\r\n').flatMap((l) => (l.includes(':') ? [l.split(':', 2) as [string, string]] : [])));
}

/** The parts every topology shares: connections by port, kill, stop. */
export function base(dir: string, nodes: RedisProcess[], processes: RedisProcess[]) {
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
