import { FEATURES } from '../../server/annotate/candidate-features.ts';
import type { RerankerTrees } from '../../server/annotate/reranker.ts';
import { treeScore } from '../../server/annotate/reranker.ts';
import { type BoostOptions, boost } from './gbdt.ts';
import { type DocRows, FOLDS, type Folded, type IndexCache, docRows } from './annotate-rows.ts';
import type { AnnotateSetup } from '../eval/annotate-setup.ts';
import { add, type CorpusName, type Counts, prf, Scorer, ZERO } from '../eval/hpo-text.ts';

/**
 * Training and cross-validation of the re-ranker over documents. The documents of the three
 * corpora are pooled into FOLDS folds (a hash of corpus and id); per held fold, a model is trained
 * on the other folds and its threshold chosen by an inner cross-validation over those folds only,
 * so the held fold's figures are those of documents nothing was chosen on.
 */

export interface TrainOptions {
  boost: BoostOptions;
  /** How rows weigh: 'row' each 1; 'doc' each document 1 in all; 'sqrt' each document sqrt(its rows); 'corpus' each corpus alike. */
  weight: 'row' | 'doc' | 'sqrt' | 'corpus';
  /** Features left out (held at 0, so no tree splits on them). */
  drop: string[];
  /** Corpora whose documents are neither trained on nor in the threshold's choice (still scored). */
  skip: string[];
  /** A corpus's weight, in training and in the threshold's mean F1, where it is not 1. */
  corpusWeight: Record<string, number>;
}

/** Thresholds (log odds) tried. */
const THRESHOLDS = Array.from({ length: 61 }, (_, i) => -3 + i * 0.1);

/** Rows of every document, per held fold: the held fold's with the strings of the other folds, the rest without their own fold either. */
export function rowsFor(setup: AnnotateSetup, docs: readonly Folded[], cache: IndexCache, held: number): DocRows[] {
  return docs.map((d) => docRows(setup, d, cache.get(held < 0 || d.fold === held ? [d.fold] : [held, d.fold])));
}

/** A model over some documents' rows. */
export function train(rows: readonly DocRows[], o: TrainOptions): RerankerTrees {
  const x: Float64Array[] = [];
  const y: number[] = [];
  const w: number[] = [];
  const inCorpus = new Map<string, number>();
  for (const r of rows) inCorpus.set(r.corpus, (inCorpus.get(r.corpus) ?? 0) + r.x.length);
  const dropped = o.drop.map((f) => FEATURES.indexOf(f as (typeof FEATURES)[number]));
  if (dropped.includes(-1)) throw new Error(`unknown feature in ${o.drop.join(',')}`);
  for (const r of rows) {
    if (o.skip.includes(r.corpus)) continue;
    const n = Math.max(r.x.length, 1);
    const weight =
      (o.corpusWeight[r.corpus] ?? 1) *
      (o.weight === 'row' ? 1 : o.weight === 'doc' ? 1 / n : o.weight === 'sqrt' ? 1 / Math.sqrt(n) : 1 / inCorpus.get(r.corpus)!);
    for (let i = 0; i < r.x.length; i++) {
      if (dropped.length === 0) x.push(r.x[i]);
      else {
        const v = Float64Array.from(r.x[i]);
        for (const f of dropped) v[f] = 0;
        x.push(v);
      }
      y.push(r.y[i]);
      w.push(weight);
    }
  }
  // Weights scaled to a mean of 1, so that minHessian means the same under every weighting.
  const mean = w.reduce((a, b) => a + b, 0) / (w.length || 1);
  return boost(
    x,
    y,
    w.map((v) => v / mean),
    o.boost,
  );
}

/** A document's predicted ids at a threshold: candidates scoring at least it, not negated. */
function predicted(r: DocRows, scores: Float64Array, threshold: number): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i < scores.length; i++) if (scores[i] >= threshold && !r.negated[i]) out.add(r.ids[i]);
  return out;
}

/** Per document its counts at a threshold. */
export function docCounts(scorer: Scorer, gold: Set<string>, r: DocRows, scores: Float64Array, threshold: number): Counts {
  return Scorer.counts(gold, scorer.set(predicted(r, scores, threshold)));
}

