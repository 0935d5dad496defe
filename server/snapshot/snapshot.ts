import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Encoding } from '../http/negotiate.ts';
import type { ReleaseDoc } from '../contract/snapshot/release.ts';
import type { ReleasesDoc } from '../contract/snapshot/history.ts';
import { ReleaseHistory } from '../history/release-history.ts';
import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import { etagOf, type Manifest, type ManifestEntry } from '../contract/snapshot/manifest.ts';
import { ManifestIndex } from './manifest-index.ts';
import { Lookups, NO_LOOKUPS } from '../lookups/lookups.ts';
import type { LookupsDoc } from '../contract/snapshot/lookups.ts';
import type { DownloadsDoc } from '../contract/snapshot/downloads.ts';
import { IntegrityError, readFailure, verifyObject } from './object-integrity.ts';
import { SNAPSHOT_FILES } from '../contract/snapshot/route-map.ts';
import { readSnapshotDoc, readSnapshotJson, snapshotPacks } from '../contract/snapshot/snapshot-docs.ts';
import { PackReader } from './pack-reader.ts';
import type { SerializedPhenotypeIndex } from '../contract/snapshot/phenotype-index.ts';
import { PhenotypeModel } from '../phenotypes/phenotype-model.ts';
import { ConceptLexicon } from '../annotate/concept-lexicon.ts';
import type { SerializedConceptLexicon } from '../contract/snapshot/concept-lexicon.ts';

/**
 * One published snapshot, loaded once: manifest, listing rows, search index, release metadata
 * and OpenAPI documents. Bodies are read by hash: hot ones from a byte-bounded LRU, cold ones
 * from the snapshot's pack files. Nothing here takes a path from a request.
 */
export class Snapshot {
  /** The manifest without its entries (those live in `entries`). */
  readonly manifest: Omit<Manifest, 'entries'>;
  // Looked up in the manifest's bytes (manifest-index.ts): parsing ~400,000 entries into objects
  // took about a second of every start and every snapshot swap.
  private readonly entries: ManifestIndex;
  #rows: ListingRow[] | null = null;
  #rowById: Map<string, ListingRow> | null = null;
  #searchIndex: unknown = null;
  #phenotypeModel: PhenotypeModel | null = null;
  #conceptLexicon: ConceptLexicon | null | undefined = undefined;
  #lookups: Lookups | null = null;
  #downloads: DownloadsDoc | null | undefined = undefined;
  readonly release: ReleaseDoc;
  /** Releases and their change lists (empty for a snapshot built before the history existed). */
  readonly history: ReleaseHistory;
  readonly openapiJson: Buffer;
  readonly openapiYaml: Buffer;
  readonly dir: string;
  /** The snapshot's pack files. */
  readonly packs: PackReader;
  private readonly cache: LRUCache<string, Buffer>;
  private readonly etags = new WeakMap<ManifestEntry, string>();
  /** Told once of each object found damaged or missing (the server logs it and counts it). */
  onDamage: ((err: IntegrityError) => void) | null = null;
  /** Objects found damaged or missing, by cache key: the verdict stands for this snapshot's lifetime. */
  readonly #damaged = new Map<string, IntegrityError>();

