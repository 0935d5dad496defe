import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { FEATURES } from '../../server/annotate/candidate-features.ts';
import type { RerankerModel, RerankerTrees } from '../../server/annotate/reranker.ts';
import { CONCEPT_WORDS_VERSION } from '../../server/contract/text/concept-words.ts';
import { annotateSetup } from '../eval/annotate-setup.ts';
import type { CorpusName } from '../eval/hpo-text.ts';
import { foldRows, rowsFor, trainWithThreshold } from './annotate-cv.ts';
import { printCrossValidation, printLeaveCorpusOut } from './annotate-cv-report.ts';
import { foldedDocs, IndexCache } from './annotate-rows.ts';
import { splitCounts } from './gbdt.ts';
import { mineEquivalents, withGenericWords } from './mine-equivalents.ts';
import { TRAINING, withSettings } from './training-constants.ts';

/**
 * `npm run train:annotate [-- --write] [-- --rebuild-lexicon] [-- --set trees=300]`: trains the
 * recogniser's re-ranker (server/annotate/reranker.ts) on the development corpora of
 * ../shared/data/eval/hpo-text/ and prints its cross-validated figures per fold and per corpus
 * (95 % intervals by the bootstrap over documents). `--write` writes the model trained on every
 * document to server/annotate/reranker-model.json; its data card is reranker-data-card.md beside it.
 */

const ROOT = resolve(import.meta.dirname, '../..');
export const MODEL_FILE = resolve(ROOT, 'server/annotate/reranker-model.json');

function main(): void {
  const { values } = parseArgs({
    options: {
      write: { type: 'boolean', default: false },
      'rebuild-lexicon': { type: 'boolean', default: false },
      'no-cv': { type: 'boolean', default: false },
      set: { type: 'string', multiple: true, default: [] },
      try: { type: 'string', multiple: true, default: [] },
      'leave-out': { type: 'string', multiple: true, default: [] },
    },
  });
  const o = withSettings(TRAINING, values.set!);
  console.log(`training constants: ${JSON.stringify(o)}`);
  const setup = annotateSetup(values['rebuild-lexicon']!);
  const equivalents = withGenericWords(mineEquivalents(setup.lexicon, o.minTerms, o.maxClass));
  const docs = foldedDocs(setup);
  const cache = new IndexCache(setup, docs, equivalents);
  console.log(`${equivalents.length} word equivalents; ${docs.length} documents in 5 folds`);
  if (!values['no-cv']) {
    const byFold = foldRows(setup, docs, cache);
    printCrossValidation(setup, byFold, o);
    // --try 'trees=100,depth=3': the same folds under other boosting constants, for comparison.
    for (const t of values.try!) {
      const other = withSettings(o, t.split(','));
      console.log(`\n--- tried: ${t}`);
      printCrossValidation(setup, byFold, other, false);
    }
  }
  for (const corpus of values['leave-out']!)
    for (const t of ['', ...values.try!])
      printLeaveCorpusOut(
        setup,
        docs,
        cache,
        withSettings(o, t === '' ? [] : t.split(',')),
        corpus as CorpusName,
        t === '' ? '' : ` (${t})`,
      );
  if (!values.write) return;
  const t0 = performance.now();
  const rows = rowsFor(setup, docs, cache, -1);
  const { model, threshold } = trainWithThreshold(setup, rows, [0, 1, 2, 3, 4], o);
  const file: RerankerModel = {
    version: 1,
    conceptWords: CONCEPT_WORDS_VERSION,
    features: [...FEATURES],
    threshold: round(threshold, 2),
    ...compact(model),
    equivalents,
    ...cache.figures([]),
  };
  writeFileSync(MODEL_FILE, `${JSON.stringify(file)}\n`);
  console.log(
    `\nwrote ${MODEL_FILE}: ${model.trees.length} trees of depth ${model.depth}, threshold ${file.threshold}, ${file.mentions.length} mention strings, ${equivalents.length} equivalents, ${rows.reduce((s, r) => s + r.x.length, 0)} rows, in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  const splits = splitCounts(model, FEATURES.length);
  console.log(`splits per feature: ${FEATURES.map((f, i) => `${f} ${splits[i]}`).join(', ')}`);
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The trees with thresholds and leaves rounded (the file stays small and reviewable). */
function compact(m: RerankerTrees): RerankerTrees {
  return {
    depth: m.depth,
    bias: round(m.bias, 5),
    trees: m.trees.map((t) => ({
      feature: t.feature,
      threshold: t.threshold.map((v) => (Number.isFinite(v) ? Number(v.toPrecision(6)) : 0)),
      leaf: t.leaf.map((v) => round(v, 5)),
    })),
  };
}

main();
