import type { SourceData } from '../ingest/source-data.ts';

/**
 * Specificity of HPO terms from annotation counts: IC(t) = -ln(diseases annotated with t or a
 * descendant / diseases annotated at all), over the HPO annotation file and Orphanet phenotypes.
 * A term no disease carries has no IC (null).
 */
export function informationContent(
  diseaseTerms: Iterable<Iterable<string>>,
  ancestry: (hpoId: string) => string[],
): (hpoId: string) => number | null {
  const counts = new Map<string, number>();
  let diseases = 0;
  for (const terms of diseaseTerms) {
    const closure = new Set<string>();
    for (const t of terms) for (const a of ancestry(t)) closure.add(a);
    if (closure.size === 0) continue;
    diseases++;
    for (const a of closure) counts.set(a, (counts.get(a) ?? 0) + 1);
  }
  return (id) => {
    const n = counts.get(id);
    return n ? Math.round(-Math.log(n / diseases) * 1000) / 1000 : null;
  };
}

/**
 * Information content of HPO terms over the phenotype annotations of HPO (per disease id) and
 * Orphanet (per disorder). A figure over the whole corpus: it goes into the phenotype index (the
 * match model, `/phenotypes/{hpoId}`), never into a record, since removing one disease's rows
 * shifts it for many terms.
 */
export function annotationInformationContent(
  data: Pick<SourceData, 'hpoa' | 'orphanet'>,
  ancestry: (hpoId: string) => string[],
): (hpoId: string) => number | null {
  const perDisease = new Map<string, string[]>();
  for (const a of data.hpoa.annotations) {
    if (a.aspect !== 'P' || a.negated) continue;
    (perDisease.get(a.diseaseId) ?? perDisease.set(a.diseaseId, []).get(a.diseaseId)!).push(a.hpoId);
  }
  for (const o of data.orphanet) {
    const terms = o.phenotypes.filter((p) => !p.frequency.startsWith('Excluded')).map((p) => p.hpoId);
    if (terms.length > 0) perDisease.set(`ORPHA:${o.orphaCode}`, [...(perDisease.get(`ORPHA:${o.orphaCode}`) ?? []), ...terms]);
  }
  return informationContent(perDisease.values(), ancestry);
}