/** The mean per-corpus F1 of scored rows at a threshold, each corpus weighted by `weights` (default 1). */
function meanF1(
  setup: AnnotateSetup,
  scored: readonly [DocRows, Float64Array][],
  threshold: number,
  weights: Record<string, number>,
): number {
  const by = new Map<CorpusName, Counts>();
  for (const [r, s] of scored)
    by.set(r.corpus, add(by.get(r.corpus) ?? ZERO, docCounts(setup.scorer, setup.gold.get(r.doc)!, r, s, threshold)));
  let sum = 0;
  let total = 0;
  for (const [corpus, c] of by) {
    sum += (weights[corpus] ?? 1) * prf(c).f1;
    total += weights[corpus] ?? 1;
  }
  return sum / (total || 1);
}

/** The threshold with the best mean per-corpus F1 on scored rows. */
export function bestThreshold(
  setup: AnnotateSetup,
  all: readonly [DocRows, Float64Array][],
  o: Pick<TrainOptions, 'skip' | 'corpusWeight'>,
): number {
  const scored = all.filter(([r]) => !o.skip.includes(r.corpus));
  let best = 0;
  let bestF = -1;
  for (const t of THRESHOLDS) {
    const f = meanF1(setup, scored, t, o.corpusWeight);
    if (f > bestF + 1e-12) [best, bestF] = [t, f];
  }
  return best;
}

export const scoresOf = (m: RerankerTrees, r: DocRows) => Float64Array.from(r.x, (x) => treeScore(m, x));

/**
 * A model and its threshold from some folds' rows: the threshold by an inner cross-validation
 * over those folds (each scored by a model trained on the others).
 */
export function trainWithThreshold(setup: AnnotateSetup, rows: readonly DocRows[], folds: readonly number[], o: TrainOptions) {
  const scored: [DocRows, Float64Array][] = [];
  for (const g of folds) {
    const m = train(
      rows.filter((r) => r.fold !== g),
      o,
    );
    for (const r of rows) if (r.fold === g) scored.push([r, scoresOf(m, r)]);
  }
  return { model: train(rows, o), threshold: bestThreshold(setup, scored, o) };
}

/** Rows per held fold (rowsFor()), made once for every set of training constants tried. */
export function foldRows(setup: AnnotateSetup, docs: readonly Folded[], cache: IndexCache): DocRows[][] {
  return [...Array(FOLDS).keys()].map((f) => rowsFor(setup, docs, cache, f));
}

/** The outer cross-validation: per held fold, its documents' scores and the threshold chosen without them. */
export function crossValidate(setup: AnnotateSetup, byFold: readonly DocRows[][], o: TrainOptions, log: (s: string) => void) {
  const heldOut: { fold: number; threshold: number; scored: [DocRows, Float64Array][] }[] = [];
  for (let f = 0; f < FOLDS; f++) {
    const t0 = performance.now();
    const rows = byFold[f];
    const trainRows = rows.filter((r) => r.fold !== f);
    const others = [...Array(FOLDS).keys()].filter((g) => g !== f);
    const { model, threshold } = trainWithThreshold(setup, trainRows, others, o);
    const scored = rows.filter((r) => r.fold === f).map((r): [DocRows, Float64Array] => [r, scoresOf(model, r)]);
    heldOut.push({ fold: f, threshold, scored });
    log(
      `fold ${f + 1}: ${trainRows.reduce((s, r) => s + r.x.length, 0)} training rows, threshold ${threshold.toFixed(1)}, ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    );
  }
  return heldOut;
}

/**
 * An unseen corpus: each corpus in turn scored by a model trained on the other corpora only (their
 * strings and term figures too), its threshold chosen by cross-validation over their folds.
 */
export function leaveCorpusOut(setup: AnnotateSetup, docs: readonly Folded[], cache: IndexCache, o: TrainOptions, corpus: CorpusName) {
  const rows = docs.map((d) => docRows(setup, d, cache.get(d.corpus === corpus ? [] : [d.fold], corpus)));
  const trainRows = rows.filter((r) => r.corpus !== corpus);
  const { model, threshold } = trainWithThreshold(setup, trainRows, [0, 1, 2, 3, 4], o);
  return { threshold, scored: rows.filter((r) => r.corpus === corpus).map((r): [DocRows, Float64Array] => [r, scoresOf(model, r)]) };
}
