/**
 * Typo tolerance: how many edits a query word may carry, and the distance itself. The distance is
 * Damerau-Levenshtein in its optimal-string-alignment form (adjacent transpositions count one edit),
 * which is what a typist's swapped letters need and is cheap to bound.
 */

/** Edits allowed for a query word of `length` characters: none under 4, 1 for 4-7, 2 for 8 or more. */
export function maxEdits(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

const rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal-string-alignment distance between `a` and `b`, or `max + 1` as soon as it must exceed
 * `max`. Allocation-free for words under 64 units (the scratch rows are shared; not re-entrant).
 */
export function boundedEditDistance(a: string, b: string, max: number): number {
  const m = a.length;
  const n = b.length;
  if (Math.abs(m - n) > max) return max + 1;
  if (m === 0 || n === 0) return Math.max(m, n);
  const [r0, r1, r2] = n < 64 ? rows : [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let prev2 = r0; // row i-2
  let prev = r1; // row i-1
  let cur = r2;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= m; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) d = Math.min(d, prev2[j - 2] + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    const spare = prev2;
    prev2 = prev;
    prev = cur;
    cur = spare;
  }
  return Math.min(prev[n], max + 1);
}
