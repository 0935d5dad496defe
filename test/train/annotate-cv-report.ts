import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { FEATURES } from '../../server/annotate/candidate-features.ts';
import type { AnnotateSetup } from '../eval/annotate-setup.ts';
import { corpusFigures, showInterval } from '../eval/annotate-report.ts';
import { add, type CorpusName, type Counts, prf } from '../eval/hpo-text.ts';
import { crossValidate, docCounts, leaveCorpusOut, type TrainOptions } from './annotate-cv.ts';
import type { DocRows, Folded, IndexCache } from './annotate-rows.ts';

/** What the cross-validation prints (train:annotate and eval:annotate): per fold, per corpus, and the misses. */

const ROOT = resolve(import.meta.dirname, '../..');

/** The held-out figures per fold and per corpus. */
export function printCrossValidation(setup: AnnotateSetup, byFold: DocRows[][], o: TrainOptions, perFold = true) {
  const heldOut = crossValidate(setup, byFold, o, perFold ? console.log : () => {});
  const perCorpus = new Map<CorpusName, Counts[]>();
  const log = perFold ? console.log : () => {};
  log('\n| held fold | corpus (docs) | P | R | F1 |');
  log('|---|---|---|---|---|');
  for (const { fold, threshold, scored } of heldOut) {
    const by = new Map<CorpusName, Counts[]>();
    for (const [r, s] of scored) {
      const c = docCounts(setup.scorer, setup.gold.get(r.doc)!, r, s, threshold);
      (by.get(r.corpus) ?? by.set(r.corpus, []).get(r.corpus)!).push(c);
      (perCorpus.get(r.corpus) ?? perCorpus.set(r.corpus, []).get(r.corpus)!).push(c);
    }
    for (const [corpus, counts] of by) {
      const f = corpusFigures(counts);
      log(`| ${fold + 1} | ${corpus} (${counts.length}) | ${f.p.value.toFixed(3)} | ${f.r.value.toFixed(3)} | ${f.f1.value.toFixed(3)} |`);
    }
  }
  // How much of the gold the candidates reach at all (a candidate of the term, not negated): the re-ranker's ceiling.
  const reach = new Map<CorpusName, [number, number]>();
  for (const { scored } of heldOut)
    for (const [r] of scored) {
      const gold = setup.gold.get(r.doc)!;
      const found = new Set(r.ids.filter((_, i) => !r.negated[i]));
      const [a, b] = reach.get(r.corpus) ?? [0, 0];
      reach.set(r.corpus, [a + [...gold].filter((id) => found.has(id)).length, b + gold.size]);
    }
  console.log(
    `\ngold (document, term) pairs a candidate reaches: ${[...reach].map(([c, [a, b]]) => `${c} ${(a / b).toFixed(3)}`).join(', ')}`,
  );
  console.log('\ncross-validated, the held folds pooled (95 % interval, bootstrap over documents):');
  let mean = 0;
  for (const [corpus, counts] of perCorpus) {
    const f = corpusFigures(counts);
    mean += f.f1.value / perCorpus.size;
    console.log(`  ${corpus} (${counts.length}): P ${showInterval(f.p)}  R ${showInterval(f.r)}  F1 ${showInterval(f.f1)}`);
  }
  console.log(`  mean F1 over corpora ${mean.toFixed(3)}`);
  // Diagnostic: each corpus at its own best threshold (chosen on its held-out scores: optimistic).
  const own: string[] = [];
  for (const corpus of perCorpus.keys()) {
    let best = [0, -1];
    for (let t = -3; t <= 3; t += 0.1) {
      let c: Counts = { tp: 0, fp: 0, fn: 0 };
      for (const { scored } of heldOut)
        for (const [r, s] of scored) if (r.corpus === corpus) c = add(c, docCounts(setup.scorer, setup.gold.get(r.doc)!, r, s, t));
      if (prf(c).f1 > best[1]) best = [t, prf(c).f1];
    }
    own.push(`${corpus} ${best[1].toFixed(3)} at ${best[0].toFixed(1)}`);
  }
  console.log(`  (each corpus at its own best threshold: ${own.join(', ')})`);
  if (perFold) writeMisses(setup, heldOut);
  return perCorpus;
}

/** Every held-out false positive and false negative with its best candidate: .scratch/train-annotate/misses.tsv. */
function writeMisses(setup: AnnotateSetup, heldOut: ReturnType<typeof crossValidate>): void {
  const lines: string[] = [];
  for (const { threshold, scored } of heldOut)
    for (const [r, s] of scored) {
      const gold = setup.gold.get(r.doc)!;
      const best = new Map<string, number>();
      for (let i = 0; i < s.length; i++)
        if (!r.negated[i] && (best.get(r.ids[i]) === undefined || s[i] > s[best.get(r.ids[i])!])) best.set(r.ids[i], i);
      const label = (id: string) => setup.lexicon.labels[setup.lexicon.termNumber(id) ?? -1] ?? '?';
      const show = (i: number | undefined) =>
        i === undefined ? '-\t-' : `${s[i].toFixed(2)}\t${FEATURES.filter((_, k) => k < 7 && r.x[i][k] === 1).join('+')} ${r.texts[i]}`;
      for (const [id, i] of best)
        if (s[i] >= threshold && !gold.has(id)) lines.push(`${r.corpus}\t${r.doc.id}\tFP\t${id}\t${label(id)}\t${show(i)}`);
      for (const id of gold) {
        const i = best.get(id);
        if (i === undefined || s[i] < threshold) lines.push(`${r.corpus}\t${r.doc.id}\tFN\t${id}\t${label(id)}\t${show(i)}`);
      }
    }
  mkdirSync(resolve(ROOT, '.scratch/train-annotate'), { recursive: true });
  writeFileSync(resolve(ROOT, '.scratch/train-annotate/misses.tsv'), `${lines.join('\n')}\n`);
}

/** Each corpus scored by a model trained on the others only (annotate-cv.ts leaveCorpusOut()). */
export function printLeaveCorpusOut(
  setup: AnnotateSetup,
  docs: readonly Folded[],
  cache: IndexCache,
  o: TrainOptions,
  corpus: CorpusName,
  label = '',
): void {
  const { threshold, scored } = leaveCorpusOut(setup, docs, cache, o, corpus);
  const f = corpusFigures(scored.map(([r, s]) => docCounts(setup.scorer, setup.gold.get(r.doc)!, r, s, threshold)));
  console.log(
    `${corpus} left out${label}: threshold ${threshold.toFixed(1)}, P ${showInterval(f.p)} R ${showInterval(f.r)} F1 ${showInterval(f.f1)}`,
  );
}
