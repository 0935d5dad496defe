import { readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { SearchEngine } from '../search/engine.ts';
import type { SerializedSearchIndex } from '../contract/snapshot/search-index.ts';
import type { IntegrityError } from './object-integrity.ts';
import { Snapshot } from './snapshot.ts';
import { warmPhenotypes } from '../phenotypes/warm-phenotypes.ts';

/**
 * The snapshot being served, swapped for a new one when a build publishes (dist/current changes).
 * Requests in flight keep the instance they started with; objects are shared and immutable.
 */
export class LiveSnapshot {
  private snap: Snapshot;
  private engine: SearchEngine | null = null;
  private link: string;
  private failedLink: string | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly dist: string,
    private readonly cacheBytes: number,
    private readonly onSwap: (from: string, to: string) => void = () => {},
    private readonly onError: (err: Error) => void = () => {},
    private readonly onDamage: ((err: IntegrityError) => void) | null = null,
  ) {
    this.link = readlinkSync(join(dist, 'current'));
    this.snap = this.#load();
  }

  #load(): Snapshot {
    const snap = new Snapshot(this.dist, this.cacheBytes);
    snap.onDamage = this.onDamage;
    return snap;
  }

  /** The current snapshot. */
  get snapshot(): Snapshot {
    return this.snap;
  }
  /** The search engine over the current snapshot's rows, made on first use (or by warm()). */
  get search(): SearchEngine {
    return (this.engine ??= new SearchEngine(
      this.snap.searchIndex as SerializedSearchIndex,
      this.snap.rows,
      this.snap.lookups.previousSymbols(),
    ));
  }

  /**
   * Read what the first requests of each kind would otherwise wait for (the listing rows, then
   * the search index and engine, then the phenotype model), one step per turn of the event loop so requests are answered
   * in between, starting after `delayMs`. The server calls it a second after it listens (the
   * first requests are not held behind it) and at once after each swap.
   */
  warm(delayMs = 0): void {
    const snap = this.snap;
    const steps = [() => snap.rowById, () => this.snap === snap && this.search, () => snap.lookups, () => snap.phenotypeModel];
    const next = () => {
      const step = steps.shift();
      if (!step || this.snap !== snap) return;
      try {
        step();
      } catch (err) {
        // Reported, not thrown: the request that needs it gets a 500, the rest keep being served.
        this.onError(err as Error);
        return;
      }
      setImmediate(next).unref();
    };
    setTimeout(next, delayMs).unref();
  }

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
    try {
      link = readlinkSync(join(this.dist, 'current'));
    } catch {
      return;
    }
    if (link === this.link || link === this.failedLink) return;
    // Marked failed first: a snapshot that throws while loading is tried (and reported) once.
    this.failedLink = link;
    const next = this.#load();
    // Every file is read and parsed, and the phenotype model and lexicon made, before the swap (one
    // that fails keeps the old snapshot); only the search engine is made afterwards, in warm().
    void next.rowById;
    void next.searchIndex;
    warmPhenotypes(next);
    const from = this.snap.manifest.snapshot;
    this.snap.packs.retire();
    this.snap = next;
    this.engine = null;
    this.warm();
    this.link = link;
    this.failedLink = null;
    this.onSwap(from, next.manifest.snapshot);
  }

  /** Stop watching. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
