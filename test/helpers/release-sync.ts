import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { PACKS_DIR } from '../../server/contract/snapshot/packs.ts';

/** What one sync sent: files copied, and files the box already had (never sent again). */
export interface SyncResult {
  copied: number;
  skipped: number;
}

/**
 * Ship the release `from/current` points to onto a box whose dist is `to`, the way the deployment
 * notes (server/README.md) describe for any copy (rsync, an object store): packs first, sending
 * only names the box lacks (packs are content-addressed and never rewritten, so a name present
 * is the same bytes), then the release's snapshot directory, and last the `current` link, replaced
 * by a rename, which is atomic: the box's watcher sees the old release or the new, never a mix.
 */
export function syncRelease(from: string, to: string): SyncResult {
  const result: SyncResult = { copied: 0, skipped: 0 };
  const walk = (rel: string): void => {
    mkdirSync(join(to, rel), { recursive: true });
    for (const entry of readdirSync(join(from, rel), { withFileTypes: true })) {
      const r = join(rel, entry.name);
      if (entry.isDirectory()) walk(r);
      else if (existsSync(join(to, r))) result.skipped += 1;
      else {
        // Into a temp name, then renamed: a reader never opens a half-copied pack.
        copyFileSync(join(from, r), join(to, `${r}.part`));
        renameSync(join(to, `${r}.part`), join(to, r));
        result.copied += 1;
      }
    }
  };
  walk(PACKS_DIR);
  const link = readlinkSync(join(from, 'current'));
  if (!existsSync(join(to, link))) {
    cpSync(join(from, link), join(to, `${link}.part`), { recursive: true });
    renameSync(join(to, `${link}.part`), join(to, link));
  }
  const next = join(to, `current.${process.pid}.next`);
  symlinkSync(link, next);
  renameSync(next, join(to, 'current'));
  return result;
}
