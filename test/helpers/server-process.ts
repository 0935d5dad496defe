import { fork, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { ROOT } from './real-snapshot.ts';
import { suiteTransport } from './tls-cert.ts';

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Start the real server (server/main.ts) on an ephemeral loopback port and resolve once it
 * listens. The environment is the caller's plus `env`.
 */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  const suite = suiteTransport();
  const tls =
    suite && !env.TLS_CERT_FILE
      ? { TLS_CERT_FILE: suite.cert.certFile, TLS_KEY_FILE: suite.cert.keyFile, TLS_HTTP2: String(suite.transport === 'h2') }
      : {};
  const child = fork(resolve(ROOT, 'server/main.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...tls, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error('server did not start in 60 s')), 60_000);
    child.once('exit', (code) => fail(new Error(`server exited early with ${code}`)));
    child.on('message', (m: { ready?: boolean; url?: string }) => {
      if (!m.ready || !m.url) return;
      clearTimeout(timer);
      done({
        url: m.url,
        child,
        stop: (signal = 'SIGTERM') =>
          new Promise((exited) => {
            if (child.exitCode !== null) return exited(child.exitCode);
            child.once('exit', (code) => exited(code));
            child.kill(signal);
          }),
      });
    });
  });
}
