import { readlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchEngine } from '../search/engine.ts';
import type { IntegrityError } from './object-integrity.ts';
import { runSliced } from '../loading/slices.ts';
import { Snapshot } from './snapshot.ts';

/**
 * The snapshot being served, swapped for a new one when a build publishes (dist/current changes).
 * A new snapshot is loaded whole, in slices (Snapshot.load, slices.ts), while the old one serves;
 * the swap happens once it is complete, so no request ever waits for loading. Requests in flight
 * keep the instance they started with; objects are shared and immutable.
 */
export class LiveSnapshot {
  private snap: Snapshot;
  private link: string;
  private failedLink: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The load under way, if any: one at a time. */
  #loading: Promise<void> | null = null;

  /**
   * Serve `first` (a snapshot opened with Snapshot.load: see `open`), or, without it, the published
   * snapshot read at once with its indexes made on first use (tests and tools).
   */
  constructor(
    private readonly dist: string,
    private readonly cacheBytes: number,
    private readonly onSwap: (from: string, to: string) => void = () => {},
    private readonly onError: (err: Error) => void = () => {},
    private readonly onDamage: ((err: IntegrityError) => void) | null = null,
    first?: { link: string; snapshot: Snapshot },
  ) {
    this.link = first?.link ?? readlinkSync(join(dist, 'current'));
    this.snap = first?.snapshot ?? new Snapshot(this.dist, this.cacheBytes);
    this.snap.onDamage = this.onDamage;
  }

  /** The published snapshot, loaded whole in slices before this resolves (the server's start). */
  static async open(
    dist: string,
    cacheBytes: number,
    onSwap?: (from: string, to: string) => void,
    onError?: (err: Error) => void,
    onDamage?: ((err: IntegrityError) => void) | null,
  ): Promise<LiveSnapshot> {
    const link = readlinkSync(join(dist, 'current'));
    const snapshot = await runSliced(Snapshot.load(dist, cacheBytes));
    return new LiveSnapshot(dist, cacheBytes, onSwap, onError, onDamage, { link, snapshot });
  }

  /** The current snapshot. */
  get snapshot(): Snapshot {
    return this.snap;
  }

  /** The search engine over the current snapshot's rows. */
  get search(): SearchEngine {
    return this.snap.engine;
  }

  /** Check dist/current every `ms` and load a newly published snapshot. */
  watch(ms = 2000): void {
    this.timer = setInterval(() => void this.tick(), ms);
    this.timer.unref();
  }

  /**
   * One turn of the watcher: check, and report a snapshot that cannot be loaded instead of
   * throwing. A broken snapshot must not take the server down: the old one keeps serving.
   */
  async tick(): Promise<void> {
    // A load under way is reported by the turn that started it.
    if (this.#loading) return;
    try {
      await this.check();
    } catch (err) {
      this.onError(err as Error);
    }
  }

  /**
   * Load the published snapshot if it changed, and swap it in once loaded; resolves then (at once
   * when nothing changed, or with the load under way when one is). A snapshot that fails to load
   * is not swapped in, and rejects.
   */
  check(): Promise<void> {
    if (this.#loading) return this.#loading;
    let link: string;
    try {
      link = readlinkSync(join(this.dist, 'current'));
    } catch {
      return Promise.resolve();
    }
    if (link === this.link || link === this.failedLink) return Promise.resolve();
    // Marked failed first: a snapshot that throws while loading is tried (and reported) once.
    this.failedLink = link;
    this.#loading = runSliced(Snapshot.load(this.dist, this.cacheBytes))
      .then((next) => {
        next.onDamage = this.onDamage;
        const from = this.snap.manifest.snapshot;
        this.snap.packs.retire();
        this.snap = next;
        this.link = link;
        this.failedLink = null;
        this.onSwap(from, next.manifest.snapshot);
      })
      .finally(() => {
        this.#loading = null;
      });
    return this.#loading;
  }

  /** Stop watching. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
