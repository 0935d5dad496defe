import { recognise } from '../annotate/recognise.ts';
import type { ConceptLexicon } from '../annotate/loaded-lexicon.ts';
import { explainMatch } from './match-explain.ts';
import { MatchContext } from './match-context.ts';
import { MATCH_MODEL } from './match-model.ts';
import { reduceQuery, scoreDiseases, topDiseases } from './match-score.ts';
import type { PhenotypeModel } from './phenotype-model.ts';

/**
 * Run one match and one recognition through a loaded model and lexicon, so that no request pays
 * for the arrays made once per model (weights, the unmentioned totals) and the first compilation
 * of the hot code (with loading, about 0.8 s the first /diseases/match paid). The server calls it
 * before it listens. Returns the milliseconds it took.
 */
export function warmPhenotypes(model: PhenotypeModel, lexicon: ConceptLexicon | null): number {
  const t0 = performance.now();
  // The two terms the most diseases carry below the root: a query like any other.
  const byUse = [...model.ancestors.keys()].filter((t) => model.ancestors[t].length > 2);
  byUse.sort((a, b) => model.postStart[b + 1] - model.postStart[b] - (model.postStart[a + 1] - model.postStart[a]));
  const query = reduceQuery(model, { observed: byUse.slice(0, 2), excluded: byUse.slice(2, 3) });
  const context = new MatchContext(model, query, MATCH_MODEL);
  const score = scoreDiseases(model, query, MATCH_MODEL, context);
  for (const d of topDiseases(model, score, 20, null).top) explainMatch(model, d, query, MATCH_MODEL, context);
  if (lexicon) recognise(lexicon, 'Global developmental delay and hypotonia; no seizures. His mother had possible migraine.');
  return performance.now() - t0;
}
