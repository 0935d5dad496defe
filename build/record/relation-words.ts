/** The word lists of LINK_RELATION_RULE (designation-relation.ts). */

/** Words that say what is done, to whom, in general: they never narrow or widen what is named. */
export const NEUTRAL = new Set(
  (
    'treatment treat treating treatments prevention prevent preventing prophylaxis prophylactic management manage therapy ' +
    'therapeutic therapeutically topical use used usage for of the a an and or as to by in with including include includes diagnosis ' +
    'diagnostic diagnosing detection imaging adjunct adjunctive reduction reducing reduce signs sign symptoms symptom symptomatic ' +
    'control controlling improve improving improvement care relief patients patient individuals subjects people persons those ' +
    'affected suffering from due is are who disease diseases disorder disorders syndrome syndromes condition conditions its their ' +
    'associated related its also other forms form all any confirmed documented established'
  ).split(' '),
);

/**
 * Words that restrict a designation to part of a disease: stage, line of therapy, disease state,
 * age group, genotype, severity. One of them in the text outside the disease's name makes the link
 * `broader`. The disease's episodes, attacks and bleeds are the disease itself (EPISODE_WORDS, relation-scope.ts).
 */
export const SUBSET = new Set(
  (
    'stage stages staged grade grades advanced metastatic metastases refractory relapsed relapsing recurrent resistant unresectable ' +
    'inoperable locally localized high risk newly diagnosed pediatric paediatric children child infants infant neonates neonatal ' +
    'newborns adolescents adolescent elderly years months aged age mutation mutations mutated mutant positive negative expressing ' +
    'harboring harbouring carrying severe moderate moderately mild active exacerbation exacerbations flares flare ' +
    'crisis crises after following failed failure prior previously line lines maintenance consolidation ' +
    'induction intolerant inadequate subtype subtypes inhibitors juvenile adult adults early late onset first second third ' +
    'acquired previously untreated persistent adjuvant neoadjuvant genotype phenotype'
  ).split(' '),
);

/** Words right before a name that make it the patient group of another condition ("seizures in patients with X"). */
export const GROUP_OPENERS = new Set(['patients', 'children', 'adults', 'individuals', 'subjects', 'infants', 'people', 'persons']);
export const CAUSE_MARKERS: readonly string[][] = [
  ['associated', 'with'],
  ['secondary', 'to'],
  ['attributable', 'to'],
  ['due', 'to'],
  ['caused', 'by'],
  ['resulting', 'from'],
  ['complicating'],
  ['complications', 'of'],
  ['complication', 'of'],
  ['manifestations', 'of'],
];
/** Compound endings after a name that make it the cause of another condition ("Noonan syndrome-associated cardiomyopathy"). */
export const CAUSE_SUFFIXES = new Set(['associated', 'related', 'induced', 'mediated']);

/** A word that never narrows or widens what is named (NEUTRAL), or a misspelling of one ("prophyllaxis"). */
export function neutral(word: string): boolean {
  return NEUTRAL.has(word) || /^prophyl+a(?:x|ct)/.test(word);
}

/**
 * Words that restrict a designation to a setting or a patient group rather than a disease state:
 * "during solid organ transplantation", "in patients undergoing ...", "as an alternative to ...",
 * "where allergic reactions force ...". After the name they make the link `broader`, as SUBSET.
 */
export const SETTING = new Set(['during', 'undergoing', 'alternative', 'where', 'whose', 'repeat', 'allergic']);

/**
 * Words of a state of the disease in "<name> patients with ...": "type 1 diabetes patients with residual beta cell function",
 * "hemophilia A patients with inhibitors" (a patient group of the disease, not another condition).
 */
export const STATE = new Set(['residual', 'function', 'preserved', 'class', 'score', 'inhibitor', 'inhibitors']);

/** Words of a genotype restriction; they restrict nothing when the gene they name is the disease's own. */
export const GENOTYPE = new Set([
  'mutation',
  'mutations',
  'mutated',
  'mutant',
  'carrying',
  'harboring',
  'harbouring',
  'variant',
  'variants',
]);

/** Words that open the members of a wider condition: "hypereosinophilic syndrome including chronic eosinophilic leukemia". */
export const INCLUDING = new Set(['including', 'includes', 'include', 'specifically', 'encompassing', 'namely']);

/** Nouns for one part of a disease before "of": "the hematopoietic syndrome of acute radiation syndrome", "cutaneous variants of porphyria". */
export const PART_NOUNS = new Set(['syndrome', 'subsyndrome', 'component', 'components', 'phase', 'form', 'variant', 'variants']);
