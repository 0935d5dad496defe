import { readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { SearchEngine } from '../search/engine.ts';
import type { SerializedSearchIndex } from '../contract/search-index.ts';
import { Snapshot } from './snapshot.ts';

/**
 * The snapshot being served, swapped for a new one when a build publishes (dist/current changes).
 * Requests in flight keep the instance they started with; objects are shared and immutable.
 */
export class LiveSnapshot {
  private snap: Snapshot;
  private engine: SearchEngine;
  private link: string;
  private failedLink: string | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dist: string,
    private readonly cacheBytes: number,
    private readonly onSwap: (from: string, to: string) => void = () => {},
    private readonly onError: (err: Error) => void = () => {},
  ) {
    this.link = readlinkSync(join(dist, 'current'));
    this.snap = new Snapshot(dist, cacheBytes);
    this.engine = new SearchEngine(this.snap.searchIndex as SerializedSearchIndex, this.snap.rows);
  }

  /** The current snapshot. */
  get snapshot(): Snapshot { return this.snap; }
  /** The search engine over the current snapshot's rows. */
  get search(): SearchEngine { return this.engine; }

  /** Check dist/current every `ms` and load a newly published snapshot. */
  watch(ms = 2000): void {
    this.timer = setInterval(() => this.tick(), ms);
    this.timer.unref();
  }

  /**
   * One turn of the watcher: check, and report a snapshot that cannot be loaded instead of
   * throwing. A broken snapshot must not take the server down: the old one keeps serving.
   */
  tick(): void {
    try {
      this.check();
    } catch (err) {
      this.onError(err as Error);
    }
  }

  /** Load the published snapshot if it changed; a snapshot that fails to load is not swapped in. */
  check(): void {
    let link: string;
    try { link = readlinkSync(join(this.dist, 'current')); } catch { return; }
    if (link === this.link || link === this.failedLink) return;
    // Marked failed first: a snapshot that throws while loading is tried (and reported) once.
    this.failedLink = link;
    const next = new Snapshot(this.dist, this.cacheBytes);
    const engine = new SearchEngine(next.searchIndex as SerializedSearchIndex, next.rows);
    const from = this.snap.manifest.snapshot;
    this.snap = next;
    this.engine = engine;
    this.link = link;
    this.failedLink = null;
    this.onSwap(from, next.manifest.snapshot);
  }

  /** Stop watching. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
