import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { topKeys } from '../../server/search/top-keys.ts';
import { MinHeap } from '../../server/util/min-heap.ts';

/** A fixed pseudo-random sequence (LCG): the same values on every run. */
function values(n: number, seed: number): Float64Array {
  const out = new Float64Array(n);
  let x = seed;
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out[i] = (x % 1000) / 10;
  }
  return out;
}

describe('MinHeap', () => {
  it('pops in ascending order of priority, each with its payload, growing past its first capacity', () => {
    const heap = new MinHeap<string>(2);
    for (const [t, id] of [
      [30, 'c'],
      [10, 'a'],
      [50, 'e'],
      [20, 'b'],
      [40, 'd'],
    ] as const)
      heap.push(t, id);
    const out: [number, string][] = [];
    while (heap.size) {
      out.push([heap.topKey(), heap.topPayload()!]);
      heap.pop();
    }
    assert.deepEqual(out, [
      [10, 'a'],
      [20, 'b'],
      [30, 'c'],
      [40, 'd'],
      [50, 'e'],
    ]);
    assert.ok(Number.isNaN(heap.topKey()));
    assert.equal(heap.topPayload(), undefined);
  });

  it('topKeys gives the k smallest ascending, on both of its paths (heap and full sort)', () => {
    for (const [n, k] of [
      [1000, 7],
      [1000, 400],
      [50, 50],
      [3, 10],
    ]) {
      const keys = values(n, n + k);
      const expected = Array.from(keys)
        .sort((a, b) => a - b)
        .slice(0, k);
      assert.deepEqual(Array.from(topKeys(keys.slice(), n, k)), expected, `n=${n} k=${k}`);
    }
    assert.deepEqual(Array.from(topKeys(new Float64Array(5), 5, 0)), []);
  });

  it('replaceTop keeps a bounded top-k: the k largest of a stream, the k-th at the root', () => {
    const stream = values(500, 3);
    const heap = new MinHeap(10);
    for (const v of stream) {
      if (heap.size < 10) heap.push(v);
      else if (v > heap.topKey()) heap.replaceTop(v);
    }
    const largest = Array.from(stream)
      .sort((a, b) => b - a)
      .slice(0, 10);
    assert.deepEqual(Array.from(heap.sortedKeys()).reverse(), largest);
    assert.equal(heap.topKey(), largest[9]);
  });
});
