/** A binary min-heap of [time, id] pairs: the due queue of one endpoint. Stale pairs are skipped by the reader. */
export class MinHeap {
  readonly #items: [number, string][] = [];

  get size(): number {
    return this.#items.length;
  }

  /** The earliest pair without removing it. */
  peek(): [number, string] | undefined {
    return this.#items[0];
  }

  push(at: number, id: string): void {
    const a = this.#items;
    a.push([at, id]);
    for (let i = a.length - 1; i > 0; ) {
      const p = (i - 1) >> 1;
      if (a[p][0] <= a[i][0]) break;
      [a[p], a[i]] = [a[i], a[p]];
      i = p;
    }
  }

  pop(): [number, string] | undefined {
    const a = this.#items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && a[l][0] < a[m][0]) m = l;
        if (r < a.length && a[r][0] < a[m][0]) m = r;
        if (m === i) break;
        [a[m], a[i]] = [a[i], a[m]];
        i = m;
      }
    }
    return top;
  }
}
