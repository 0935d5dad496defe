import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { objectFile } from '../../server/contract/snapshot/route-map.ts';
import { contentHash, type ManifestEntry } from '../../server/contract/snapshot/manifest.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** Bodies at or under this size are served uncompressed: compression would not pay for itself. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Content-addressed store under dist/objects/. An object that exists is never rewritten (so an
 * unchanged rebuild writes nothing), and each file appears under its final name only by rename,
 * so a killed build leaves no partial object behind a valid name.
 */
export class ObjectStore {
  written = 0;
  reused = 0;
  bytes = 0;
  private active = 0;
  // FIFO of callers waiting for a slot: waking exactly one per finished write keeps this O(1).
  private readonly waiting: (() => void)[] = [];
  private readonly dirs = new Set<string>();
  private readonly known = new Map<string, ManifestEntry>();

  constructor(
    private readonly root: string,
    private readonly concurrency = 8,
  ) {}

  /** Entries of an earlier manifest, trusted when their identity file still exists. */
  seed(entries: Iterable<ManifestEntry>): void {
    for (const e of entries) this.known.set(e[0], e);
  }

  /**
   * Store a body (and its compressed variants when over 1 KB, unless `variants` is false: a
   * document the server reads but never sends); resolves to its manifest entry.
   */
  async put(body: Buffer, extra?: number, variants = true): Promise<ManifestEntry> {
    const hash = contentHash(body);
    const prior = this.known.get(hash);
    if (prior && existsSync(join(this.root, objectFile(hash, 'identity')))) {
      this.reused++;
      return extra === undefined ? [prior[0], prior[1], prior[2], prior[3]] : [prior[0], prior[1], prior[2], prior[3], extra];
    }
    await this.acquire();
    let entry: ManifestEntry;
    try {
      entry = await this.write(hash, body, variants);
    } finally {
      this.release();
    }
    this.known.set(hash, entry);
    return extra === undefined ? entry : [entry[0], entry[1], entry[2], entry[3], extra];
  }

  private async write(hash: string, body: Buffer, variants: boolean): Promise<ManifestEntry> {
    const identity = join(this.root, objectFile(hash, 'identity'));
    if (existsSync(identity) && (body.length <= COMPRESS_MIN_BYTES || !variants)) {
      this.reused++;
      return [hash, body.length, 0, 0];
    }
    let brSize = 0;
    let gzSize = 0;
    if (variants && body.length > COMPRESS_MIN_BYTES) {
      // Brotli 6 and gzip 6 compress these JSON bodies as tightly as 9 (measured: 0.203 and
      // 0.216 of identity) at over 20 times brotli 9's speed.
      const [b, g] = await Promise.all([
        br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gz(body, { level: 6 }),
      ]);
      // A variant that is not smaller than the identity body is never worth sending.
      if (b.length < body.length) {
        this.file(objectFile(hash, 'br'), b);
        brSize = b.length;
      }
      if (g.length < body.length) {
        this.file(objectFile(hash, 'gzip'), g);
        gzSize = g.length;
      }
    }
    this.file(objectFile(hash, 'identity'), body);
    this.written++;
    return [hash, body.length, brSize, gzSize];
  }

  private file(rel: string, data: Buffer): void {
    const path = join(this.root, rel);
    const dir = dirname(path);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    const tmp = `${path}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, data);
      renameSync(tmp, path);
    } catch (err) {
      // A full disk leaves part of the file: remove it, so nothing half-written stays behind.
      rmSync(tmp, { force: true });
      throw err;
    }
    this.bytes += data.length;
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
