import { add, type Counts, prf, ZERO } from './hpo-text.ts';

/**
 * Figures of one corpus from its documents' counts: micro P/R/F1 and a 95 % interval of each by
 * the bootstrap over documents (B resamples of the documents with replacement, percentiles 2.5
 * and 97.5), with a seeded generator so that a run prints the same intervals.
 */
export interface Interval {
  value: number;
  low: number;
  high: number;
}

export interface CorpusFigures {
  p: Interval;
  r: Interval;
  f1: Interval;
}

const B = 1000;

/** A small seeded generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** P/R/F1 of per-document counts with bootstrap intervals. */
export function corpusFigures(docs: readonly Counts[], seed = 39): CorpusFigures {
  const all = prf(docs.reduce(add, ZERO));
  const next = random(seed);
  const samples: { p: number; r: number; f1: number }[] = [];
  for (let b = 0; b < B; b++) {
    let c = ZERO;
    for (let i = 0; i < docs.length; i++) c = add(c, docs[Math.floor(next() * docs.length)]);
    samples.push(prf(c));
  }
  const interval = (k: 'p' | 'r' | 'f1'): Interval => {
    const v = samples.map((s) => s[k]).sort((a, b) => a - b);
    return { value: all[k], low: v[Math.floor(0.025 * B)], high: v[Math.ceil(0.975 * B) - 1] };
  };
  return { p: interval('p'), r: interval('r'), f1: interval('f1') };
}

/** "0.684 (0.65-0.72)" */
export function showInterval(i: Interval): string {
  return `${i.value.toFixed(3)} (${i.low.toFixed(3)}–${i.high.toFixed(3)})`;
}
