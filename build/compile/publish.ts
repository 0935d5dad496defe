import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import type { ReleasesDoc } from '../../server/contract/snapshot/history.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';

/**
 * dist/ layout: objects/ (content-addressed bodies, shared by snapshots), snapshots/<id>/
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

/** Read a JSON file of the published snapshot; null when absent or unreadable. */
export function readCurrent<T>(dist: string, file: string): T | null {
  try {
    return JSON.parse(readFileSync(join(dist, CURRENT_LINK, file), 'utf8')) as T;
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

/** Write one snapshot document (JSON or text) into staging. */
export function writeSnapshotFile(staging: string, name: string, content: string | Buffer): void {
  writeFileSync(join(staging, name), content);
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
 * rest, then every object neither of them references: their manifests (responses, and the version
 * lists and version bodies the history keeps) and the change lists of their releases. Returns
 * how many objects were removed.
 */
export function collectGarbage(dist: string, keep: string[]): { snapshots: number; objects: number } {
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
  for (const id of keep) {
    try {
      const m = JSON.parse(readFileSync(join(snaps, id, SNAPSHOT_FILES.manifest), 'utf8')) as Manifest;
      for (const e of Object.values(m.entries)) live.add(e[0]);
    } catch {
      /* a missing snapshot keeps nothing alive */
    }
    try {
      const h = JSON.parse(readFileSync(join(snaps, id, SNAPSHOT_FILES.releases), 'utf8')) as ReleasesDoc;
      for (const r of h.releases) live.add(r.changes[0]);
    } catch {
      /* no history yet */
    }
  }
  let removed = 0;
  const objects = join(dist, 'objects');
  if (!existsSync(objects)) return { snapshots: removedSnapshots, objects: 0 };
  for (const fan of readdirSync(objects)) {
    for (const name of readdirSync(join(objects, fan))) {
      const hash = name.slice(0, name.indexOf('.'));
      if (live.has(hash) && !name.endsWith('.tmp')) continue;
      rmSync(join(objects, fan, name), { force: true });
      removed++;
    }
  }
  return { snapshots: removedSnapshots, objects: removed };
}
