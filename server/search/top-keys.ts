/**
 * The `k` smallest of keys[0, count), ascending. A page needs offset + limit keys, not a sort of
 * every match: a bounded max-heap rejects most keys with one comparison. Deep pages (k a large
 * share of count) fall back to a full sort, which is then cheaper.
 */
export function topKeys(keys: Float64Array, count: number, k: number): Float64Array {
  if (k <= 0 || count === 0) return new Float64Array(0);
  if (k * 4 >= count) return keys.subarray(0, count).sort().subarray(0, Math.min(k, count));
  const heap = new Float64Array(k);
  let size = 0;
  for (let i = 0; i < count; i++) {
    const v = keys[i];
    if (size < k) {
      let c = size++;
      while (c > 0) {
        const parent = (c - 1) >> 1;
        if (heap[parent] >= v) break;
        heap[c] = heap[parent];
        c = parent;
      }
      heap[c] = v;
    } else if (v < heap[0]) {
      let c = 0;
      for (;;) {
        let child = 2 * c + 1;
        if (child >= k) break;
        if (child + 1 < k && heap[child + 1] > heap[child]) child++;
        if (heap[child] <= v) break;
        heap[c] = heap[child];
        c = child;
      }
      heap[c] = v;
    }
  }
  return heap.sort();
}
