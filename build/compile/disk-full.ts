import { readFileSync, realpathSync, statfsSync } from 'node:fs';
import { dirname, resolve, sep } from 'node:path';

/** Errors that mean the disk (or the user's share of it) is full. */
const FULL = new Set(['ENOSPC', 'EDQUOT']);

/** Whether `err` says the disk is full. */
export function isDiskFull(err: unknown): boolean {
  return FULL.has((err as NodeJS.ErrnoException | null)?.code ?? '');
}

/** The mount point that holds `path` (the longest mount in /proc/mounts that contains it); null where that cannot be read. */
export function mountOf(path: string): string | null {
  let real = resolve(path);
  // The path may not exist yet (a first build): its nearest existing folder is on the same disk.
  for (;;) {
    try {
      real = realpathSync(real);
      break;
    } catch {
      const up = dirname(real);
      if (up === real) return null;
      real = up;
    }
  }
  let mounts: string[];
  try {
    mounts = readFileSync('/proc/mounts', 'utf8')
      .split('\n')
      .map((l) => l.split(' ')[1]?.replace(/\\040/g, ' '))
      .filter((m): m is string => Boolean(m));
  } catch {
    return null;
  }
  let best: string | null = null;
  for (const m of mounts) {
    const inside = m === '/' || real === m || real.startsWith(m.endsWith(sep) ? m : m + sep);
    if (inside && (best === null || m.length > best.length)) best = m;
  }
  return best;
}

function mb(bytes: number): string {
  return bytes >= 1e9 ? `${(bytes / 1e9).toFixed(1)} GB` : `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * The message of a build stopped by a full disk: which disk (the folder, its mount point, what is
 * free of its size), what was being written, and that nothing was published (`previous` is the
 * snapshot still served, or null when there is none).
 */
export function diskFullMessage(err: NodeJS.ErrnoException, dist: string, previous: string | null): string {
  const where = resolve(dist);
  const mount = mountOf(where);
  let space = '';
  try {
    const s = statfsSync(mount ?? where);
    space = `, ${mb(s.blocks * s.bsize)} in all, ${mb(s.bavail * s.bsize)} free once this build's partial files were removed`;
  } catch {
    /* the figures are a help, not the message */
  }
  const writing = err.path ? ` while writing ${err.path}` : '';
  const served = previous ? `the previous snapshot ${previous} is still the one served` : 'no snapshot was published before this one';
  return (
    `build failed: the disk is full (${err.code}): no space left on the disk that holds ${where}` +
    `${mount ? ` (the filesystem mounted at ${mount}${space})` : space ? ` (${space.slice(2)})` : ''}${writing}. ` +
    `Nothing was published: ${served}. Free space on that disk, or set DIST_DIR to a folder on another one, and build again.`
  );
}
