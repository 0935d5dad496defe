/**
 * The ranking model of /diseases/match: a likelihood ratio (LR) per query term, as in LIRICAL,
 * with each term's probability in a disease taken from the disease's annotation frequencies and
 * HPO's is_a graph, and its background probability from the information content (IC) of the
 * annotations (IC = -ln share, share = the fraction of annotated diseases carrying the term or a
 * descendant). The score of a disease is the sum of ln LR: its log posterior odds against the
 * background under a uniform prior.
 *
 * Observed term q. For each annotation t of disease D with frequency f(t), a patient with t shows q
 * with probability f(t) * share(q) / share(a), a the most informative common ancestor of q and t
 * (t implies a; q is one of a's specialisations, taken in proportion to how many diseases carry
 * it). Divided by the background share(q) and taking D's best annotation:
 *
 *   LR(q, D) = EPSILON + (1 - EPSILON) * max over t of f(t)^FREQUENCY_EXPONENT * e^IC(a)
 *
 * a frequency-weighted Resnik similarity on the likelihood scale (IC(a) is the Resnik similarity
 * of q and t), over common ancestors with IC above 0 (the root explains nothing). Two refinements
 * (the full form is below):
 * - a related match, where t is neither q, a descendant of q nor an ancestor of q (they only share
 *   a, as siblings do), counts SIBLING_CREDIT of it: the disease's patients with a show t, a
 *   different specialisation, so q is not a random specialisation of a in them (the derivation's
 *   assumption); an annotation on a itself, an ancestor of q, keeps full credit;
 * - a disease with n annotations: a recorded finding of its patients is one of its n features, so
 *   the chance that it is the one matched falls with n (a mixture over the features would divide
 *   by n); annotation lists differ in thoroughness more than diseases in breadth, so the factor is
 *   tempered to n^-ANNOTATION_COUNT_EXPONENT. Without it a disease with 80 annotations wins on
 *   chance partial matches over one with 10 that matches exactly.
 *
 *   LR(q, D) = EPSILON + (1 - EPSILON) * n_D^-ANNOTATION_COUNT_EXPONENT * max over t of c(q, t) * f(t)^FREQUENCY_EXPONENT * e^IC(a)
 *
 * c = SIBLING_CREDIT for a related match, else 1.
 *
 * Groups: a disease's patients also show the features its group shows. Orphanet annotates many
 * diseases at the level of a group (with frequencies from a series), while OMIM annotates the
 * group's subtypes, often with a handful of terms; a patient with a subtype is described by both.
 * So a query term may also be explained by an annotation of a disease that holds D in Mondo's
 * is_a hierarchy (a parent, or a grandparent: GROUP_LEVELS), at GROUP_CREDIT of its likelihood
 * for a parent and GROUP_CREDIT * GROUP_LEVEL_CREDIT for a grandparent: a group's feature may
 * belong to another of its subtypes. Likewise the subtypes of one family (the children of one
 * class with at most SIBLING_FAMILY_MAX of them, such as the 21 Bardet-Biedl syndromes or the 5
 * FGFR3-related chondrodysplasias) share features that one subtype's short list may lack: a
 * sibling's annotation explains a term at DISEASE_SIBLING_CREDIT. D's best explanation, its own,
 * its group's or a sibling's, stands; the count factor, exclusions and unmentioned features stay
 * D's own. EPSILON is the chance that a recorded term is
 * noise for this disease (a second condition, an incidental or mis-coded finding);
 * FREQUENCY_EXPONENT below 1 tempers frequencies, which come from small published series. A disease whose sources say q (or an ancestor) is absent
 * has LR times MIN_FREQUENCY.
 *
 * Unmentioned features (as BOQA does): each annotation of D on a term the query does not mention
 * (neither a query term, an ancestor of one, nor a descendant of one) is a feature the patient
 * would show with probability f(t), noted with probability r: LR = 1 - r * f(t). r grows with the
 * number of observed terms (RECORDED_PER_TERM each, at most RECORDED_MAX): a clinician who notes
 * 3 findings says little about the rest, one who notes 30 says more. A disease whose frequent
 * features the patient lacks loses; one with many annotations no longer wins by chance matches.
 *
 * Excluded term q. With F the implied frequency of q in D (the highest frequency of D's
 * annotations at or below q), recorded absent with probability 1 - F * (1 - EXCLUDED_NOISE):
 *
 *   LR(not q, D) = (1 - F * (1 - EXCLUDED_NOISE)) / (1 - share(q) * MEAN_FREQUENCY)
 *
 * so a disease that usually has q loses most, one that rarely has it little; a feature recorded
 * absent may still be there (not looked for, not yet shown), hence the noise. An annotation
 * without a frequency counts as UNKNOWN_FREQUENCY, except for excluded terms, where it counts as
 * UNKNOWN_EXCLUDED: without a frequency the sources do not say the disease usually has it.
 *
 * The query is first reduced to its most specific terms (an ancestor of another query term adds
 * nothing). The constants were chosen on the phenopacket development split (npm run eval:match).
 */
