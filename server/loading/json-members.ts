import type { Work } from './slices.ts';

/** A keyed collection read one member at a time (a JSON object parsed whole, or JsonMembers). */
export interface Members<V> {
  get(key: string): V | undefined;
  has(key: string): boolean;
  keys(): Iterable<string>;
}

/** A parsed JSON object as Members. */
export function membersOf<V>(record: Record<string, V>): Members<V> {
  return {
    get: (key) => (Object.hasOwn(record, key) ? record[key] : undefined),
    has: (key) => Object.hasOwn(record, key),
    keys: () => Object.keys(record),
  };
}

/**
 * The members of a large JSON object kept as its bytes (outside the heap), each value parsed when
 * asked for: a map from key to member number and the value's span. The real cross-references
 * (135,000 codes, each a list of target rows) took about 30 MB of heap parsed, and every major
 * garbage collection walked them; kept as bytes they take their 6 MB of bytes and the map.
 */
export class JsonMembers<V> implements Members<V> {
  readonly #bytes: Buffer;
  readonly #at: Map<string, number>;
  readonly #spans: Uint32Array;

  private constructor(bytes: Buffer, at: Map<string, number>, spans: Uint32Array) {
    this.#bytes = bytes;
    this.#at = at;
    this.#spans = spans;
  }

  /** The value of `key`, parsed now (a new object each time), or undefined. */
  get(key: string): V | undefined {
    const i = this.#at.get(key);
    if (i === undefined) return undefined;
    return JSON.parse(this.#bytes.toString('utf8', this.#spans[2 * i], this.#spans[2 * i + 1])) as V;
  }

  has(key: string): boolean {
    return this.#at.has(key);
  }

  keys(): IterableIterator<string> {
    return this.#at.keys();
  }

  get size(): number {
    return this.#at.size;
  }

  /**
   * Index the object at `from`..`to` of `bytes`, in slices: `members` (json-slices.ts) gives each
   * member's key and value span.
   */
  static *load<V>(
    bytes: Buffer,
    from: number,
    to: number,
    members: (onMember: (key: string, valueFrom: number, valueTo: number) => void) => Work<void>,
  ): Work<JsonMembers<V>> {
    const at = new Map<string, number>();
    let spans = new Uint32Array(1 << 12);
    yield* members((key, valueFrom, valueTo) => {
      // A repeated key keeps its last value, as JSON.parse does.
      const i = at.get(key) ?? at.size;
      if (2 * i + 2 > spans.length) {
        const grown = new Uint32Array(spans.length * 2);
        grown.set(spans);
        spans = grown;
      }
      spans[2 * i] = valueFrom - from;
      spans[2 * i + 1] = valueTo - from;
      at.set(key, i);
    });
    // A copy of the object's own bytes: the rest of the document is not kept.
    return new JsonMembers<V>(Buffer.from(bytes.subarray(from, to)), at, spans.slice(0, 2 * at.size));
  }
}
