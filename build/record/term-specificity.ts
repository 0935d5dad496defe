import type { HpoTerm } from '../ingest/source-types.ts';

/**
 * How specific an HPO term is, from the ontology's own structure (intrinsic information content,
 * Seco et al. 2004): S(t) = 1 - ln(descendants(t) + 1) / ln(terms under "Phenotypic abnormality" + 1).
 * A leaf scores 1, the root 0. It changes only with an HPO release: no disease's annotations enter
 * it, so one disease's change never rewrites another's hallmarks.
 */

/** The root of the phenotype branch: specificity is measured within it. */
export const PHENOTYPE_ROOT = 'HP:0000118';

export const SPECIFICITY_RULE =
  'Specificity is the intrinsic information content of the HPO term (Seco et al. 2004): 1 - ln(d + 1) / ln(N + 1), where d is the number ' +
  'of terms below it in the HPO release and N the number of terms below "Phenotypic abnormality" (HP:0000118); a leaf term is 1. ' +
  "It depends on the HPO release only, never on other diseases' annotations.";

/** Specificity and ancestry of HPO terms, computed once per HPO release. */
export interface TermSpecificity {
  /** Specificity in [0, 1]; null for an id the release does not have. */
  of(id: string): number | null;
  /** Every ancestor of a term (not the term itself), transitively over is_a. */
  ancestors(id: string): ReadonlySet<string>;
}

/** Build the specificity of every term of one HPO release. */
export function termSpecificity(terms: ReadonlyMap<string, HpoTerm>): TermSpecificity {
  const children = new Map<string, string[]>();
  for (const t of terms.values()) for (const p of t.parents) (children.get(p) ?? children.set(p, []).get(p)!).push(t.id);
  const below = new Map<string, number>();
  const seen = new Set<string>();
  // Count each term's descendants once (a term reached through two parents counts once).
  const descendants = (id: string): number => {
    const hit = below.get(id);
    if (hit !== undefined) return hit;
    seen.clear();
    const stack = [...(children.get(id) ?? [])];
    while (stack.length > 0) {
      const c = stack.pop()!;
      if (seen.has(c)) continue;
      seen.add(c);
      for (const g of children.get(c) ?? []) stack.push(g);
    }
    below.set(id, seen.size);
    return seen.size;
  };
  const scale = Math.log(descendants(PHENOTYPE_ROOT) + 1);
  const anc = new Map<string, Set<string>>();
  const ancestors = (id: string): Set<string> => {
    const hit = anc.get(id);
    if (hit) return hit;
    const out = new Set<string>();
    anc.set(id, out);
    for (const p of terms.get(id)?.parents ?? []) {
      out.add(p);
      for (const a of ancestors(p)) out.add(a);
    }
    return out;
  };
  return {
    of: (id) => (terms.has(id) && scale > 0 ? Math.max(0, 1 - Math.log(descendants(id) + 1) / scale) : null),
    ancestors,
  };
}
