import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkSources, mirrorAlternatives } from '../ingest/registry.ts';
import type { SourceEntry, UpstreamFile } from '../ingest/source-entry.ts';
import { SOURCES, type SourceId } from '../ingest/source-list.ts';
import { isDue } from './cadence.ts';
import { DEFAULT_RETRY, download, dropPartial, type RetryPolicy } from './download.ts';
import { lastChecked, readLock, writeLock, type LockFile } from './lock-file.ts';
import { createProgress, type TransferProgress } from './transfer-progress.ts';
import { unpackArchive } from './unpack.ts';
import { checkDownload, sha256File } from './validate.ts';

export interface FetchOptions {
  dataDir: string;
  contentDir: string;
  /** Only these sources (registry ids). */
  sources?: string[];
  /** The registry to fetch for (default: every source, build/ingest/source-list.ts). */
  registry?: readonly SourceEntry[];
  /** Only sources whose cadence says a new release may exist since they were last checked. */
  due?: boolean;
  /** An internal mirror laid out like DATA_DIR, used instead of the upstream URLs. */
  mirror?: string;
  now?: () => Date;
  retry?: RetryPolicy;
  progress?: TransferProgress;
}

export interface FetchSummary {
  changed: string[];
  unchanged: string[];
  failed: { path: string; reason: string }[];
  skipped: { source: SourceId; reason: string }[];
  bytes: number;
}

/** Where partial bodies wait between attempts and runs: inside DATA_DIR, so placing is a rename. */
export const PARTIAL_DIR = '.fetch-partial';

type Outcome = 'changed' | 'unchanged' | 'absent' | 'failed';

/** What one run of the fetch shares between its files. */
interface FetchRun {
  o: FetchOptions;
  lock: LockFile;
  summary: FetchSummary;
  progress: TransferProgress;
  now: () => Date;
  mirrorLock: Awaited<ReturnType<typeof fetchMirrorLock>> | null;
}

/**
 * `npm run fetch`: bring DATA_DIR up to date with each source's upstream files (or a mirror's),
 * asking conditionally, resuming interrupted transfers, checking each download before it replaces
 * anything, placing files atomically and recording them in DATA_DIR/fetch-lock.json.
 */
export async function fetchSources(o: FetchOptions): Promise<FetchSummary> {
  const registry = o.registry ?? SOURCES;
  checkSources(registry);
  const known = new Set(registry.map((e) => e.id));
  for (const s of o.sources ?? [])
    if (!known.has(s as SourceId)) throw new Error(`unknown source "${s}"; sources: ${[...known].join(', ')}`);
  const now = o.now ?? (() => new Date());
  const progress = o.progress ?? createProgress(process.stdout);
  const lock = readLock(o.dataDir);
  const summary: FetchSummary = { changed: [], unchanged: [], failed: [], skipped: [], bytes: 0 };
  const mirror = o.mirror?.replace(/\/+$/, '');
  const run: FetchRun = { o, lock, summary, progress, now, mirrorLock: mirror ? await fetchMirrorLock(mirror) : null };
  const fetchOne = (source: SourceId, path: string, file: Omit<UpstreamFile, 'path'>) => fetchFile(run, source, path, file);
  for (const entry of registry as readonly SourceEntry<SourceId>[]) {
    if (o.sources && !o.sources.includes(entry.id)) continue;
    if (o.due && !isDue(entry.cadence, lastChecked(lock, entry.id), now())) {
      summary.skipped.push({ source: entry.id, reason: `not due (${entry.cadence}; last checked ${lastChecked(lock, entry.id)})` });
      continue;
    }
    progress.line(`${entry.id} (${entry.cadence})${mirror ? ` from ${mirror}` : ''}`);
    if (mirror) await fetchFromMirror(entry, mirror, fetchOne, summary);
    else if (entry.upstream.length === 0) summary.skipped.push({ source: entry.id, reason: entry.upstreamNote ?? 'no upstream download' });
    else {
      for (const u of entry.upstream) {
        if ((await fetchOne(entry.id, u.path, u)) === 'absent') summary.failed.push({ path: u.path, reason: `${u.url}: HTTP 404` });
      }
    }
  }
  // Partial bodies of failed transfers stay in PARTIAL_DIR: the next run resumes them.
  writeLock(o.dataDir, lock);
  return summary;
}

