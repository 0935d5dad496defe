import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { extract } from 'tar';
import type { UpstreamFile } from '../ingest/source-entry.ts';
import { belowTopFolder, matchesPattern } from './validate.ts';

/**
 * Unpack the files an upstream archive is fetched for (e.g. Orphanet's `json/ORPHApacket_*.json`)
 * into `dataDir/<unpack.to>`, atomically: extracted into a staging folder beside the target, then
 * swapped in by renames, so a failed extraction leaves the previous folder in place.
 * Returns how many files were placed.
 */
export async function unpackArchive(archive: string, dataDir: string, unpack: NonNullable<UpstreamFile['unpack']>): Promise<number> {
  const target = join(dataDir, unpack.to);
  const staging = `${target.replace(/\/$/, '')}.staging-${process.pid}`;
  const old = `${target.replace(/\/$/, '')}.old-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  let placed = 0;
  try {
    await extract({
      file: archive,
      cwd: staging,
      strict: true,
      // Keep only the wanted files, flattened into the staging folder by their name.
      filter: (path) => {
        const inner = belowTopFolder(path);
        const keep =
          inner.startsWith(unpack.from) &&
          !inner.slice(unpack.from.length).includes('/') &&
          matchesPattern(inner.slice(unpack.from.length), unpack.files);
        if (keep) placed++;
        return keep;
      },
      strip: 1 + unpack.from.split('/').filter(Boolean).length,
    });
    mkdirSync(dirname(target), { recursive: true });
    if (existsSync(target)) renameSync(target, old);
    renameSync(staging, target);
    rmSync(old, { recursive: true, force: true });
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(target) && existsSync(old)) renameSync(old, target);
    throw err;
  }
  return placed;
}
