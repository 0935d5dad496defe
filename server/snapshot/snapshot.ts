import { readFile } from 'node:fs/promises';
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Encoding } from '../http/negotiate.ts';
import type { ReleaseDoc } from '../contract/release.ts';
import type { ListingRow } from '../contract/listing-row.ts';
import type { Manifest, ManifestEntry } from '../contract/manifest.ts';
import { objectFile, SNAPSHOT_FILES } from '../contract/route-map.ts';

/**
 * One published snapshot, loaded once: manifest, listing rows, search index, release metadata
 * and OpenAPI documents. Bodies are read by hash: hot ones from a byte-bounded LRU, cold ones
 * from dist/objects/. Nothing here takes a path from a request.
 */
export class Snapshot {
  /** The manifest without its entries (those live in `entries`). */
  readonly manifest: Omit<Manifest, 'entries'>;
  // A Map: a plain object with ~400,000 keys is in dictionary mode and slower to look up.
  private readonly entries: Map<string, ManifestEntry>;
  readonly rows: ListingRow[];
  readonly rowById: Map<string, ListingRow>;
  readonly release: ReleaseDoc;
  readonly searchIndex: unknown;
  readonly openapiJson: Buffer;
  readonly openapiYaml: Buffer;
  readonly dir: string;
  private readonly cache: LRUCache<string, Buffer>;

  constructor(readonly dist: string, cacheBytes: number, snapshotDir = join(dist, 'current')) {
    // Resolve the symlink once, so a later publish cannot change files under this instance.
    this.dir = realpathSync(snapshotDir);
    const read = (name: string) => readFileSync(join(this.dir, name));
    const { entries, ...manifest } = JSON.parse(read(SNAPSHOT_FILES.manifest).toString('utf8')) as Manifest;
    this.manifest = manifest;
    this.entries = new Map(Object.entries(entries));
    this.rows = JSON.parse(read(SNAPSHOT_FILES.listing).toString('utf8')) as ListingRow[];
    this.rowById = new Map(this.rows.map((r) => [r.id, r]));
    this.release = JSON.parse(read(SNAPSHOT_FILES.release).toString('utf8')) as ReleaseDoc;
    this.searchIndex = JSON.parse(read(SNAPSHOT_FILES.searchIndex).toString('utf8'));
    this.openapiJson = read(SNAPSHOT_FILES.openapiJson);
    this.openapiYaml = read(SNAPSHOT_FILES.openapiYaml);
    this.cache = new LRUCache<string, Buffer>({ maxSize: Math.max(cacheBytes, 1), sizeCalculation: (b) => b.length || 1 });
  }

  /** The manifest entry of a route key, or undefined. */
  entry(key: string): ManifestEntry | undefined {
    return this.entries.get(key);
  }

  /** Bytes of an entry in one encoding; `hit` says whether memory served them. */
  async body(entry: ManifestEntry, encoding: Encoding): Promise<{ bytes: Buffer; hit: boolean }> {
    const key = entry[0] + (encoding === 'identity' ? '' : encoding === 'br' ? '.br' : '.gz');
    const cached = this.cache.get(key);
    if (cached) return { bytes: cached, hit: true };
    const bytes = await readFile(join(this.dist, objectFile(entry[0], encoding)));
    this.cache.set(key, bytes);
    return { bytes, hit: false };
  }

  /** Cache statistics for health and benchmarks. */
  cacheStats(): { entries: number; bytes: number } {
    return { entries: this.cache.size, bytes: this.cache.calculatedSize };
  }
}
