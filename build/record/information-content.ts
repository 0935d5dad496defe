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