/** Download one file into its partial, check it, and place it (or keep the copy in DATA_DIR). */
async function fetchFile(run: FetchRun, source: SourceId, path: string, file: Omit<UpstreamFile, 'path'>): Promise<Outcome> {
  const { o, lock, summary, progress } = run;
  const target = join(o.dataDir, path);
  const partial = join(o.dataDir, PARTIAL_DIR, path);
  const known = lock.files[path];
  const have = known && known.url === file.url && existsSync(target) ? { etag: known.etag, lastModified: known.lastModified } : null;
  const started = Date.now();
  try {
    const result = await download(
      { url: file.url, method: file.method, form: file.form, have, partial },
      o.retry ?? DEFAULT_RETRY,
      (received, total) => progress.update(path, received, total),
    );
    if (result.status === 'not-found') return 'absent';
    if (result.status === 'not-modified') {
      lock.files[path] = { ...known!, checkedAt: run.now().toISOString() };
      summary.unchanged.push(path);
      progress.line(`  ${path}: not modified`);
      return 'unchanged';
    }
    const problem =
      (await checkDownload(partial, path, file.unpack)) ??
      (run.mirrorLock?.files[path] && run.mirrorLock.files[path].sha256 !== sha256File(partial)
        ? "sha256 differs from the mirror's fetch-lock.json"
        : null);
    if (problem) {
      dropPartial(partial);
      summary.failed.push({ path, reason: problem });
      progress.line(`  ${path}: rejected (${problem}); ${existsSync(target) ? 'the file in DATA_DIR is kept' : 'nothing placed'}`);
      return 'failed';
    }
    return await placeFile(run, { source, path, file, target, partial, result, started });
  } catch (err) {
    summary.failed.push({ path, reason: (err as Error).message });
    progress.line(
      `  ${path}: failed (${(err as Error).message}); ${existsSync(target) ? 'the file in DATA_DIR is kept' : 'nothing placed'}`,
    );
    return 'failed';
  }
}

/** A checked download: record it, and rename it into DATA_DIR unless the copy there has the same bytes. */
async function placeFile(
  run: FetchRun,
  d: {
    source: SourceId;
    path: string;
    file: Omit<UpstreamFile, 'path'>;
    target: string;
    partial: string;
    result: Extract<Awaited<ReturnType<typeof download>>, { status: 'downloaded' }>;
    started: number;
  },
): Promise<Outcome> {
  const { lock, summary, progress } = run;
  const { path, file, target, partial, result } = d;
  const sha256 = sha256File(partial);
  const stamp = run.now().toISOString();
  const entry = {
    source: d.source,
    url: file.url,
    etag: result.validators.etag,
    lastModified: result.validators.lastModified,
    size: result.size,
    sha256,
    fetchedAt: stamp,
    checkedAt: stamp,
  };
  const known = lock.files[path];
  if (existsSync(target) && sha256File(target) === sha256) {
    dropPartial(partial);
    lock.files[path] = { ...entry, fetchedAt: known?.sha256 === sha256 ? known.fetchedAt : stamp };
    summary.unchanged.push(path);
    progress.line(`  ${path}: downloaded, identical to the copy in DATA_DIR`);
    return 'unchanged';
  }
  mkdirSync(dirname(target), { recursive: true });
  renameSync(partial, target);
  dropPartial(partial);
  if (file.unpack) {
    const n = await unpackArchive(target, run.o.dataDir, file.unpack);
    progress.line(`  ${path}: unpacked ${n} ${file.unpack.files} into ${file.unpack.to}`);
  }
  lock.files[path] = entry;
  summary.changed.push(path);
  summary.bytes += result.size - result.resumedFrom;
  const resumed = result.resumedFrom > 0 ? `, resumed at ${result.resumedFrom} bytes` : '';
  const attempts = result.attempts > 1 ? ` (${result.attempts} attempts)` : '';
  progress.line(`  ${path}: ${result.size} bytes in ${((Date.now() - d.started) / 1000).toFixed(1)} s${resumed}${attempts}`);
  return 'changed';
}

/**
 * The first alternative of each input that the mirror has (a 404 moves to the next one). A list
 * alternative (files read together, e.g. Mondo's per-predicate SSSOM files) counts when the
 * mirror has any of its files, as a folder of them does locally.
 */
async function fetchFromMirror(
  entry: SourceEntry<SourceId>,
  mirror: string,
  fetchOne: (s: SourceId, p: string, f: Omit<UpstreamFile, 'path'>) => Promise<Outcome>,
  summary: FetchSummary,
): Promise<void> {
  const found = new Set<string>();
  for (const input of entry.inputs) {
    if (input.unlessFound && found.has(input.unlessFound)) continue;
    let got = false;
    for (const alternative of mirrorAlternatives(input)) {
      for (const path of alternative) if ((await fetchOne(entry.id, path, { url: `${mirror}/${path}` })) !== 'absent') got = true;
      if (got) break;
    }
    if (got) found.add(input.name);
    else if (!input.optional && mirrorAlternatives(input).length > 0) {
      summary.failed.push({
        path: input.oneOf.map((a) => (Array.isArray(a) ? a[0] : a)).join(' | '),
        reason: `the mirror has no file for input "${input.name}" of ${entry.id}`,
      });
    }
  }
}

/** A mirror made by `npm run fetch` has a lock file: its checksums verify what we download. */
async function fetchMirrorLock(mirror: string): Promise<LockFile | null> {
  try {
    const res = await fetch(`${mirror}/fetch-lock.json`);
    if (!res.ok) return null;
    const doc = (await res.json()) as LockFile;
    return doc.format === 1 ? doc : null;
  } catch {
    return null;
  }
}
