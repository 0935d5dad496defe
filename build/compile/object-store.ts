import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { contentHash, type ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import {
  COMPRESS_MIN_BYTES,
  type Encoding,
  type PackedObject,
  type PackLookup,
  type PacksDoc,
  packFile,
  readPackedSync,
} from '../../server/contract/snapshot/packs.ts';
import { PackWriter } from './pack-writer.ts';

const gz = promisify(gzip);

/**
 * A pack of the previous snapshot whose live objects fill less than this share of it is listed no
 * more: its live objects are copied into this build's pack, and the pack goes with the previous
 * snapshot. Dead bytes on disk stay under half of each pack, and a release copies at most half a
 * pack per pack it compacts (rare: objects die only when their disease changes).
 */
export const COMPACT_BELOW = 0.5;

/**
 * Content-addressed store of response bodies in pack files (server/contract/snapshot/packs.ts).
 * An object the previous snapshot's packs hold is never written again (an unchanged rebuild
 * writes nothing new); a new one is compressed and appended to this build's pack.
 */
export class ObjectStore {
  written = 0;
  reused = 0;
  bytes = 0;
  /** Objects moved into packs from a dist/ laid out before them. */
  adopted = 0;
  /** Objects copied out of mostly dead packs (COMPACT_BELOW). */
  compacted = 0;
  private active = 0;
  // FIFO of callers waiting for a slot: waking exactly one per finished write keeps this O(1).
  private readonly waiting: (() => void)[] = [];
  private readonly known = new Map<string, PackedObject>();
  // A body stored under two keys at once (equal sections of two diseases) is written once.
  private readonly pending = new Map<string, Promise<PackedObject>>();
  private readonly writer: PackWriter;
  private previous: PackLookup | null = null;

  constructor(
    private readonly dist: string,
    private readonly concurrency = 8,
  ) {
    this.writer = new PackWriter(dist);
  }

  /** The objects of the previous snapshot's packs, reused when a body hashes to one of them. */
  seed(previous: PackLookup): void {
    this.previous = previous;
    for (const idx of previous.indexes) {
      // A pack that is gone or cut short is not trusted: its objects are written again.
      const listed = previous.doc.packs.find((p) => p.name === idx.name);
      const file = join(this.dist, packFile(idx.name));
      if (!listed || !existsSync(file) || statSync(file).size !== listed.bytes) continue;
      for (const o of idx.objects()) this.known.set(o.hash, o);
    }
  }

  /**
   * Store a body (and its compressed variants when over 1 KB, unless `variants` is false: a
   * document the server reads but never sends); resolves to its manifest entry.
   */
  async put(body: Buffer, extra?: number, variants = true): Promise<ManifestEntry> {
    const hash = contentHash(body);
    let obj = this.known.get(hash);
    if (obj) this.reused++;
    else {
      let write = this.pending.get(hash);
      if (!write) {
        write = this.#write(hash, body, variants);
        this.pending.set(hash, write);
      } else this.reused++;
      obj = await write;
    }
    return extra === undefined ? [hash, obj.size, obj.br, obj.gzip] : [hash, obj.size, obj.br, obj.gzip, extra];
  }

  /** The stored bytes of an object (of this build or the previous snapshot), synchronously. */
  read(hash: string, encoding: Encoding = 'identity'): Buffer {
    if (!this.known.has(hash)) this.adoptLoose([hash]);
    const obj = this.known.get(hash)!;
    const fresh = this.writer.read(obj, encoding);
    if (fresh) return fresh;
    if (!this.previous) throw new Error(`object ${hash} is in no readable pack`);
    return readPackedSync(this.previous, hash, encoding);
  }

  /** Whether an object is stored (in this build's packs or the previous snapshot's). */
  has(hash: string): boolean {
    return this.known.has(hash);
  }

  /**
   * Store objects that only a dist/ laid out before packs holds (objects/<fan>/<hash>.json and its
   * .br and .gz): a history carried over from such a snapshot still names them.
   */
  adoptLoose(hashes: Iterable<string>): void {
    for (const hash of hashes) {
      if (this.known.has(hash)) continue;
      const file = (ext: string) => join(this.dist, 'objects', hash.slice(0, 2), `${hash}${ext}`);
      if (!existsSync(file('.json'))) throw new Error(`object ${hash} is named by the previous snapshot but stored nowhere`);
      const opt = (ext: string) => (existsSync(file(ext)) ? readFileSync(file(ext)) : null);
      const body = readFileSync(file('.json'));
      this.known.set(hash, this.writer.append(hash, body, opt('.json.br'), opt('.json.gz')));
      this.adopted++;
    }
  }

  /** Finish this build's packs; returns the snapshot's packs.json: the packs holding `live` objects. */
  finish(live: string[]): PacksDoc {
    this.adoptLoose(live);
    this.#compact(new Set(live));
    const written = this.writer.finish();
    const used = new Set<string>();
    for (const hash of live) {
      const obj = this.known.get(hash);
      if (!obj) throw new Error(`object ${hash} is named by the snapshot but was never stored`);
      used.add(obj.pack);
    }
    const sizes = new Map(written.map((p) => [p.name, p]));
    for (const idx of this.previous?.indexes ?? []) {
      const p = this.previous!.doc.packs.find((x) => x.name === idx.name)!;
      sizes.set(p.name, p);
    }
    // Oldest first, as the server searches newest first.
    const order = [...(this.previous?.doc.packs.map((p) => p.name) ?? []), ...written.map((p) => p.name)];
    return { format: 1, packs: order.filter((n, i) => used.has(n) && order.indexOf(n) === i).map((n) => sizes.get(n)!) };
  }

  #compact(live: Set<string>): void {
    for (const idx of this.previous?.indexes ?? []) {
      const bytes = this.previous!.doc.packs.find((p) => p.name === idx.name)?.bytes ?? 0;
      const keep = [...idx.objects()].filter((o) => live.has(o.hash) && this.known.get(o.hash)?.pack === idx.name);
      if (keep.reduce((n, o) => n + o.size + o.br + o.gzip, 0) >= COMPACT_BELOW * bytes) continue;
      for (const o of keep) {
        const [id, b, g] = (['identity', 'br', 'gzip'] as const).map((e) => readPackedSync(this.previous!, o.hash, e));
        this.known.set(o.hash, this.writer.append(o.hash, id, b.length ? b : null, g.length ? g : null));
        this.compacted++;
      }
    }
  }

  /** Remove the packs of a build that failed. */
  abort(): void {
    this.writer.abort();
  }

  async #write(hash: string, body: Buffer, variants: boolean): Promise<PackedObject> {
    await this.acquire();
    try {
      let g: Buffer | null = null;
      if (variants && body.length > COMPRESS_MIN_BYTES) {
        // Gzip 6 compresses these JSON bodies as tightly as 9 (0.216 of identity). No brotli
        // variant is written: it sent 6 % fewer bytes (0.203) for 10 % of a release's disk, which
        // took a release past issue 21's 1 GB (test/build/results/2026-11-27-release-size.md).
        g = await gz(body, { level: 6 });
        // A variant that is not smaller than the identity body is never worth sending.
        if (g.length >= body.length) g = null;
      }
      const obj = this.writer.append(hash, body, null, g);
      this.known.set(hash, obj);
      this.pending.delete(hash);
      this.written++;
      this.bytes += obj.size + obj.br + obj.gzip;
      return obj;
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resume) => this.waiting.push(resume));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next)
      next(); // the slot passes straight to the next waiter
    else this.active--;
  }
}
