import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { SourceId } from '../ingest/source-list.ts';

/** What `npm run fetch` knows about one file it placed in DATA_DIR. */
export interface LockEntry {
  source: SourceId;
  url: string;
  etag: string | null;
  lastModified: string | null;
  size: number;
  sha256: string;
  /** When these bytes were transferred. */
  fetchedAt: string;
  /** When upstream was last asked (a 304 updates this, not fetchedAt). */
  checkedAt: string;
}
export interface LockFile {
  format: 1;
  files: Record<string, LockEntry>;
}

/** DATA_DIR/fetch-lock.json: one entry per fetched file, keyed by its path in DATA_DIR. */
export const LOCK_FILE = 'fetch-lock.json';

/** The lock file of `dataDir`, or an empty one; a malformed file is an error naming it. */
export function readLock(dataDir: string): LockFile {
  const file = join(dataDir, LOCK_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { format: 1, files: {} };
  }
  try {
    const doc = JSON.parse(text) as LockFile;
    if (doc.format !== 1 || typeof doc.files !== 'object' || doc.files === null) throw new Error('expected {"format": 1, "files": {...}}');
    return doc;
  } catch (err) {
    throw new Error(`${file}: not a fetch lock file (${(err as Error).message})`);
  }
}

/** Write the lock file atomically (temp file + rename), paths sorted for stable diffs. */
export function writeLock(dataDir: string, lock: LockFile): void {
  const file = join(dataDir, LOCK_FILE);
  mkdirSync(dirname(file), { recursive: true });
  const sorted: LockFile = { format: 1, files: Object.fromEntries(Object.entries(lock.files).sort(([a], [b]) => a.localeCompare(b))) };
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(tmp, file);
}

/** When a source was last checked: the oldest check among its files; null when none is recorded. */
export function lastChecked(lock: LockFile, source: SourceId): string | null {
  const times = Object.values(lock.files)
    .filter((e) => e.source === source)
    .map((e) => e.checkedAt)
    .sort();
  return times[0] ?? null;
}