  constructor(
    readonly dist: string,
    cacheBytes: number,
    snapshotDir = join(dist, 'current'),
  ) {
    // Resolve the symlink once, so a later publish cannot change files under this instance.
    this.dir = realpathSync(snapshotDir);
    const read = (name: string) => readSnapshotDoc(this.dir, name);
    this.entries = new ManifestIndex(read(SNAPSHOT_FILES.manifest));
    this.manifest = this.entries.manifest;
    this.packs = new PackReader(snapshotPacks(dist, this.dir));
    this.release = readSnapshotJson<ReleaseDoc>(this.dir, SNAPSHOT_FILES.release);
    const releases = existsSync(join(this.dir, SNAPSHOT_FILES.releases))
      ? readSnapshotJson<ReleasesDoc>(this.dir, SNAPSHOT_FILES.releases)
      : null;
    // Change lists are kept parsed by the history, so their bytes bypass the body cache (checked all the same).
    this.history = new ReleaseHistory(releases, (entry) => this.#readChecked(entry, 'identity'));
    this.openapiJson = read(SNAPSHOT_FILES.openapiJson);
    this.openapiYaml = read(SNAPSHOT_FILES.openapiYaml);
    this.cache = new LRUCache<string, Buffer>({ maxSize: Math.max(cacheBytes, 1), sizeCalculation: (b) => b.length || 1 });
  }

  /** The manifest entry of a route key, or undefined. */
  entry(key: string): ManifestEntry | undefined {
    return this.entries.get(key);
  }

  /** The manifest entry of a key the build guarantees (every current disease has its resources); throws when absent. */
  require(key: string): ManifestEntry {
    const e = this.entries.get(key);
    if (!e) throw new Error(`snapshot ${this.manifest.snapshot} has no entry ${key}`);
    return e;
  }

  // The listing and the search index are read on first use (or by LiveSnapshot.warm() once the
  // server listens), so that starting and swapping parse only the manifest before serving.

  /** One row per current disease, for listing filters, facets and sorts. */
  get rows(): ListingRow[] {
    return (this.#rows ??= readSnapshotJson<ListingRow[]>(this.dir, SNAPSHOT_FILES.listing));
  }

  /** The listing rows by Mondo id: which ids are current diseases. */
  get rowById(): Map<string, ListingRow> {
    return (this.#rowById ??= new Map(this.rows.map((r) => [r.id, r])));
  }

  /** The search index as the build wrote it (SerializedSearchIndex). */
  get searchIndex(): unknown {
    return (this.#searchIndex ??= readSnapshotJson<unknown>(this.dir, SNAPSHOT_FILES.searchIndex));
  }

  /** The phenotype index in memory (HPO closure, IC, per-disease annotations), made on first use. */
  get phenotypeModel(): PhenotypeModel {
    return (this.#phenotypeModel ??= new PhenotypeModel(
      readSnapshotJson<SerializedPhenotypeIndex>(this.dir, SNAPSHOT_FILES.phenotypeIndex),
    ));
  }

  /** The concept lexicon of the recogniser (annotate, match?text=); null for a snapshot built before it. */
  get conceptLexicon(): ConceptLexicon | null {
    if (this.#conceptLexicon !== undefined) return this.#conceptLexicon;
    const file = join(this.dir, SNAPSHOT_FILES.conceptLexicon);
    return (this.#conceptLexicon = existsSync(file)
      ? new ConceptLexicon(readSnapshotJson<SerializedConceptLexicon>(this.dir, SNAPSHOT_FILES.conceptLexicon))
      : null);
  }

  /** Cross-references, hierarchy and genes (an older snapshot without the file has none). */
  get lookups(): Lookups {
    if (this.#lookups) return this.#lookups;
    const doc = existsSync(join(this.dir, SNAPSHOT_FILES.lookups))
      ? readSnapshotJson<LookupsDoc>(this.dir, SNAPSHOT_FILES.lookups)
      : NO_LOOKUPS;
    return (this.#lookups = new Lookups(doc));
  }

  /** The index of the release's download files; null for a snapshot built before downloads existed. */
  get downloads(): DownloadsDoc | null {
    if (this.#downloads !== undefined) return this.#downloads;
    const file = join(this.dir, SNAPSHOT_FILES.downloads);
    return (this.#downloads = existsSync(file) ? readSnapshotJson<DownloadsDoc>(this.dir, SNAPSHOT_FILES.downloads) : null);
  }

  /**
   * Bytes of an entry in one encoding; `hit` says whether memory served them. Bytes read from
   * storage are checked against the manifest (object-integrity.ts) before they are cached or
   * returned: damaged or missing ones reject with an IntegrityError, and that verdict is kept for
   * this snapshot, so a damaged object costs one read, not one per request.
   */
  async body(entry: ManifestEntry, encoding: Encoding): Promise<{ bytes: Buffer; hit: boolean }> {
    const cached = this.cachedBody(entry, encoding);
    if (cached) return { bytes: cached, hit: true };
    const bytes = await this.#readChecked(entry, encoding);
    this.cache.set(cacheKey(entry, encoding), bytes);
    return { bytes, hit: false };
  }

  /** Read an object from storage and check it; a known-damaged one rejects at once. */
  async #readChecked(entry: ManifestEntry, encoding: Encoding): Promise<Buffer> {
    const key = cacheKey(entry, encoding);
    const known = this.#damaged.get(key);
    if (known) {
      known.first = false;
      throw known;
    }
    try {
      let bytes: Buffer;
      try {
        bytes = await this.packs.read(entry[0], encoding);
      } catch (err) {
        throw readFailure(entry, encoding, err as NodeJS.ErrnoException);
      }
      await verifyObject(entry, encoding, bytes);
      return bytes;
    } catch (err) {
      if (err instanceof IntegrityError) {
        this.#damaged.set(key, err);
        this.onDamage?.(err);
      }
      throw err;
    }
  }

  /** Bytes of an entry when memory holds them: the hot path answers without a promise. */
  cachedBody(entry: ManifestEntry, encoding: Encoding): Buffer | undefined {
    return this.cache.get(cacheKey(entry, encoding));
  }

  /** The ETag of an entry, built once per entry and kept (a string per request is garbage). */
  etag(entry: ManifestEntry): string {
    let etag = this.etags.get(entry);
    if (etag === undefined) this.etags.set(entry, (etag = etagOf(entry)));
    return etag;
  }

  /** Cache statistics for health and benchmarks. */
  cacheStats(): { entries: number; bytes: number } {
    return { entries: this.cache.size, bytes: this.cache.calculatedSize };
  }
}

function cacheKey(entry: ManifestEntry, encoding: Encoding): string {
  return encoding === 'identity' ? entry[0] : encoding === 'br' ? `${entry[0]}.br` : `${entry[0]}.gz`;
}
