import assert from 'node:assert/strict';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { buildConceptLexicon } from '../../build/compile/concept-lexicon-build.ts';
import { readHpoOntology } from '../../build/ingest/hpo-ontology.ts';
import { ConceptLexicon } from '../../server/annotate/loaded-lexicon.ts';
import { treeScore } from '../../server/annotate/reranker.ts';
import { BOOST_DEFAULTS, boost } from '../train/gbdt.ts';
import { mineEquivalents } from '../train/mine-equivalents.ts';

/** The re-ranker's training parts (test/train/): the trees and the word equivalents. */

test('boosted trees learn a rule of two features, and score the same in the server', () => {
  // A square in the plane: positive when x0 > 0.5 and x1 <= 0.3; a third feature is noise.
  let seed = 7;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const x = Array.from({ length: 2000 }, () => [rand(), rand(), rand()]);
  const y = x.map((r) => (r[0] > 0.5 && r[1] <= 0.3 ? 1 : 0));
  const m = boost(x, y, new Array(x.length).fill(1), { ...BOOST_DEFAULTS, trees: 30, depth: 2 });
  const right = x.filter((r, i) => (treeScore(m, r) >= 0 ? 1 : 0) === y[i]).length;
  assert.ok(right / x.length > 0.98, `${right} of ${x.length} right`);
  assert.equal(m.trees.length, 30);
  // No tree splits on the noise feature at its root.
  assert.ok(m.trees.every((t) => t.feature[0] !== 2));
});

test('word equivalents come from two texts of one term that differ in one word', () => {
  const { terms, version } = readHpoOntology(join(resolve(import.meta.dirname, '../fixtures/phenotype-match'), 'hp.json'));
  const lexicon = new ConceptLexicon(buildConceptLexicon(terms, version).lexicon);
  const pairs = mineEquivalents(lexicon, 1, 3);
  // Two-word labels and synonyms of the seizure terms write "seizure" and "convulsion" for one another.
  assert.ok(
    pairs.some(([a, b]) => [a, b].sort().join(' ') === 'convuls seizur'),
    JSON.stringify(pairs),
  );
  // Every class has one representative: no word is both mapped and a target of another word.
  const mapped = new Set(pairs.map(([a]) => a));
  assert.ok(pairs.every(([, rep]) => !mapped.has(rep)));
});
