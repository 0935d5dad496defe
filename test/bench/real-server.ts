import { type ChildProcess, fork } from 'node:child_process';
import { join, resolve } from 'node:path';
import type { BenchEnv } from './bench-env.ts';
import { stopChild, track } from './child-registry.ts';
import { untilReady } from './until-ready.ts';

// BENCH_SERVER_ROOT runs another checkout's server over the same snapshot (a before/after run).
const ROOT = resolve(process.env.BENCH_SERVER_ROOT ?? resolve(import.meta.dirname, '../..'));

/** A server child the benchmark started: its base URL and how to stop it. */
export interface RunningTarget {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface RealServerOptions {
  env: BenchEnv;
  dist: string;
  /** QUOTA_STORE: 'memory' (default) or a redis:// URL. */
  quotaStore?: string;
  /** Redis key prefix, unique per run so counters never mix with a real deployment's. */
  redisPrefix?: string;
  /** More variables for this server (the webhook settings of the webhooks group). */
  extraEnv?: Record<string, string>;
  /** More node options (a module to --import: the event-loop probe of the ready group). */
  execArgv?: string[];
  /** Another checkout whose server to run (default: BENCH_SERVER_ROOT, else this one). */
  root?: string;
}

/**
 * The whole stack as deployed: `node --import tsx server/main.ts` on an ephemeral port, with the
 * bench key file and tiers, access logging on at info level but written to /dev/null (the cost of
 * building and writing each line stays, the terminal stays quiet), and its own quota state file.
 */
export async function startRealServer(o: RealServerOptions): Promise<RunningTarget> {
  const child = spawnRealServer(o);
  const url = await untilReady(child, 'server/main.ts');
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}

/** The server's process, started and registered, without waiting for it (PORT from `extraEnv`, else any). */
export function spawnRealServer(o: RealServerOptions): ChildProcess {
  return track(
    fork(join(o.root ?? ROOT, 'server/main.ts'), [], {
      execArgv: ['--import', 'tsx', ...(o.execArgv ?? [])],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      env: envFor(o),
    }),
  );
}

function envFor(o: RealServerOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DIST_DIR: o.dist,
    KEYS_FILE: o.env.keysFile,
    TIERS_FILE: o.env.tiersFile,
    LOG_FILE: '/dev/null',
    LOG_LEVEL: 'info',
    QUOTA_STORE: o.quotaStore ?? 'memory',
    QUOTA_STATE_FILE: join(o.env.dir, `quota-state-${process.hrtime.bigint()}.json`),
    QUOTA_REDIS_PREFIX: o.redisPrefix ?? 'bench-quota:',
    SHUTDOWN_GRACE_MS: '1000',
    WEBHOOK_DIR: join(o.env.dir, `webhooks-${process.hrtime.bigint()}`),
    ...o.extraEnv,
  };
}
