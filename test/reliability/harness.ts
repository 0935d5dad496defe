import { type ChildProcess, fork } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join, resolve } from 'node:path';
import { ROOT } from '../helpers/real-snapshot.ts';
import { reliabilitySettings } from './settings.ts';

/** The suite's settings, read once. */
export const SETTINGS = reliabilitySettings();
/** Where this run's logs, state files and figures go. */
export const OUT = resolve(ROOT, SETTINGS.out);
/** Every figure of the run, one JSON line each; the runner prints them at the end. */
export const FIGURES_FILE = join(OUT, 'figures.jsonl');
/** Every key and secret a part made: what the secrets part looks for (this file is not scanned). */
export const SECRETS_FILE = join(OUT, 'secrets.jsonl');

/** A fresh folder for one part's files (its server's log, state files, problem bodies). */
export function partDir(part: string): string {
  const dir = join(OUT, part);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Print a part's figure where the test output shows it, and keep it for the run's summary. */
export function figure(part: string, text: string, data: Record<string, unknown> = {}): void {
  mkdirSync(OUT, { recursive: true });
  appendFileSync(FIGURES_FILE, `${JSON.stringify({ part, text, ...data })}\n`);
  process.stdout.write(`[reliability] ${part}: ${text}\n`);
}

/** Remember a secret this run made, for the secrets part to look for. */
export function recordSecret(kind: 'api-key' | 'webhook-secret', value: string, part: string): void {
  mkdirSync(OUT, { recursive: true });
  appendFileSync(SECRETS_FILE, `${JSON.stringify({ kind, value, part })}\n`);
}

/** Problem bodies a part received, written to its folder (the secrets part scans them). */
export class ProblemLog {
  #lines: string[] = [];
  constructor(private readonly file: string) {}
  add(body: Buffer | string): void {
    this.#lines.push(typeof body === 'string' ? body : body.toString('utf8'));
    if (this.#lines.length >= 2000) this.flush();
  }
  flush(): void {
    if (this.#lines.length) appendFileSync(this.file, `${this.#lines.join('\n')}\n`);
    this.#lines = [];
  }
}

export interface PartServer {
  url: string;
  /** The metrics listener's URL, when METRICS_PORT was set. */
  metrics: string | null;
  child: ChildProcess;
  pid: number;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The real server (server/main.ts through tsx) on an ephemeral loopback port, plain HTTP, with
 * the caller's environment plus `env`; resolves once it listens (and its metrics listener, when
 * asked for, has said where it is).
 */
export function startPartServer(env: Record<string, string>): Promise<PartServer> {
  const child = fork(resolve(ROOT, 'server/main.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', TLS_CERT_FILE: '', TLS_KEY_FILE: '', ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const wantsMetrics = env.METRICS_PORT !== undefined;
  return new Promise((done, fail) => {
    let url: string | null = null;
    let metrics: string | null = null;
    const timer = setTimeout(() => fail(new Error('server did not start in 90 s')), 90_000);
    const early = (code: number | null) => fail(new Error(`server exited early with ${code}`));
    child.once('exit', early);
    child.on('message', (m: { ready?: boolean; url?: string; metrics?: string }) => {
      if (m.metrics) metrics = m.metrics;
      if (m.ready && m.url) url = m.url;
      if (url === null || (wantsMetrics && metrics === null)) return;
      clearTimeout(timer);
      child.off('exit', early);
      done({
        url,
        metrics,
        child,
        pid: child.pid as number,
        stop: (signal = 'SIGTERM') =>
          new Promise((exited) => {
            if (child.exitCode !== null || child.signalCode !== null) return exited(child.exitCode);
            child.once('exit', (code) => exited(code));
            child.kill(signal);
          }),
      });
    });
  });
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
}

/** A request as the fuzz and the load generators send it. */
export interface Req {
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: Buffer | string;
  /** A hostile request (from the fuzz): the soak sends it on a connection of its own. */
  hostile?: boolean;
}

/**
 * An in-process HTTP/1.1 client with keep-alive connections (node:http Agent): the fuzz and the
 * loads send through it. A request the server dropped without an answer rejects (its `code`).
 */
export class Client {
  readonly agent: Agent;
  constructor(
    readonly base: string,
    sockets = 64,
    keepAlive = true,
  ) {
    this.agent = new Agent({ keepAlive, maxSockets: sockets, maxFreeSockets: keepAlive ? sockets : 0 });
  }

  send(r: Req, timeoutMs = 30_000): Promise<Answer> {
    const url = new URL(this.base);
    const t0 = performance.now();
    return new Promise((done, fail) => {
      let req: ReturnType<typeof request>;
      try {
        req = request(
          {
            host: url.hostname,
            port: url.port,
            method: r.method,
            path: r.path,
            headers: r.headers,
            agent: this.agent,
            setHost: r.headers?.host === undefined,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - t0 }),
            );
            res.on('error', fail);
          },
        );
      } catch (err) {
        return fail(err);
      }
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
      req.on('error', fail);
      req.end(r.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A process's resident memory (bytes) and open file descriptors, from /proc. */
export function procStats(pid: number): { rss: number; fds: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { rss: kb * 1024, fds: readdirSync(`/proc/${pid}/fd`).length };
}

/** A tiers file with limits no run reaches for `tiers` (the rest keep their defaults): metered, never refused. */
export function raisedTiers(dir: string, tiers: string[]): string {
  const doc = JSON.parse(readFileSync(join(ROOT, 'server/contract/api/tiers.json'), 'utf8')) as { tiers: Record<string, object> };
  for (const t of tiers) doc.tiers[t] = { day: 1_000_000_000, month: 1_000_000_000 };
  const file = join(dir, 'tiers.json');
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

/** `n` formatted with thousands separators. */
export const fmt = (n: number, digits = 0): string =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
