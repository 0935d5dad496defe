import { diseasePath } from '../contract/api/paths.ts';
import type { MatchContext } from './match-context.ts';
import { explainMatch } from './match-explain.ts';
import type { MatchModelParams, MatchQuery } from './match-model.ts';
import { topDiseases } from './match-score.ts';
import type { PhenotypeModel } from './phenotype-model.ts';

/** What a page item shows of a disease besides the model: its listing row's name and rarity. */
export type RowOf = (id: string) => { name: string; isRare: boolean } | undefined;

/**
 * One page of the ranking (MatchItem in the OpenAPI document), each disease explained; `total`
 * counts every disease `keep` accepts.
 */
export function matchPage(
  model: PhenotypeModel,
  query: MatchQuery,
  score: Float64Array,
  context: MatchContext,
  p: MatchModelParams,
  page: { offset: number; limit: number },
  keep: ((id: string) => boolean) | null,
  rowOf: RowOf,
) {
  const { top, total } = topDiseases(model, score, page.offset + page.limit, keep && ((d) => keep(model.diseaseIds[d])));
  const data = top.slice(page.offset).map((d, i) => {
    const id = model.diseaseIds[d];
    const row = rowOf(id);
    return {
      rank: page.offset + i + 1,
      id,
      name: row?.name ?? id,
      isRare: row?.isRare ?? false,
      score: Math.round(score[d] * 1000) / 1000,
      explanation: explainMatch(model, d, query, p, context),
      links: { self: diseasePath(id) },
    };
  });
  return { data, total };
}
