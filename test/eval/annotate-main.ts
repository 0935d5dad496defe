import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { recognise } from '../../server/annotate/recognise.ts';
import { foldRows } from '../train/annotate-cv.ts';
import { printCrossValidation } from '../train/annotate-cv-report.ts';
import { foldedDocs, IndexCache } from '../train/annotate-rows.ts';
import { mineEquivalents, withGenericWords } from '../train/mine-equivalents.ts';
import { TRAINING } from '../train/training-constants.ts';
import { annotateSetup } from './annotate-setup.ts';
import { corpusFigures, showInterval } from './annotate-report.ts';
import { DictionaryMatcher } from './dictionary-matcher.ts';
import { type Counts, Scorer, type TextDocument } from './hpo-text.ts';
import { recognise as recogniseByRules } from './rules-recogniser.ts';

/**
 * `npm run eval:annotate [-- --no-cv] [-- --rebuild-lexicon]`: the concept recogniser of
 * /phenotypes/annotate against the HPO text corpora (EVAL_DIR, default ../shared/data/eval/hpo-text)
 * by their protocol (hpo-text.ts), beside a plain dictionary matcher (dictionary-matcher.ts) and
 * issue 29's recogniser (rules-recogniser.ts) on the same documents: per corpus P, R and F1 with
 * 95 % intervals (bootstrap over documents) and p50/p99 per document (after one warm-up pass).
 *
 * The served re-ranker was trained on these documents, so its row here is in-sample; the figures
 * that measure it are the cross-validated ones printed after the table (per fold, then pooled:
 * each document scored by a model trained without its fold, train:annotate's procedure).
 * Reads the published snapshot's lexicon (build first; `--rebuild-lexicon` makes it from DATA_DIR's
 * HPO with the current code). Misses of the served recogniser go to .scratch/eval-annotate/.
 */

const ROOT = resolve(import.meta.dirname, '../..');

function main(): void {
  const { values } = parseArgs({
    options: { 'no-cv': { type: 'boolean', default: false }, 'rebuild-lexicon': { type: 'boolean', default: false } },
  });
  const setup = annotateSetup(values['rebuild-lexicon']!);
  const { lexicon, scorer, gold } = setup;
  console.log(
    `lexicon: ${lexicon.ids.length} terms, ${lexicon.entryTerm.length} entries, ${lexicon.abbreviations.size} short forms (HPO ${lexicon.hpoRelease}); gold ids unknown to it (newer terms), not scored: ${scorer.unknown}\n`,
  );
  const dictionary = new DictionaryMatcher(setup.hpo.terms.values(), (id) => lexicon.termNumber(id) !== undefined);
  const ids = (mentions: { term: number; negated: boolean }[]) => mentions.filter((m) => !m.negated).map((m) => lexicon.ids[m.term]);
  const matchers = [
    ['dictionary', (d: TextDocument) => dictionary.match(d.text)],
    ["issue 29's recogniser", (d: TextDocument) => ids(recogniseByRules(lexicon, d.text))],
    ['ours (served model: in-sample)', (d: TextDocument) => ids(recognise(lexicon, d.text))],
  ] as const;
  console.log('| corpus (docs, gold terms) | matcher | precision | recall | F1 | p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|---|---|');
  const misses: string[] = [];
  for (const { name, docs } of setup.corpora) {
    const goldTerms = docs.reduce((s, d) => s + gold.get(d)!.size, 0);
    for (const [label, run] of matchers) {
      for (const d of docs) run(d);
      const counts: Counts[] = [];
      const times: number[] = [];
      for (const d of docs) {
        const t0 = performance.now();
        const found = run(d);
        times.push(performance.now() - t0);
        const predicted = scorer.set(found);
        counts.push(Scorer.counts(gold.get(d)!, predicted));
        if (label.startsWith('ours')) misses.push(...missLines(name, d, gold.get(d)!, predicted, setup));
      }
      const f = corpusFigures(counts);
      times.sort((a, b) => a - b);
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
      console.log(
        `| ${name} (${docs.length}, ${goldTerms}) | ${label} | ${showInterval(f.p)} | ${showInterval(f.r)} | **${showInterval(f.f1)}** | ${at(0.5)} | ${at(0.99)} |`,
      );
    }
  }
  const dir = join(ROOT, '.scratch', 'eval-annotate');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'misses.tsv'), `${misses.join('\n')}\n`);
  console.log(`\nmisses of the served recogniser: ${join(dir, 'misses.tsv')}`);
  if (values['no-cv']) return;
  console.log(`\nours, cross-validated over documents (train:annotate's procedure, constants ${JSON.stringify(TRAINING)}):`);
  const docs = foldedDocs(setup);
  const cache = new IndexCache(setup, docs, withGenericWords(mineEquivalents(lexicon, TRAINING.minTerms, TRAINING.maxClass)));
  printCrossValidation(setup, foldRows(setup, docs, cache), TRAINING);
}

/** One line per false positive and false negative of a document. */
function missLines(
  corpus: string,
  d: TextDocument,
  gold: Set<string>,
  predicted: Set<string>,
  setup: ReturnType<typeof annotateSetup>,
): string[] {
  const label = (id: string) => setup.lexicon.labels[setup.lexicon.termNumber(id) ?? -1] ?? '?';
  return [
    ...[...predicted].filter((id) => !gold.has(id)).map((id) => `${corpus}\t${d.id}\tFP\t${id}\t${label(id)}`),
    ...[...gold].filter((id) => !predicted.has(id)).map((id) => `${corpus}\t${d.id}\tFN\t${id}\t${label(id)}`),
  ];
}

main();
