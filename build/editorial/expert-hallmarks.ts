import type { HpoTerm } from '../ingest/source-types.ts';
import { type Hallmark, featurePartsOf, scoreFeatures } from '../record/hallmarks.ts';
import { blankPhenotype } from '../record/phenotypes.ts';
import type { Phenotype } from '../record/record-types.ts';
import type { TermSpecificity } from '../record/term-specificity.ts';
import type { ExpertContent } from './expert-types.ts';
import { nameKey } from './editorial-checks.ts';

/**
 * How the hallmarks of a record with expert content are chosen. Written once here and placed in
 * the API document (`computed.hallmarks`).
 */
export const EXPERT_HALLMARK_RULE =
  'On a record with expert content, the hallmarks are its defining features first, in the order the curator gives them (a clinician\'s order, each from a cited source; `basis: "expert"`; a feature that is the disease\'s own name or one of its names, or whose HPO name HALLMARK_RULE takes for the disease itself, is left out), then the features HALLMARK_RULE selects (`basis: "rule"`) that are neither one of them nor a term above or below one, up to the rule\'s count in all. A defining feature keeps the parts HALLMARK_RULE computes for it when the disease is annotated with it, and counts no frequency when it is not. A defining feature whose HPO id a newer HPO release made obsolete is left out (QC tier 2).';

/** A hallmark with the basis of its choice: the curator's defining features, or HALLMARK_RULE. */
export type BasedHallmark = Hallmark & { basis: 'expert' | 'rule' };

/**
 * Builds the selector of hallmarks for records with expert content over one HPO release: the
 * defining features (scored by HALLMARK_RULE's parts, in the curator's order) and then the rule's
 * own choice without repeats (EXPERT_HALLMARK_RULE).
 */
export function expertHallmarkSelector(terms: ReadonlyMap<string, HpoTerm>, specificity: TermSpecificity) {
  const parts = featurePartsOf(terms, specificity);
  return function merge(
    expert: ExpertContent,
    ruleHallmarks: readonly Hallmark[],
    phenotypes: readonly Phenotype[],
    definition: string | null,
    names: readonly string[],
  ): BasedHallmark[] {
    const dropped = new Set(
      expert.regenerated.filter((r) => r.pointer.startsWith('definingFeatures.')).map((r) => Number(r.pointer.split('.')[1])),
    );
    const own = new Set(names.map(nameKey));
    const byId = new Map(phenotypes.filter((p) => !p.negated).map((p) => [p.hpoId, p]));
    const listed = expert.definingFeatures.filter((f, i) => !dropped.has(i) && !own.has(nameKey(f.label)));
    // A feature whose HPO name is the disease itself, as HALLMARK_RULE tells it ("Gastrointestinal stroma tumor"), is left out too.
    const featureParts = parts(
      listed.map((f) => byId.get(f.hpoId) ?? blankPhenotype(f.hpoId, f.label, false)),
      definition,
      names,
    );
    const itself = new Set(featureParts.filter((p) => p.namesDisease).map((p) => p.hpoId));
    const features = listed.filter((f) => !itself.has(f.hpoId));
    const scored = new Map(scoreFeatures(featureParts.filter((p) => !itself.has(p.hpoId))).map((h) => [h.hpoId, h]));
    const chosen: BasedHallmark[] = features.map((f) => ({
      ...(scored.get(f.hpoId) as Hallmark),
      label: byId.get(f.hpoId)?.label ?? f.label,
      basis: 'expert',
    }));
    const related = (a: string, b: string) => a === b || specificity.ancestors(a).has(b) || specificity.ancestors(b).has(a);
    const room = Math.max(0, ruleHallmarks.length - chosen.length);
    const rest = ruleHallmarks.filter((h) => !chosen.some((c) => related(c.hpoId, h.hpoId))).slice(0, room);
    return [...chosen, ...rest.map((h) => ({ ...h, basis: 'rule' as const }))];
  };
}
