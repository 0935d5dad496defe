import type { Manifest, ManifestEntry } from '../contract/snapshot/manifest.ts';
import { PAUSE_EVERY, runNow, type Work } from '../loading/slices.ts';

const ENTRIES_OPEN = Buffer.from(',"entries":{');
const BETWEEN = Buffer.from('],"');
/** Entries kept parsed (of a lazily indexed manifest) before the memo starts again. */
const FOUND_MAX = 20_000;

/**
 * The manifest's entries looked up in its own bytes. JSON.parse of a real manifest (28 MB,
 * ~400,000 entries) took about half a second of every start and swap, most of it making objects
 * no request ever asks for. The build writes the entries compact and sorted by key
 * (build/compile/compile-and-publish.ts); this finds where each one starts (one native scan), checks that they are
 * sorted, and then finds a key by binary search over the bytes, parsing only the entry found,
 * once (the same object is returned every time, so per-entry memos such as ETags hold).
 * A manifest laid out otherwise (an older build, hand-edited) is parsed whole instead.
 */
export class ManifestIndex {
  /** Everything but the entries. */
  readonly manifest: Omit<Manifest, 'entries'>;
  readonly #bytes: Buffer | null;
  /** Byte offset of each entry's opening quote, in key order (null: parsed whole). */
  readonly #starts: Uint32Array | null;
  readonly #found = new Map<string, ManifestEntry | undefined>();

  /** The index of a manifest's bytes, made at once (tools and tests; the server loads it with `load`). */
  constructor(bytes: Buffer, fast = runNow(indexed(bytes))) {
    if (!fast) {
      const { entries, ...manifest } = JSON.parse(bytes.toString('utf8')) as Manifest;
      this.manifest = manifest;
      this.#bytes = null;
      this.#starts = null;
      for (const [key, entry] of Object.entries(entries)) this.#found.set(key, entry);
      return;
    }
    this.manifest = fast.manifest;
    this.#bytes = bytes;
    this.#starts = fast.starts;
  }

  /** The index made in slices (slices.ts): the scan of a real manifest's 400,000 entries takes about 100 ms. */
  static *load(bytes: Buffer): Work<ManifestIndex> {
    const fast = yield* indexed(bytes);
    // A manifest laid out otherwise is parsed whole, in one piece: only older or hand-made ones are.
    return new ManifestIndex(bytes, fast);
  }

  /** The entry of a route key, or undefined. */
  get(key: string): ManifestEntry | undefined {
    const known = this.#found.get(key);
    if (known !== undefined || !this.#starts) return known;
    const entry = this.#search(key);
    if (entry) {
      // Bounded: a client walking every id would otherwise keep all ~400,000 entries parsed (about
      // 60 MB with their ETags). Past the bound the memo starts again; a busy key is found again
      // by one binary search.
      if (this.#found.size >= FOUND_MAX) this.#found.clear();
      this.#found.set(key, entry);
    }
    return entry;
  }

  #search(key: string): ManifestEntry | undefined {
    const bytes = this.#bytes!;
    const starts = this.#starts!;
    const wanted = Buffer.from(key, 'utf8');
    let lo = 0;
    let hi = starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const at = starts[mid] + 1;
      const end = bytes.indexOf(34, at); // the key's closing quote
      const order = bytes.compare(wanted, 0, wanted.length, at, end);
      if (order === 0) {
        const valueEnd = bytes.indexOf(93, end); // ']': entries hold strings and numbers only
        return JSON.parse(bytes.toString('utf8', end + 2, valueEnd + 1)) as ManifestEntry;
      }
      // Negative when the key here sorts before `wanted`.
      if (order < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return undefined;
  }
}

/** The manifest without its entries and where each entry starts, or null for another layout. */
function* indexed(bytes: Buffer): Work<{ manifest: Omit<Manifest, 'entries'>; starts: Uint32Array } | null> {
  const open = bytes.indexOf(ENTRIES_OPEN);
  const close = open < 0 ? -1 : bytes.indexOf('}', open + ENTRIES_OPEN.length);
  const starts = close < 0 ? null : yield* entryStarts(bytes, open + ENTRIES_OPEN.length, close);
  if (!starts) return null;
  try {
    // The parts around the entries are small: the head up to them, the tail (obsolete, counts).
    const head = JSON.parse(`${bytes.toString('utf8', 0, open)}}`) as Omit<Manifest, 'entries' | 'obsolete' | 'counts'>;
    const tail = JSON.parse(`{${bytes.toString('utf8', close + 2)}`) as Pick<Manifest, 'obsolete' | 'counts'>;
    const manifest = { ...head, ...tail };
    return manifest.counts?.objects === starts.length ? { manifest, starts } : null;
  } catch {
    return null;
  }
}

/**
 * Offsets of the entries between `from` and `to` (`"key":[...],"key":[...]`), or null when they are
 * not in strictly increasing key order (byte order, which is the build's order for ASCII keys).
 */
function* entryStarts(bytes: Buffer, from: number, to: number): Work<Uint32Array | null> {
  if (to === from) return new Uint32Array(0);
  if (bytes[from] !== 34) return null;
  // Grown by doubling, not a number[] (400,000 boxed numbers, then copied): typed from the start.
  let starts = new Uint32Array(1 << 16);
  let n = 0;
  starts[n++] = from;
  for (let at = bytes.indexOf(BETWEEN, from); at >= 0 && at < to; at = bytes.indexOf(BETWEEN, at + 3)) {
    if (n === starts.length) {
      const grown = new Uint32Array(n * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[n++] = at + 2;
    if ((n & PAUSE_EVERY) === 0) yield;
  }
  starts = starts.slice(0, n);
  for (let i = 1; i < n; i++) {
    const a = starts[i - 1] + 1;
    const b = starts[i] + 1;
    if (bytes.compare(bytes, b, bytes.indexOf(34, b), a, bytes.indexOf(34, a)) >= 0) return null;
    if ((i & PAUSE_EVERY) === 0) yield;
  }
  return starts;
}
