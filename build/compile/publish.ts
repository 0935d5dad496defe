import { existsSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKS_DIR, type PackLookup, type PacksDoc } from '../../server/contract/snapshot/packs.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { encodeSnapshotDoc, readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';

/**
 * dist/ layout: packs/ (content-addressed bodies in pack files, shared by snapshots), snapshots/<id>/
 * (manifest and indexes of one build) and `current`, a symlink to the published snapshot. A
 * build writes its snapshot under a temporary name, renames it into place, then swaps `current`
 * by renaming a new symlink over it: each step is atomic, so a failed or killed build leaves the
 * previous snapshot serving, untouched.
 */
export const CURRENT_LINK = 'current';

/** The id of the published snapshot, or null when none is. */
export function currentSnapshot(dist: string): string | null {
  try {
    return readlinkSync(join(dist, CURRENT_LINK)).replace(/^snapshots\//, '');
  } catch {
    return null;
  }
}

/** Read a JSON document of the published snapshot; null when absent or unreadable. */
export function readCurrent<T>(dist: string, file: string): T | null {
  try {
    return readSnapshotJson<T>(join(dist, CURRENT_LINK), file);
  } catch {
    return null;
  }
}

/** The packs of the published snapshot; null when there is none, or it predates packs, or its indexes are unreadable. */
export function currentPacks(dist: string): PackLookup | null {
  try {
    return snapshotPacks(dist, join(dist, CURRENT_LINK));
  } catch {
    return null;
  }
}

/** The snapshot id for a build: unique even for two builds in the same second with equal inputs. */
export function uniqueSnapshotId(dist: string, base: string): string {
  let id = base;
  for (let n = 2; existsSync(join(dist, 'snapshots', id)); n++) id = `${base}-${n}`;
  return id;
}

/** Start a staging folder for snapshot files; leftovers of killed builds are removed first. */
export function startStaging(dist: string, snapshot: string): string {
  const snaps = join(dist, 'snapshots');
  mkdirSync(snaps, { recursive: true });
  for (const name of readdirSync(snaps)) if (name.startsWith('.staging-')) rmSync(join(snaps, name), { recursive: true, force: true });
  const staging = join(snaps, `.staging-${snapshot}`);
  mkdirSync(staging, { recursive: true });
  return staging;
}

/** Write one snapshot document (JSON or text) into staging, compressed when its name says so. */
export function writeSnapshotFile(staging: string, name: string, content: string | Buffer): void {
  writeFileSync(join(staging, name), encodeSnapshotDoc(name, content));
}

/** Move staging into place and point `current` at it; returns the previous snapshot id. */
export function publish(dist: string, staging: string, snapshot: string): string | null {
  const previous = currentSnapshot(dist);
  const final = join(dist, 'snapshots', snapshot);
  if (existsSync(final)) rmSync(final, { recursive: true, force: true });
  renameSync(staging, final);
  const tmpLink = join(dist, `${CURRENT_LINK}.${process.pid}.tmp`);
  try {
    unlinkSync(tmpLink);
  } catch {
    /* not there */
  }
  symlinkSync(join('snapshots', snapshot), tmpLink);
  renameSync(tmpLink, join(dist, CURRENT_LINK));
  return previous;
}

/**
 * Keep the current and the previous snapshot (a server may still be reading it) and delete the
 * rest, then every pack neither of them lists. Objects of a dist/ from before packs (objects/)
 * go once no kept snapshot predates packs. Returns what was removed.
 */
export function collectGarbage(dist: string, keep: string[]): { snapshots: number; packs: number } {
  const snaps = join(dist, 'snapshots');
  // Symlinks left by a build killed between creating and renaming its new `current`.
  for (const name of readdirSync(dist))
    if (name.startsWith(`${CURRENT_LINK}.`) && name.endsWith('.tmp')) rmSync(join(dist, name), { force: true });
  let removedSnapshots = 0;
  for (const name of readdirSync(snaps)) {
    if (name.startsWith('.') || keep.includes(name)) continue;
    rmSync(join(snaps, name), { recursive: true, force: true });
    removedSnapshots++;
  }
  const live = new Set<string>();
  let loose = false;
  for (const id of keep) {
    try {
      for (const p of readSnapshotJson<PacksDoc>(join(snaps, id), SNAPSHOT_FILES.packs).packs) live.add(p.name);
    } catch {
      loose ||= existsSync(join(snaps, id));
    }
  }
  if (!loose) rmSync(join(dist, 'objects'), { recursive: true, force: true });
  let removed = 0;
  const packs = join(dist, PACKS_DIR);
  if (!existsSync(packs)) return { snapshots: removedSnapshots, packs: 0 };
  for (const name of readdirSync(packs)) {
    // Temporary files are the pack writer's to clean (a build may be writing them now).
    if (name.startsWith('.')) continue;
    const pack = name.replace(/\.(pack|idx)$/, '');
    if (live.has(pack)) continue;
    rmSync(join(packs, name), { force: true });
    if (name.endsWith('.pack')) removed++;
  }
  return { snapshots: removedSnapshots, packs: removed };
}
