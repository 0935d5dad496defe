import { existsSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { SchemaMap } from '../contract/snapshot/component-schemas.ts';
import type { Encoding } from '../contract/snapshot/packs.ts';
import type { ReleaseDoc } from '../contract/snapshot/release.ts';
import type { ReleasesDoc } from '../contract/snapshot/history.ts';
import { ReleaseHistory } from '../history/release-history.ts';
import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import { etagOf, type Manifest, type ManifestEntry } from '../contract/snapshot/manifest.ts';
import { ManifestIndex } from './manifest-index.ts';
import { type LoadedLookupsDoc, LOOKUPS_IN_PLACE, Lookups, NO_LOOKUPS } from '../lookups/loaded-lookups.ts';
import type { LookupsDoc } from '../contract/snapshot/lookups.ts';
import type { DownloadsDoc } from '../contract/snapshot/downloads.ts';
import { IntegrityError, readFailure, verifyObject } from './object-integrity.ts';
import { SNAPSHOT_FILES } from '../contract/snapshot/route-map.ts';
import { readSnapshotJson, snapshotPacks } from '../contract/snapshot/snapshot-docs.ts';
import { PackReader } from './pack-reader.ts';
import type { SerializedPhenotypeIndex } from '../contract/snapshot/phenotype-index.ts';
import { PhenotypeModel } from '../phenotypes/phenotype-model.ts';
import { SearchEngine } from '../search/engine.ts';
import type { SerializedSearchIndex } from '../contract/snapshot/search-index.ts';
import type { PackLookup } from '../contract/snapshot/packs.ts';
import { PAUSE_EVERY, runNow, type Work } from '../loading/slices.ts';
import { readDocNow, readDocSliced, readJsonSliced } from '../loading/read-docs.ts';

/** What a snapshot is opened with: its manifest, packs and small documents (`readParts`). */
interface SnapshotParts {
  entries: ManifestIndex;
  packs: PackLookup;
  release: ReleaseDoc;
  releases: ReleasesDoc | null;
  schemasJson: Buffer;
}
import { ConceptLexicon } from '../annotate/loaded-lexicon.ts';
import { prepareCandidates } from '../annotate/recognise.ts';
import type { SerializedConceptLexicon } from '../contract/snapshot/concept-lexicon.ts';

/**
 * One published snapshot, loaded once: manifest, listing rows, search engine, lookups, phenotype
 * model, release metadata and component schemas. Bodies are read by hash: hot ones from a
 * byte-bounded LRU, cold ones from the snapshot's pack files. Nothing here takes a path from a
 * request. The server opens one with `load` (in slices, everything read before it serves);
 * `new Snapshot()` reads the manifest at once and the indexes on first use (tools and tests).
 */
export class Snapshot {
  /** The manifest without its entries (those live in `entries`). */
  readonly manifest: Omit<Manifest, 'entries'>;
  // Looked up in the manifest's bytes (manifest-index.ts): parsing ~400,000 entries into objects
  // took about a second of every start and every snapshot swap.
  private readonly entries: ManifestIndex;
  #rows: ListingRow[] | null = null;
  #rowById: Map<string, ListingRow> | null = null;
  #engine: SearchEngine | null = null;
  #phenotypeModel: PhenotypeModel | null = null;
  #conceptLexicon: ConceptLexicon | null | undefined = undefined;
  #lookups: Lookups | null = null;
  #downloads: DownloadsDoc | null | undefined = undefined;
  readonly release: ReleaseDoc;
  /** Releases and their change lists (empty for a snapshot built before the history existed). */
  readonly history: ReleaseHistory;
  /** The component schemas (schemas.json) as stored: the OpenAPI document is composed from them (server/openapi/). */
  readonly schemasJson: Buffer;
  #schemas: SchemaMap | null = null;
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
    parts?: SnapshotParts,
  ) {
    // Resolve the symlink once, so a later publish cannot change files under this instance.
    this.dir = realpathSync(snapshotDir);
    const p = parts ?? runNow(readParts(dist, this.dir, true));
    this.entries = p.entries;
    this.manifest = this.entries.manifest;
    this.packs = new PackReader(p.packs);
    this.release = p.release;
    // Change lists are kept parsed by the history, so their bytes bypass the body cache (checked all the same).
    this.history = new ReleaseHistory(p.releases, (entry) => this.#readChecked(entry, 'identity'));
    this.schemasJson = p.schemasJson;
    this.cache = new LRUCache<string, Buffer>({ maxSize: Math.max(cacheBytes, 1), sizeCalculation: (b) => b.length || 1 });
  }

  /** The component schemas of the snapshot's responses, parsed on first use. */
  get schemas(): SchemaMap {
    return (this.#schemas ??= JSON.parse(this.schemasJson.toString('utf8')) as SchemaMap);
  }

  /**
   * Open a snapshot with everything the first requests need (run it with runSliced: files are
   * read and gunzipped off the event loop, JSON parsed and indexes made in slices). To add an
   * index: give its class a `static *load` that yields every thousand or so steps of its loops
   * (PhenotypeModel, Lookups), read its document with readJsonSliced, and add a line here.
   */
  static *load(dist: string, cacheBytes: number, snapshotDir = join(dist, 'current')): Work<Snapshot> {
    const dir = realpathSync(snapshotDir);
    const snap = new Snapshot(dist, cacheBytes, dir, yield* readParts(dist, dir, false));
    const rows = (snap.#rows = (yield* readJsonSliced(dir, SNAPSHOT_FILES.listing)) as ListingRow[]);
    snap.#rowById = new Map();
    for (let r = 0; r < rows.length; r++) {
      snap.#rowById.set(rows[r].id, rows[r]);
      if ((r & PAUSE_EVERY) === 0) yield;
    }
    snap.#lookups = existsSync(join(dir, SNAPSHOT_FILES.lookups))
      ? yield* Lookups.load((yield* readJsonSliced(dir, SNAPSHOT_FILES.lookups, LOOKUPS_IN_PLACE)) as LoadedLookupsDoc)
      : new Lookups(NO_LOOKUPS);
    const searchIndex = (yield* readJsonSliced(dir, SNAPSHOT_FILES.searchIndex)) as SerializedSearchIndex;
    snap.#engine = yield* SearchEngine.load(searchIndex, rows, snap.#lookups.previousSymbols());
    snap.#phenotypeModel = yield* PhenotypeModel.load(
      (yield* readJsonSliced(dir, SNAPSHOT_FILES.phenotypeIndex)) as SerializedPhenotypeIndex,
    );
    const lexiconFile = join(dir, SNAPSHOT_FILES.conceptLexicon);
    snap.#conceptLexicon = existsSync(lexiconFile)
      ? yield* ConceptLexicon.load((yield* readJsonSliced(dir, SNAPSHOT_FILES.conceptLexicon)) as SerializedConceptLexicon)
      : null;
    if (snap.#conceptLexicon) yield* prepareCandidates(snap.#conceptLexicon);
    void snap.downloads;
    return snap;
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

  // A snapshot opened with `load` has these already; one made with `new` reads each on first use.

  /** One row per current disease, for listing filters, facets and sorts. */
  get rows(): ListingRow[] {
    return (this.#rows ??= readSnapshotJson<ListingRow[]>(this.dir, SNAPSHOT_FILES.listing));
  }

  /** The listing rows by Mondo id: which ids are current diseases. */
  get rowById(): Map<string, ListingRow> {
    return (this.#rowById ??= new Map(this.rows.map((r) => [r.id, r])));
  }

  /** The search engine over the rows (the serialized index is not kept: the engine holds it decoded). */
  get engine(): SearchEngine {
    return (this.#engine ??= new SearchEngine(
      readSnapshotJson<SerializedSearchIndex>(this.dir, SNAPSHOT_FILES.searchIndex),
      this.rows,
      this.lookups.previousSymbols(),
    ));
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

/** The manifest, packs and small documents of the snapshot in `dir`; `now`: read synchronously. */
function* readParts(dist: string, dir: string, now: boolean): Work<SnapshotParts> {
  const doc = (name: string): Work<Buffer> => (now ? readDocNow(dir, name) : readDocSliced(dir, name));
  const manifest = yield* doc(SNAPSHOT_FILES.manifest);
  const entries = now ? new ManifestIndex(manifest) : yield* ManifestIndex.load(manifest);
  const releases = existsSync(join(dir, SNAPSHOT_FILES.releases)) ? readSnapshotJson<ReleasesDoc>(dir, SNAPSHOT_FILES.releases) : null;
  return {
    entries,
    packs: snapshotPacks(dist, dir),
    release: readSnapshotJson<ReleaseDoc>(dir, SNAPSHOT_FILES.release),
    releases,
    schemasJson: yield* doc(SNAPSHOT_FILES.schemas),
  };
}
