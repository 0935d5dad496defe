import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call } from '../helpers/http.ts';
import { stopChild, track } from './child-registry.ts';
import type { RunningTarget } from './real-server.ts';
import { freePort } from '../helpers/free-port.ts';

/** One exact path nginx serves from a file. */
export interface NginxRoute {
  path: string;
  file: string;
}

/** Whether an `nginx` binary is on PATH. */
export function nginxInstalled(): boolean {
  return spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
}

/**
 * The configuration: one worker process, since the node servers run on one thread; keep-alive
 * connections never recycled, as node does not recycle them either; access log on, to /dev/null,
 * as the node server's is; every path nginx writes in `dir`.
 */
function config(dir: string, port: number, routes: NginxRoute[]): string {
  const locations = routes.map((r) => `    location = ${r.path} { alias ${r.file}; default_type application/json; }`).join('\n');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`).join('\n');
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log /dev/null;
  keepalive_requests 1000000;
${temp}
  server {
    listen 127.0.0.1:${port};
${locations}
  }
}
`;
}

/** Run nginx in the foreground as a child, serving `routes`; resolves once it answers the first one. */
export async function startNginx(dir: string, routes: NginxRoute[]): Promise<RunningTarget> {
  const home = join(dir, 'nginx');
  mkdirSync(home, { recursive: true });
  // nginx workers drop root privileges; they must still reach their temp directories.
  chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = join(home, 'nginx.conf');
  writeFileSync(conf, config(home, port, routes));
  const child = track(
    spawn('nginx', ['-p', home, '-e', join(home, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
    { stop: 'SIGTERM', onExit: 'SIGTERM' },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}; see ${join(home, 'error.log')}`);
    const r = await call(url, routes[0].path).catch(() => null);
    if (r?.status === 200) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(
        `nginx did not answer ${routes[0].path} within 10 s (last status ${r?.status ?? 'none'}); see ${join(home, 'error.log')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, stop: () => stopChild(child) };
}
