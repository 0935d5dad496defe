import { resolve } from 'node:path';

/** The measurement groups `--only` can pick. */
export const AREAS = [
  'path',
  'record',
  'search',
  'bulk',
  'quota',
  'webhooks',
  'startup',
  'workers',
  'tls',
  'match',
  'match-http',
  'redis',
  'ready',
] as const;
export type Area = (typeof AREAS)[number];

export interface BenchOptions {
  only: Set<Area>;
  /** Seconds of measured load per run. */
  duration: number;
  /** Seconds of unmeasured load before each run, so every target is warm when timed. */
  warmup: number;
  connections: number;
  /** Each target is measured once per round, in turn (A, B, A, B), and the median is reported. */
  rounds: number;
  dist: string;
  redisUrl: string;
  /** Where the JSON summary goes; outside dist/, so a rebuild never deletes it. */
  out: string;
  /** The load generator: wrk (default when installed) or autocannon. */
  loader: 'wrk' | 'autocannon';
  /** Servers on CPU 0 and the load generator on CPU 1 (taskset); default on with 2+ CPUs. */
  pin: boolean;
}

const USAGE =
  'usage: npm run bench -- [--only=path,record,search,bulk,quota,webhooks,startup,workers,tls,match,match-http,redis,ready] [--duration=5] [--warmup=1] [--connections=32] [--rounds=3] [--loader=wrk|autocannon] [--pin=true|false] [--redis=redis://127.0.0.1:6390/0] [--out=.bench/results.json]';

/**
 * Read `--name=value` arguments; DIST_DIR (default dist/) names the snapshot. Throws with the
 * usage line on anything unknown, so a typo never silently benchmarks the defaults.
 */
export function parseOptions(argv: string[], env: NodeJS.ProcessEnv, root: string, machine: { wrk: boolean; pin: boolean }): BenchOptions {
  const o: BenchOptions = {
    only: new Set(AREAS),
    duration: 5,
    warmup: 1,
    connections: 32,
    rounds: 3,
    dist: resolve(root, env.DIST_DIR ?? 'dist'),
    redisUrl: 'redis://127.0.0.1:6390/0',
    out: resolve(root, '.bench/results.json'),
    loader: machine.wrk ? 'wrk' : 'autocannon',
    pin: machine.pin,
  };
  const positive = (name: string, v: string, min: number): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got "${v}"\n${USAGE}`);
    return n;
  };
  for (const arg of argv) {
    const m = /^--([a-z]+)=(.*)$/.exec(arg);
    if (!m) throw new Error(`unknown argument "${arg}"\n${USAGE}`);
    const [, name, value] = m;
    if (name === 'only') {
      const picked = value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = picked.filter((a) => !(AREAS as readonly string[]).includes(a));
      if (bad.length || !picked.length) throw new Error(`--only takes ${AREAS.join(',')}, got "${value}"\n${USAGE}`);
      o.only = new Set(picked as Area[]);
    } else if (name === 'duration') o.duration = positive(name, value, 1);
    else if (name === 'warmup') o.warmup = positive(name, value, 0);
    else if (name === 'connections') o.connections = positive(name, value, 1);
    else if (name === 'rounds') o.rounds = positive(name, value, 1);
    else if (name === 'redis') o.redisUrl = value;
    else if (name === 'loader') {
      if (value !== 'wrk' && value !== 'autocannon') throw new Error(`--loader takes wrk or autocannon, got "${value}"\n${USAGE}`);
      if (value === 'wrk' && !machine.wrk) throw new Error('--loader=wrk: wrk is not installed (apt-get install -y wrk)');
      o.loader = value;
    } else if (name === 'pin') {
      if (value !== 'true' && value !== 'false') throw new Error(`--pin takes true or false, got "${value}"\n${USAGE}`);
      if (value === 'true' && !machine.pin) throw new Error('--pin=true needs taskset and at least two CPUs');
      o.pin = value === 'true';
    } else if (name === 'out') o.out = resolve(root, value);
    else throw new Error(`unknown option --${name}\n${USAGE}`);
  }
  return o;
}
