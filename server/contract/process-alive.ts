/**
 * Whether a process of this machine is running: a lock or temporary file it left behind is stale
 * once it is not (the webhook directory lock, a build's unfinished pack). EPERM means it runs
 * under another user.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
