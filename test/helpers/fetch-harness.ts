import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { relative, resolve } from 'node:path';
import { resolveInputs } from '../../build/ingest/registry.ts';
import { SOURCES } from '../../build/ingest/source-list.ts';
import type { RetryPolicy } from '../../build/fetch/download.ts';
import type { TransferProgress } from '../../build/fetch/transfer-progress.ts';

export const ROOT = resolve(import.meta.dirname, '../..');
export const CONTENT = resolve(ROOT, 'content');
/** Retries without waiting: backoff is not what these tests measure. */
export const FAST: RetryPolicy = { retries: 3, baseDelayMs: 1, maxDelayMs: 2, idleTimeoutMs: 20_000 };

const made: string[] = [];
process.on('exit', () => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

/** A new empty directory, removed when the test process exits. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(resolve(tmpdir(), `fetch-test-${prefix}-`));
  made.push(dir);
  return dir;
}

/** A progress reporter that keeps the lines it is given. */
export function recorder(): TransferProgress & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    update() {},
    line(text) {
      lines.push(text);
    },
  };
}

export const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The DATA_DIR paths the build reads from `dataDir` for these sources (content/ inputs left out). */
export function buildInputs(dataDir: string, sources?: string[]): string[] {
  return SOURCES.filter((e) => !sources || sources.includes(e.id))
    .flatMap((e) => [...resolveInputs(e, dataDir, CONTENT).values()].flatMap((r) => r.files))
    .filter((f) => f.startsWith(`${dataDir}/`))
    .map((f) => relative(dataDir, f))
    .sort();
}
