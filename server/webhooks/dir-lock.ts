import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from '../contract/process-alive.ts';

/**
 * Take the embedded outbox's directory for this process: a lock file made with O_EXCL holding the
 * pid. A lock left by a process that no longer runs (killed) is taken over; one held by a live
 * process is an error, because two writers would each append their own idea of the outbox.
 * Returns the function that gives it back.
 */
export function lockDir(dir: string): () => void {
  const file = join(dir, 'outbox.lock');
  // A lock file naming this very process is stale (a pid reused after a kill) unless this process holds it now.
  if (held.has(file)) throw new Error(`${dir}: the webhook outbox is in use by process ${process.pid} (this one)`);
  for (let tries = 0; tries < 3; tries++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      held.add(file);
      return () => {
        held.delete(file);
        try {
          unlinkSync(file);
        } catch {
          /* gone already */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
        throw new Error(
          `${dir}: the webhook outbox is in use by process ${pid}; the embedded store serves one process (set WEBHOOK_STORE to a redis:// URL to run several)`,
        );
      }
      unlinkSync(file);
    }
  }
  throw new Error(`${file}: could not take the outbox lock`);
}

const held = new Set<string>();
