/**
 * Loading a snapshot in slices. A piece of loading work is a generator: it yields `undefined` where
 * it may pause (every thousand or so iterations of a long loop), or a promise it needs the value
 * of (a file read, a gunzip on the thread pool), and returns what it made. `runSliced` runs it
 * on the event loop, giving requests a turn whenever a slice has taken SLICE_MS, so loading a
 * snapshot at start or at a swap never holds a request back for longer than that; `runNow` runs
 * the same work at once (tests and tools that construct indexes directly).
 */
export type Work<T> = Generator<Promise<unknown> | undefined, T, unknown>;

/** The longest a slice of loading work runs before requests get a turn. */
export const SLICE_MS = 3;

/** Iterations of a loop between two pause points (`if ((i & PAUSE_EVERY) === 0) yield;`). */
export const PAUSE_EVERY = 1023;

/** Run work to its end now. Work that waits for a promise cannot run this way: it throws. */
export function runNow<T>(work: Work<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (step.value) throw new Error('runNow: this work reads asynchronously; run it with runSliced');
  }
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Run work in slices of about `sliceMs`, each followed by a turn of the event loop (setImmediate:
 * after pending I/O, so requests that arrived meanwhile are answered first). Resolves to what the
 * work returns; rejects with what it throws, or with a promise's rejection (thrown into the work
 * first, so its `finally` blocks run).
 */
export async function runSliced<T>(work: Work<T>, sliceMs = SLICE_MS): Promise<T> {
  let start = performance.now();
  let input: unknown;
  let failure: { err: unknown } | null = null;
  for (;;) {
    const step = failure ? work.throw(failure.err) : work.next(input);
    input = undefined;
    failure = null;
    if (step.done) return step.value;
    if (step.value) {
      try {
        input = await step.value;
      } catch (err) {
        failure = { err };
      }
      start = performance.now();
    } else if (performance.now() - start >= sliceMs) {
      await turn();
      start = performance.now();
    }
  }
}

/** Strings sorted runs at a time (default sort order: UTF-16 code units), in slices. */
const SORT_RUN = 2048;

/**
 * `keys` sorted as `keys.slice().sort()` sorts them, in slices: runs of SORT_RUN sorted by the
 * built-in sort, then merged pairwise with a pause point every thousand or so steps. Sorting the
 * 24,000 listing labels at once held the event loop for about 12 ms.
 */
export function* sortSliced(keys: readonly string[]): Work<string[]> {
  let runs: string[][] = [];
  for (let i = 0; i < keys.length; i += SORT_RUN) {
    runs.push(keys.slice(i, i + SORT_RUN).sort());
    yield;
  }
  while (runs.length > 1) {
    const next: string[][] = [];
    for (let r = 0; r + 1 < runs.length; r += 2) next.push(yield* merge(runs[r], runs[r + 1]));
    if (runs.length % 2) next.push(runs[runs.length - 1]);
    runs = next;
  }
  return runs[0] ?? [];
}

function* merge(a: string[], b: string[]): Work<string[]> {
  const out = new Array<string>(a.length + b.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; k++) {
    // Stable, as the built-in sort: an equal key from the earlier run first.
    out[k] = j >= b.length || (i < a.length && !(b[j] < a[i])) ? a[i++] : b[j++];
    if ((k & PAUSE_EVERY) === PAUSE_EVERY) yield;
  }
  return out;
}
