import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type PackLookup, packFile, span } from '../contract/snapshot/packs.ts';
import type { Encoding } from '../contract/snapshot/packs.ts';

/** How long a retired snapshot keeps its pack files open: longer than any request may take (30 s). */
const RETIRE_MS = 60_000;

/** A read of an object no pack of the snapshot holds, or of a pack file that is gone. */
function notFound(what: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${what} not found`), { code: 'ENOENT' });
}

/**
 * Reads a snapshot's objects from its pack files: one positional read per object (an open
 * file handle per pack, opened on first use), where one file per object cost an open, a stat
 * and a close as well.
 */
export class PackReader {
  readonly #handles = new Map<string, Promise<FileHandle>>();

  constructor(readonly lookup: PackLookup) {}

  /** The bytes of an object in one encoding (fewer than published when its pack is cut short). */
  async read(hash: string, encoding: Encoding): Promise<Buffer> {
    const at = this.lookup.locate(hash);
    if (!at) throw notFound(`object ${hash}`);
    const [offset, length] = span(at, encoding);
    const fh = await this.#handle(at.pack);
    const out = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await fh.read(out, done, length - done, offset + done);
      if (bytesRead === 0) return out.subarray(0, done);
      done += bytesRead;
    }
    return out;
  }

  /** Where an object's bytes are, for a log line: `packs/<name>.pack@offset+length`, or null. */
  where(hash: string, encoding: Encoding): string | null {
    const at = this.lookup.locate(hash);
    if (!at) return null;
    const [offset, length] = span(at, encoding);
    return `${join(this.lookup.dist, packFile(at.pack))}@${offset}+${length}`;
  }

  /**
   * Bytes `start`..`end` (inclusive) of objects laid end to end (a download's parts), streamed.
   * Each part is read through a stream of its own, so a slow client holds no handle of the reader.
   */
  stream(parts: readonly { hash: string; size: number }[], start: number, end: number): Readable {
    const out = new PassThrough();
    const run = async () => {
      let base = 0;
      for (const part of parts) {
        const from = Math.max(start, base);
        const to = Math.min(end, base + part.size - 1);
        base += part.size;
        if (from > to) continue;
        const at = this.lookup.locate(part.hash);
        if (!at) throw notFound(`download part ${part.hash}`);
        const file = join(this.lookup.dist, packFile(at.pack));
        const offset = at.offset + from - (base - part.size);
        await pipeline(createReadStream(file, { start: offset, end: offset + (to - from) }), out, { end: false });
      }
      out.end();
    };
    run().catch((err: Error) => out.destroy(err));
    return out;
  }

  /** Close the pack files once requests still using this snapshot are done. */
  retire(): void {
    setTimeout(() => this.close(), RETIRE_MS).unref();
  }

  /** Close the pack files now. */
  close(): void {
    for (const h of this.#handles.values()) h.then((fh) => fh.close()).catch(() => {});
    this.#handles.clear();
  }

  #handle(pack: string): Promise<FileHandle> {
    let h = this.#handles.get(pack);
    if (!h) {
      h = open(join(this.lookup.dist, packFile(pack)), 'r');
      // A pack that cannot be opened is tried again on the next read, not remembered as failed.
      h.catch(() => this.#handles.delete(pack));
      this.#handles.set(pack, h);
    }
    return h;
  }
}
