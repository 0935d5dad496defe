import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestEntry } from './manifest.ts';

/**
 * Pack files: the stored response bodies of a release, shared by build and server.
 *
 * dist/packs/<name>.pack holds objects back to back; each object is its identity bytes, then its
 * brotli variant, then its gzip variant (sizes from its manifest entry, 0 = none). A pack is
 * written once and never changed, and its name is the content hash of its bytes, so syncing a new
 * release means copying the pack files a destination does not have.
 *
 * dist/packs/<name>.idx finds an object in its pack: an 8-byte magic, the object count (u32), then
 * one 40-byte record per object, sorted by hash: the 22-character hash (ASCII), the offset (u48),
 * and the identity, brotli and gzip sizes (u32 each), all big-endian.
 *
 * A snapshot's packs.json names the packs holding its objects (PacksDoc).
 */
export const PACKS_DIR = 'packs';
const MAGIC = Buffer.from('DCSIDX1\n');
const HEAD = MAGIC.length + 4;
const HASH_BYTES = 22;
const RECORD = HASH_BYTES + 6 + 12;

/** The stored variants of every object, and the content codings a client may be sent (RFC 9110 §8.4.1). */
export type Encoding = 'identity' | 'br' | 'gzip';

/**
 * Bodies at or under this size are stored and served uncompressed: compression would not pay for
 * itself. At 1 KiB, the gzip variants of bodies between 1 and 2 KiB (21,417 objects, 0.56 KB
 * a variant on average, 12.0 MB) took a release with the editorial tier past issue 21's 1 GB; a client
 * now gets at most about 1.5 KB more for such a body (test/build/results/2026-12-06-release-size.md).
 */
export const COMPRESS_MIN_BYTES = 2048;

/** Where one object sits: its pack's name, its offset, and the sizes of its three encodings. */
export interface PackedObject {
  pack: string;
  offset: number;
  size: number;
  br: number;
  gzip: number;
}

/** A snapshot's packs.json. */
export interface PacksDoc {
  format: 1;
  packs: { name: string; bytes: number; objects: number }[];
}

/** A pack's file, relative to dist/. */
export function packFile(name: string): string {
  return `${PACKS_DIR}/${name}.pack`;
}

/** A pack's index file, relative to dist/. */
export function packIndexFile(name: string): string {
  return `${PACKS_DIR}/${name}.idx`;
}

/** Offset and length of one encoding of an object in its pack (length 0: the variant does not exist). */
export function span(o: Pick<PackedObject, 'offset' | 'size' | 'br' | 'gzip'>, encoding: Encoding): [number, number] {
  if (encoding === 'identity') return [o.offset, o.size];
  if (encoding === 'br') return [o.offset + o.size, o.br];
  return [o.offset + o.size + o.br, o.gzip];
}

/** The bytes of a pack's index for its objects (any order; sorted here). */
export function encodePackIndex(objects: { hash: string; offset: number; size: number; br: number; gzip: number }[]): Buffer {
  const sorted = [...objects].sort((a, b) => (a.hash < b.hash ? -1 : a.hash > b.hash ? 1 : 0));
  const out = Buffer.alloc(HEAD + sorted.length * RECORD);
  MAGIC.copy(out, 0);
  out.writeUInt32BE(sorted.length, MAGIC.length);
  let at = HEAD;
  for (const o of sorted) {
    if (out.write(o.hash, at, 'latin1') !== HASH_BYTES) throw new Error(`not a content hash: ${o.hash}`);
    out.writeUIntBE(o.offset, at + HASH_BYTES, 6);
    out.writeUInt32BE(o.size, at + HASH_BYTES + 6);
    out.writeUInt32BE(o.br, at + HASH_BYTES + 10);
    out.writeUInt32BE(o.gzip, at + HASH_BYTES + 14);
    at += RECORD;
  }
  return out;
}

/** One pack's index, searched in its own bytes (a binary search; nothing parsed up front). */
export class PackIndex {
  readonly count: number;

  constructor(
    readonly name: string,
    private readonly bytes: Buffer,
  ) {
    if (bytes.length < HEAD || !bytes.subarray(0, MAGIC.length).equals(MAGIC))
      throw new Error(`${packIndexFile(name)} is not a pack index`);
    this.count = bytes.readUInt32BE(MAGIC.length);
    if (bytes.length !== HEAD + this.count * RECORD) throw new Error(`${packIndexFile(name)} is truncated`);
  }

  /** The object of a hash (as a string, or its bytes), or null when this pack does not hold it. */
  find(hash: string | Buffer): PackedObject | null {
    const wanted = typeof hash === 'string' ? Buffer.from(hash, 'latin1') : hash;
    let lo = 0;
    let hi = this.count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = HEAD + mid * RECORD;
      const order = wanted.compare(this.bytes, at, at + HASH_BYTES);
      if (order === 0) return this.#at(at);
      if (order > 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return null;
  }

  /** Every object of the pack, in hash order. */
  *objects(): Generator<PackedObject & { hash: string }> {
    for (let at = HEAD; at < this.bytes.length; at += RECORD)
      yield { hash: this.bytes.toString('latin1', at, at + HASH_BYTES), ...this.#at(at) };
  }

  #at(at: number): PackedObject {
    const b = this.bytes;
    const base = at + HASH_BYTES;
    return {
      pack: this.name,
      offset: b.readUIntBE(base, 6),
      size: b.readUInt32BE(base + 6),
      br: b.readUInt32BE(base + 10),
      gzip: b.readUInt32BE(base + 14),
    };
  }
}

/** The indexes of a snapshot's packs: where each of its objects is. */
export class PackLookup {
  readonly indexes: PackIndex[];

  constructor(
    readonly dist: string,
    readonly doc: PacksDoc,
  ) {
    this.indexes = doc.packs.map((p) => new PackIndex(p.name, readFileSync(join(dist, packIndexFile(p.name)))));
  }

  /** The object of a hash in this snapshot's packs, or null. */
  locate(hash: string): PackedObject | null {
    // Newest pack first: a small pack of a recent release is the likeliest home of a changed body.
    const wanted = Buffer.from(hash, 'latin1');
    for (let i = this.indexes.length - 1; i >= 0; i--) {
      const found = this.indexes[i].find(wanted);
      if (found) return found;
    }
    return null;
  }
}

/** Read an entry's bytes in one encoding, synchronously (tools and tests; the server reads asynchronously). */
export function readPackedSync(
  lookup: PackLookup,
  entry: ManifestEntry | string,
  encoding: 'identity' | 'br' | 'gzip' = 'identity',
): Buffer {
  const hash = typeof entry === 'string' ? entry : entry[0];
  const at = lookup.locate(hash);
  if (!at) throw new Error(`no pack of this snapshot holds object ${hash}`);
  const [offset, length] = span(at, encoding);
  const fd = openSync(join(lookup.dist, packFile(at.pack)), 'r');
  try {
    const out = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(fd, out, done, length - done, offset + done);
      if (n === 0) throw new Error(`${packFile(at.pack)} ends before object ${hash}`);
      done += n;
    }
    return out;
  } finally {
    closeSync(fd);
  }
}
