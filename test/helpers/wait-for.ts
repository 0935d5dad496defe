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

/**
 * The complete lines of a JSON-lines log a running server appends to, parsed: the line it may be
 * writing while the test reads is left for the next read (CI once read half of one).
 */
export function logLines(file: string): Record<string, any>[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, 'utf8');
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

/** The access-log line of the request with this id, once the server has flushed it. */
export function accessLogLine(file: string, requestId: string): Promise<Record<string, any>> {
  return waitFor(`the access-log line of request ${requestId}`, () => logLines(file).find((l) => l.reqId === requestId));
}
