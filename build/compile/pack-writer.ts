import { createHash, type Hash } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Encoding,
  encodePackIndex,
  PACKS_DIR,
  type PackedObject,
  packFile,
  packIndexFile,
  span,
} from '../../server/contract/snapshot/packs.ts';
import { processAlive } from '../../server/contract/process-alive.ts';

/**
 * A pack closes once it holds this much: a first full build makes a handful of packs, and a
 * release that changes little adds one small one. Large enough to keep a release far under
 * 50,000 files; small enough that a pack with few live objects left is cheap to drop.
 */
export const PACK_MAX_BYTES = 256 * 1024 * 1024;

interface OpenPack {
  tmp: string;
  fd: number;
  bytes: number;
  hash: Hash;
  objects: (PackedObject & { hash: string })[];
}

/**
 * Appends objects to new pack files under dist/packs/. A pack is written under a temporary name
 * and only `finish()` gives it its content-hash name, after its index is written and both are
 * synced, so a killed build never leaves a pack behind a real name; `abort()` removes what an
 * unfinished build wrote (a full disk needs its space back).
 */
export class PackWriter {
  private open: OpenPack | null = null;
  private readonly unfinished: OpenPack[] = [];
  private seq = 0;
  private readonly dir: string;

  constructor(
    private readonly dist: string,
    private readonly maxBytes = PACK_MAX_BYTES,
  ) {
    this.dir = join(dist, PACKS_DIR);
    mkdirSync(this.dir, { recursive: true });
    // Temporary packs of builds that were killed (their process is gone) are removed.
    for (const name of readdirSync(this.dir)) {
      const pid = /^\.tmp-(\d+)-/.exec(name)?.[1];
      if (pid && !processAlive(Number(pid))) rmSync(join(this.dir, name), { force: true });
    }
  }

  /** Append one object (identity, then its brotli and gzip variants when given); returns where it is. */
  append(hash: string, identity: Buffer, br: Buffer | null, gzip: Buffer | null): PackedObject {
    let p = this.open;
    if (!p || p.bytes >= this.maxBytes) p = this.#start();
    const obj = { hash, pack: p.tmp, offset: p.bytes, size: identity.length, br: br?.length ?? 0, gzip: gzip?.length ?? 0 };
    for (const part of [identity, br, gzip]) {
      if (!part?.length) continue;
      let done = 0;
      while (done < part.length) done += writeSync(p.fd, part, done, part.length - done, p.bytes + done);
      p.hash.update(part);
      p.bytes += part.length;
    }
    p.objects.push(obj);
    return obj;
  }

  /** Bytes of an object appended by this writer and not finished yet. */
  read(obj: PackedObject, encoding: Encoding): Buffer | null {
    const p = this.unfinished.find((x) => x.tmp === obj.pack);
    if (!p) return null;
    const [offset, length] = span(obj, encoding);
    const out = Buffer.allocUnsafe(length);
    for (let done = 0; done < length; ) done += readSync(p.fd, out, done, length - done, offset + done);
    return out;
  }

  /**
   * Sync each pack and its index, then give both their content-hash name. The objects this writer
   * returned are renamed with them (their `pack` field), so callers holding them stay right.
   */
  finish(): { name: string; bytes: number; objects: number }[] {
    const done: { name: string; bytes: number; objects: number }[] = [];
    for (const p of this.unfinished.splice(0)) {
      const name = p.hash.digest('base64url').slice(0, 22);
      fsyncSync(p.fd);
      closeSync(p.fd);
      const idxTmp = join(this.dir, `${p.tmp}.idx`);
      const fd = openSync(idxTmp, 'w');
      try {
        writeSync(fd, encodePackIndex(p.objects));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      // The index is renamed first: a pack file with a real name always has its index.
      renameSync(idxTmp, join(this.dist, packIndexFile(name)));
      renameSync(join(this.dir, p.tmp), join(this.dist, packFile(name)));
      for (const o of p.objects) o.pack = name;
      done.push({ name, bytes: p.bytes, objects: p.objects.length });
    }
    this.open = null;
    return done;
  }

  /** Remove every pack this writer has not finished. */
  abort(): void {
    for (const p of this.unfinished.splice(0)) {
      try {
        closeSync(p.fd);
      } catch {
        /* already closed */
      }
      rmSync(join(this.dir, p.tmp), { force: true });
      rmSync(join(this.dir, `${p.tmp}.idx`), { force: true });
    }
    this.open = null;
  }

  #start(): OpenPack {
    const tmp = `.tmp-${process.pid}-${++this.seq}`;
    const p: OpenPack = { tmp, fd: openSync(join(this.dir, tmp), 'w+'), bytes: 0, hash: createHash('sha256'), objects: [] };
    this.unfinished.push(p);
    this.open = p;
    return p;
  }
}
