import type { ChildProcess } from 'node:child_process';

/**
 * Resolve with the URL a forked server reports over IPC (`{ ready: true, url }`); reject when it
 * exits first or stays silent for `timeoutMs`. The caller has registered the child, so a failed
 * start is still cleaned up.
 */
export function untilReady(child: ChildProcess, what: string, timeoutMs = 60_000): Promise<string> {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => settle(new Error(`${what} did not report ready within ${timeoutMs / 1000} s`)), timeoutMs);
    const onExit = (code: number | null, signal: string | null) =>
      settle(new Error(`${what} exited before it was ready (code ${code}, signal ${signal})`));
    const onMessage = (m: { ready?: boolean; url?: string }) => {
      if (m?.ready && typeof m.url === 'string') settle(null, m.url);
    };
    function settle(err: Error | null, url?: string) {
      clearTimeout(timer);
      child.off('exit', onExit);
      child.off('message', onMessage);
      if (err) fail(err);
      else done(url!);
    }
    child.once('exit', onExit);
    child.on('message', onMessage);
  });
}
