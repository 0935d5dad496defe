import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { call } from './http.ts';
import { freePort } from './free-port.ts';

/** Why nginx cannot be used here, or null when an `nginx` binary is on PATH. */
export function nginxMissing(): string | null {
  const r = spawnSync('nginx', ['-v'], { stdio: 'ignore' });
  return r.status === 0 ? null : 'nginx is not installed (apt-get install -y nginx; .ci/run installs it)';
}

/**
 * A load balancer as a deployment would run one in front of several boxes: round robin over the
 * upstreams, keep-alive to them, a box that refuses or drops a connection taken out of rotation
 * (max_fails=1) and the request tried on the next box when nothing of the answer was sent yet
 * (nginx's default `proxy_next_upstream error timeout`, GETs only). Each answer names the box it
 * came from in X-Upstream, so a test can tell the boxes apart.
 */
function config(dir: string, port: number, upstreams: string[]): string {
  const servers = upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=60s;`).join('\n');
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, t)};`).join('\n');
  return `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
${temp}
  upstream boxes {
${servers}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://boxes;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export interface Balancer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Run nginx in the foreground in `dir` over `upstreams` (host:port); resolves once `probe` answers through it. */
export async function startBalancer(dir: string, upstreams: string[], probe: string): Promise<Balancer> {
  const home = join(dir, 'nginx');
  mkdirSync(home, { recursive: true });
  // nginx workers drop root privileges; they must still reach their temp directories.
  chmodSync(dir, 0o755);
  chmodSync(home, 0o755);
  const port = await freePort();
  const conf = join(home, 'nginx.conf');
  writeFileSync(conf, config(home, port, upstreams));
  const child = spawn('nginx', ['-p', home, '-e', join(home, 'error.log'), '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}; see ${join(home, 'error.log')}`);
    const r = await call(url, probe).catch(() => null);
    if (r?.status === 200) return { url, child, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not answer ${probe} within 10 s (last status ${r?.status ?? 'none'}); see ${join(home, 'error.log')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
