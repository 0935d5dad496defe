import { BARE_ICD10 } from '../contract/api/xref-codes.ts';
import type { MappingPredicateName, XrefTargetRow } from '../contract/snapshot/lookups.ts';
import type { SearchHit } from './search-types.ts';
import type { Lookups } from '../lookups/loaded-lookups.ts';

/** Score of a code's disease by predicate: exact matches rank as an identifier does (1), the rest below it in predicate order. */
const SCORE: Record<MappingPredicateName, number> = {
  exactMatch: 1,
  closeMatch: 0.95,
  narrowMatch: 0.9,
  broadMatch: 0.9,
  relatedMatch: 0.85,
  hasDbXref: 0.8,
};

/**
 * A search query that is a code of another system (`OMIM:219700`, `ORPHA:586`, a bare ICD-10
 * code `E84.0`, tried as ICD-10-CM then ICD-10 WHO): the code as Mondo writes it and its diseases,
 * exact matches first; null when the query is no code any mapping names (it is then searched as
 * text). A Mondo id is not a code here: search finds it by its own identifier tier.
 */
export function codeQuery(lk: Lookups, q: string): { code: string; targets: readonly XrefTargetRow[] } | null {
  const text = q.trim();
  if (/^mondo:/i.test(text)) return null;
  const candidates: string[] = [];
  if (!text.includes(':')) {
    // A gene symbol can look like a category (C4A is a gene and Merkel cell carcinoma): what search
    // treats as a gene (a current or previous symbol; aliases it does not) stays a gene query.
    const via = lk.gene(text)?.via;
    const category = BARE_ICD10.test(text) && (text.includes('.') || via === undefined || via === 'alias');
    if (category) for (const prefix of ['ICD10CM', 'ICD10WHO']) candidates.push(`${prefix}:${text}`);
  } else candidates.push(text);
  for (const c of candidates) {
    const parsed = lk.parse(c);
    if (!parsed.ok) continue;
    const code = lk.code(parsed.prefix, parsed.local);
    if (code !== null && lk.targets(code).length > 0) return { code, targets: lk.targets(code) };
  }
  return null;
}

/** The match of the i-th disease of a code: field `xref`, the code as text, its predicate and score. */
export function codeMatch(lk: Lookups, code: string, targets: readonly XrefTargetRow[], query: string): (i: number) => SearchHit['match'] {
  return (i) => {
    const predicate = lk.mappingSets[targets[i][1]].predicate;
    const score = SCORE[predicate];
    return {
      field: 'xref',
      text: code,
      kind: 'exact',
      score,
      predicate,
      why: {
        tier: 'identifier',
        queryCoverage: 1,
        textCoverage: 1,
        order: null,
        words: [{ query: query.trim().toLowerCase(), text: code.toLowerCase(), how: 'exact', weight: 1 }],
      },
    };
  };
}
