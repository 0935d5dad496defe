/**
 * The controlled vocabularies of the API: the build maps every source's wording onto them, the
 * server filters, facets and validates with them, and the OpenAPI document publishes them as enums.
 * Order is meaningful (facets and documentation list values in this order).
 */

/** Inheritance terms with their display labels. */
export const INHERITANCE_LABELS = {
  'autosomal-dominant': 'Autosomal dominant',
  'autosomal-recessive': 'Autosomal recessive',
  'x-linked-dominant': 'X-linked dominant',
  'x-linked-recessive': 'X-linked recessive',
  'x-linked': 'X-linked',
  'y-linked': 'Y-linked',
  mitochondrial: 'Mitochondrial',
  multifactorial: 'Multifactorial / polygenic',
  oligogenic: 'Oligogenic',
  digenic: 'Digenic',
  semidominant: 'Semidominant',
  somatic: 'Somatic mutation or mosaicism',
  sporadic: 'Sporadic',
  'not-applicable': 'Not applicable (not a genetic disease)',
  unknown: 'Unknown',
} as const;
export type InheritanceTerm = keyof typeof INHERITANCE_LABELS;

/** Onset categories with their display labels. */
export const ONSET_LABELS = {
  antenatal: 'Antenatal',
  neonatal: 'Neonatal / congenital',
  infancy: 'Infancy',
  childhood: 'Childhood',
  adolescent: 'Adolescent',
  adult: 'Adult',
  elderly: 'Elderly',
  'all-ages': 'All ages',
  unknown: 'Unknown',
} as const;
export type OnsetCategory = keyof typeof ONSET_LABELS;

const keys = <T extends object>(o: T) => Object.keys(o) as (keyof T)[];

export const INHERITANCE_TERMS: readonly InheritanceTerm[] = keys(INHERITANCE_LABELS);
export const ONSET_CATEGORIES: readonly OnsetCategory[] = keys(ONSET_LABELS);
export const PREVALENCE_CATEGORIES = ['ultra-rare', 'very-rare', 'rare', 'uncommon', 'common', 'unknown'] as const;
export type PrevalenceCategory = (typeof PREVALENCE_CATEGORIES)[number];

/** Content sections of a record, in serialized order. */
export const SECTION_KEYS = [
  'overview',
  'clinical-features',
  'genetics',
  'epidemiology',
  'screening-and-diagnosis',
  'treatment',
  'research',
  'support',
] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

/** Statuses of a patient assistance program. */
export const ASSISTANCE_STATUSES = ['open', 'waitlist', 'closed', 'unknown'] as const;
export type AssistanceStatus = (typeof ASSISTANCE_STATUSES)[number];

/**
 * Normalized status of an FDA orphan designation, in list order: `approved` (designated and
 * approved for marketing for the orphan indication, designation in force), `designated` (in force,
 * not approved), `withdrawn` (the designation was withdrawn or revoked, whether or not it had been
 * approved). The allowed values of the `status` filter of /orphan-drugs.
 */
export const ORPHAN_DRUG_STATUSES = ['approved', 'designated', 'withdrawn'] as const;
export type OrphanDrugStatus = (typeof ORPHAN_DRUG_STATUSES)[number];

/**
 * How a GARD disease was joined to a Mondo class: Mondo's own GARD cross-reference, or GARD's exact
 * cross-reference to an OMIM or Orphanet code that Mondo maps exactly to the class.
 */
export const GARD_PATHS = ['mondo-xref', 'gard-omim-exact', 'gard-orphanet-exact'] as const;
export type GardPath = (typeof GARD_PATHS)[number];

/** Orders of a disease's phenotypes sub-resource, each precomputed; the first is the default. */
export const PHENOTYPE_ORDERS = ['frequency', 'hallmark'] as const;
