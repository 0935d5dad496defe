/**
 * The one binary heap of the server: a min-heap of numeric priorities, each with an optional
 * payload. Priorities live in a Float64Array so the search's top-k loops stay on unboxed numbers;
 * the webhook queues use the payload (a delivery id due at a time). A bounded top-k is a heap of
 * capacity k whose root is replaced (replaceTop) when a better value comes.
 */
export class MinHeap<T = undefined> {
  #keys: Float64Array;
  readonly #payloads: T[] = [];
  #size = 0;

  constructor(capacity = 16) {
    this.#keys = new Float64Array(Math.max(capacity, 1));
  }

  get size(): number {
    return this.#size;
  }

  /** The smallest priority (NaN when empty). */
  topKey(): number {
    return this.#size ? this.#keys[0] : Number.NaN;
  }

  /** The payload of the smallest priority. */
  topPayload(): T | undefined {
    return this.#size ? this.#payloads[0] : undefined;
  }

  push(key: number, payload?: T): void {
    if (this.#size === this.#keys.length) {
      const grown = new Float64Array(this.#keys.length * 2);
      grown.set(this.#keys);
      this.#keys = grown;
    }
    this.#siftUp(this.#size++, key, payload as T);
  }

  /** Remove the smallest. */
  pop(): void {
    if (this.#size === 0) return;
    const last = --this.#size;
    const key = this.#keys[last];
    const payload = this.#payloads[last];
    this.#payloads[last] = undefined as T;
    if (last > 0) this.#siftDown(key, payload);
  }

  /** Replace the smallest with `key` (the bounded top-k step): cheaper than pop then push. */
  replaceTop(key: number, payload?: T): void {
    this.#siftDown(key, payload as T);
  }

  /** Every priority, ascending (the heap is left as it is). */
  sortedKeys(): Float64Array {
    return this.#keys.slice(0, this.#size).sort();
  }

  #siftUp(at: number, key: number, payload: T): void {
    const keys = this.#keys;
    let c = at;
    while (c > 0) {
      const parent = (c - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[c] = keys[parent];
      this.#payloads[c] = this.#payloads[parent];
      c = parent;
    }
    keys[c] = key;
    this.#payloads[c] = payload;
  }

  #siftDown(key: number, payload: T): void {
    const keys = this.#keys;
    const n = this.#size;
    let c = 0;
    for (;;) {
      let child = 2 * c + 1;
      if (child >= n) break;
      if (child + 1 < n && keys[child + 1] < keys[child]) child++;
      if (keys[child] >= key) break;
      keys[c] = keys[child];
      this.#payloads[c] = this.#payloads[child];
      c = child;
    }
    keys[c] = key;
    this.#payloads[c] = payload;
  }
}
