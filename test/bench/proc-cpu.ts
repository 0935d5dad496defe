import { readFileSync } from 'node:fs';

// utime and stime in /proc are in clock ticks; USER_HZ is 100 on every mainstream Linux build.
const TICK_US = 10_000;

/** Live child process ids of a process (nginx answers from workers, not its master). */
export function children(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU time (user + system, in microseconds) used so far by a process and its live descendants
 * (nginx answers from a worker, not its master), or null where /proc is not available. Kernel
 * time counts too: for a server, the system calls that send responses are part of its cost.
 */
export function processTreeCpuUs(pid: number): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // The command name may hold spaces and parentheses: fields are counted after its last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const own = (Number(fields[11]) + Number(fields[12])) * TICK_US;
  return children(pid).reduce((sum, c) => sum + (processTreeCpuUs(c) ?? 0), own);
}
