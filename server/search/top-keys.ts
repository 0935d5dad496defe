import { MinHeap } from '../util/min-heap.ts';

/**
 * The `k` smallest of keys[0, count), ascending. A page needs offset + limit keys, not a sort of
 * every match: a bounded max-heap rejects most keys with one comparison. Deep pages (k a large
 * share of count) fall back to a full sort, which is then cheaper.
 */
export function topKeys(keys: Float64Array, count: number, k: number): Float64Array {
  if (k <= 0 || count === 0) return new Float64Array(0);
  if (k * 4 >= count) return keys.subarray(0, count).sort().subarray(0, Math.min(k, count));
  // The k smallest: a min-heap of negated keys keeps the largest kept one at its root.
  const heap = new MinHeap(k);
  for (let i = 0; i < count; i++) {
    const v = keys[i];
    if (heap.size < k) heap.push(-v);
    else if (-v > heap.topKey()) heap.replaceTop(-v);
  }
  return heap
    .sortedKeys()
    .map((v) => -v)
    .reverse();
}
