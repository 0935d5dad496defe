import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';

/**
 * An append-only file of JSON lines, the embedded outbox's storage. A batch is one line written
 * by one write(2): a process killed at any point leaves every batch whole or absent (a torn last
 * line, from a crash of the machine, is cut off on open). Data reaches the kernel on every append,
 * so a killed process loses nothing; `sync()` (run by the owner every 100 ms or so) bounds what a
 * power cut can lose. `compact()` replaces the file by a shorter one that means the same state:
 * written beside it, flushed, then renamed over it, so a crash leaves the old or the new file.
 * The file is created with mode 0600: it holds signing secrets.
 */
export class AppendLog {
  #fd: number;
  #bytes: number;
  #dirty = false;

  private constructor(
    readonly file: string,
    fd: number,
    bytes: number,
  ) {
    this.#fd = fd;
    this.#bytes = bytes;
  }

  /** Open (or create) the log and return its records, oldest first. Throws naming the file and line on a corrupt line. */
  static open(file: string): { log: AppendLog; records: unknown[] } {
    const records: unknown[] = [];
    if (existsSync(file)) {
      const text = readFileSync(file, 'utf8');
      let at = 0;
      let line = 0;
      while (at < text.length) {
        const end = text.indexOf('\n', at);
        line++;
        if (end === -1) {
          // A batch cut short by a machine crash: it never completed, so it never happened.
          truncateSync(file, Buffer.byteLength(text.slice(0, at)));
          break;
        }
        try {
          records.push(JSON.parse(text.slice(at, end)));
        } catch (err) {
          throw new Error(`${file} line ${line}: not a JSON record (${(err as Error).message}); the outbox is damaged`);
        }
        at = end + 1;
      }
    }
    const fd = openSync(file, 'a', 0o600);
    return { log: new AppendLog(file, fd, statSync(file).size), records };
  }

  /** Bytes in the file. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Append records as one line each, in one write. */
  append(records: object[]): void {
    if (records.length === 0) return;
    const buf = Buffer.from(`${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
    let off = 0;
    try {
      while (off < buf.length) off += writeSync(this.#fd, buf, off);
    } catch (err) {
      // A full disk can take part of the line: cut it off, so the file still ends with whole batches
      // (a torn line in the middle would make the outbox unreadable at the next start).
      if (off > 0) ftruncateSync(this.#fd, this.#bytes);
      throw err;
    }
    this.#bytes += buf.length;
    this.#dirty = true;
  }

  /** Flush appended data to the disk. */
  sync(): void {
    if (!this.#dirty) return;
    fdatasyncSync(this.#fd);
    this.#dirty = false;
  }

  /** Replace the whole file by these records (the current state), atomically. */
  compact(records: object[]): void {
    const tmp = `${this.file}.compact`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      let chunk: string[] = [];
      let size = 0;
      const flush = () => {
        const buf = Buffer.from(chunk.join(''));
        let off = 0;
        while (off < buf.length) off += writeSync(fd, buf, off);
        size += buf.length;
        chunk = [];
      };
      for (const r of records) {
        chunk.push(`${JSON.stringify(r)}\n`);
        if (chunk.length >= 1000) flush();
      }
      flush();
      fsyncSync(fd);
      closeSync(fd);
      renameSync(tmp, this.file);
      closeSync(this.#fd);
      this.#fd = openSync(this.file, 'a', 0o600);
      this.#bytes = size;
      this.#dirty = false;
    } catch (err) {
      try {
        closeSync(fd);
      } catch {
        /* already closed */
      }
      throw err;
    }
  }

  close(): void {
    this.sync();
    closeSync(this.#fd);
  }
}
