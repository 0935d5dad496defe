import { existsSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Poll until `probe` returns a value (not undefined), and return it; fail naming `what` after
 * `timeoutMs`. For effects another process makes visible later (a buffered log flush): the test
 * waits for the effect itself, not for a guessed delay.
 */
export async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/** The access-log line of the request with this id, once the server has flushed it. */
export function accessLogLine(file: string, requestId: string): Promise<Record<string, any>> {
  return waitFor(`the access-log line of request ${requestId}`, () => {
    if (!existsSync(file)) return undefined;
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .find((l) => l.reqId === requestId);
  });
}
