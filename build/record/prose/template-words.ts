import { INHERITANCE_LABELS } from '../../../server/contract/api/vocab.ts';

/**
 * Capitalized or acronym words the templates themselves use (lower-cased). Any other capitalized
 * word, gene-like symbol or drug-like word in a section must come from the record's facts.
 */
export const TEMPLATE_WORDS: ReadonlySet<string> = new Set([
  // Sources, panels and catalogues named by the templates.
  'mondo',
  'disease',
  'ontology',
  'orphanet',
  'hpo',
  'hgnc',
  'omim',
  'icd',
  'fda',
  'rusp',
  'recommended',
  'uniform',
  'screening',
  'panel',
  'nord',
  'medlineplus',
  'genereviews',
  // Words that open template sentences or lines.
  'no',
  'it',
  'in',
  'this',
  'definition',
  'other',
  'most',
  'features',
  'annotated',
  'age',
  'inheritance',
  'associated',
  'prevalence',
  'added',
  'codes',
  'listing',
  'matching',
  'patient',
  'name',
  'identifier',
  'rare',
  'synonym',
  'parent',
  'child',
  'more',
  'phenotype',
  'phenotypes',
  'absent',
  'onset',
  'genes',
  'gene',
  'orphan',
  'studies',
  'study',
  // Words of the clinician's summary templates.
  'newborn',
  'subtypes',
  'genetic',
  'characteristic',
  'diagnosis',
  'causal',
  'headline',
  'estimates',
  'sources',
  'typical',
  'recorded',
  'approved',
  'designations',
  'information',
  'us',
  'gard',
  'its',
  'the',
  'designated',
  'clinical',
  'patients',
  'organisations',
  'assistance',
  'programs',
  // Words of the overview's clinical summary.
  'read',
  'treatment',
  'management',
  'hallmark',
  'diagnostic',
  'onset',
  'other',
  'designations',
]);

/**
 * Classification phrases a sentence may state only when the facts it is checked against state
 * them too: modes of inheritance and RUSP panel statuses.
 */
export const CLASSIFICATION_PHRASES: readonly string[] = [
  ...Object.entries(INHERITANCE_LABELS)
    .filter(([term]) => term !== 'unknown' && term !== 'not-applicable')
    .map(([, label]) => label.toLowerCase()),
  'core',
  'secondary',
];