export const MATCH_MODEL = {
  EPSILON: 0.4,
  /** The share of the likelihood a match through a common ancestor the disease does not annotate keeps. */
  SIBLING_CREDIT: 0.5,
  /** The exponent of the disease's annotation count n in n^-x, the chance a matched feature is the one recorded. */
  ANNOTATION_COUNT_EXPONENT: 0.1,
  /** The share of its likelihood a match through the annotation of a parent group keeps. */
  GROUP_CREDIT: 0.2,
  /** The further share a grandparent group's match keeps. */
  GROUP_LEVEL_CREDIT: 0.6,
  /** The share a match through the annotation of a sibling subtype (same parent) keeps. */
  DISEASE_SIBLING_CREDIT: 0.035,
  FREQUENCY_EXPONENT: 0.3,
  UNKNOWN_FREQUENCY: 0.5,
  /** The lowest frequency a feature counts with (a feature seen "in 0 of 3" is still possible). */
  MIN_FREQUENCY: 0.01,
  /** Per observed term: the chance that a feature is noted grows with how many were (capped at RECORDED_MAX). */
  RECORDED_PER_TERM: 0.015,
  RECORDED_MAX: 0.5,
  EXCLUDED_NOISE: 0.8,
  UNKNOWN_EXCLUDED: 0,
  /** The typical frequency of a feature in a disease that has it, for an excluded term's background. */
  MEAN_FREQUENCY: 0.5,
};

export type MatchModelParams = typeof MATCH_MODEL;

/** The query in term numbers (current terms, duplicates removed). */
export interface MatchQuery {
  observed: number[];
  excluded: number[];
}

/** f^FREQUENCY_EXPONENT of an annotation or posting frequency (NaN: not given). */
export function observedWeight(f: number, p: MatchModelParams): number {
  return (Number.isNaN(f) ? p.UNKNOWN_FREQUENCY : f < p.MIN_FREQUENCY ? p.MIN_FREQUENCY : f) ** p.FREQUENCY_EXPONENT;
}

/** The share a match through a group `level` levels up keeps (1: a parent). */
export function groupCredit(level: number, p: MatchModelParams): number {
  return p.GROUP_CREDIT * p.GROUP_LEVEL_CREDIT ** (level - 1);
}

/** n^-ANNOTATION_COUNT_EXPONENT for a disease with n annotations. */
export function annotationCountFactor(n: number, p: MatchModelParams): number {
  return n > 0 ? n ** -p.ANNOTATION_COUNT_EXPONENT : 1;
}

/**
 * ln LR of an observed term from the best c * f^x * e^IC(a) (0 when nothing in the disease
 * explains it) and the disease's annotationCountFactor().
 */
export function observedContribution(best: number, countFactor: number, p: MatchModelParams): number {
  return Math.log(p.EPSILON + (1 - p.EPSILON) * countFactor * best);
}

/** ln LR of an excluded term, without its background part, from its implied frequency (NaN: not given). */
export function excludedContribution(f: number, p: MatchModelParams): number {
  const F = Number.isNaN(f) ? p.UNKNOWN_EXCLUDED : f;
  // Floored like an observed feature: even an obligate feature may be missed once in a while.
  return Math.log(Math.max(1 - F * (1 - p.EXCLUDED_NOISE), p.MIN_FREQUENCY));
}

/** The background part of an excluded term's ln LR: the same for every disease. */
export function excludedBackground(ic: number, p: MatchModelParams): number {
  const share = Number.isNaN(ic) ? 0 : Math.exp(-ic);
  return -Math.log(1 - share * p.MEAN_FREQUENCY);
}

/** The chance that a feature the patient has is among the query's terms, for a query of `terms` observed terms. */
export function recordedChance(terms: number, p: MatchModelParams): number {
  return Math.min(p.RECORDED_MAX, p.RECORDED_PER_TERM * terms);
}

/** ln LR of an annotation the query does not mention: ln(1 - recorded * f). */
export function unmentionedCost(f: number, recorded: number, p: MatchModelParams): number {
  return Math.log(1 - recorded * (Number.isNaN(f) ? p.UNKNOWN_FREQUENCY : f));
}
