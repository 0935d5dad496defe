import type { SchemaObject } from '../../server/contract/snapshot/component-schemas.ts';

/**
 * What each field of a record's `computed` object means: the one list the OpenAPI schema of
 * `computed` is generated from (build/schema/computed-schema.ts). computed.ts derives the values.
 */

export interface ComputedFieldDoc {
  name: string;
  type: 'integer' | 'number' | 'boolean' | 'string' | 'array';
  nullable: boolean;
  description: string;
  /** The item schema of an array field. */
  items?: SchemaObject;
}

const HALLMARK_ITEM: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['hpoId', 'label', 'score', 'parts', 'laboratory'],
  properties: {
    hpoId: { type: 'string', pattern: '^HP:\\d{7}$' },
    label: { type: 'string' },
    score: { type: 'number', minimum: 0, maximum: 1 },
    parts: {
      type: 'object',
      additionalProperties: false,
      required: ['frequency', 'frequencyGiven', 'specificity', 'namedInDefinition', 'sourcesAgree'],
      properties: {
        frequency: {
          type: 'number',
          minimum: 0,
          maximum: 1,
          description:
            "The frequency counted (a fraction): the mean of the two curations' own where both give one, else the consolidated one; the default when none is given.",
        },
        frequencyGiven: { type: 'boolean', description: 'False when the sources give no usable frequency and the default was counted.' },
        specificity: { type: 'number', minimum: 0, maximum: 1, description: '{{SPECIFICITY_RULE}}' },
        namedInDefinition: { type: 'boolean' },
        sourcesAgree: { type: 'boolean', description: 'Annotated by both the OMIM-based HPO curation and Orphanet.' },
      },
    },
    laboratory: { type: 'boolean', description: 'A laboratory finding (below HP:0001939).' },
  },
};

const NAMED_CLASS_ITEM: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'name', 'kind'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    kind: { type: 'string', enum: ['group', 'umbrella'] },
  },
};

/**
 * Documents every field of `computed`, in output order; the OpenAPI schema of `computed` is generated from it.
 * A rule's text enters a description as `{{NAME}}` (build/schema/rule-texts.ts), as in content/schemas.
 */
export const COMPUTED_FIELDS: ComputedFieldDoc[] = [
  {
    name: 'phenotypeCount',
    type: 'integer',
    nullable: false,
    description: 'Phenotype annotations present in the disease (negated annotations excluded).',
  },
  {
    name: 'phenotypeWithFrequencyCount',
    type: 'integer',
    nullable: false,
    description: 'Present phenotypes whose annotation carries a frequency (band, n/m or percent).',
  },
  {
    name: 'veryFrequentPhenotypeCount',
    type: 'integer',
    nullable: false,
    description: 'Present phenotypes seen in at least 80% of patients: point value, else lower bound of the frequency band, is 80 or more.',
  },
  {
    name: 'negatedPhenotypeCount',
    type: 'integer',
    nullable: false,
    description: 'Phenotypes annotated as absent in the disease (HPO NOT qualifier).',
  },
  { name: 'geneCount', type: 'integer', nullable: false, description: 'Associated genes of any association type.' },
  {
    name: 'causalGeneCount',
    type: 'integer',
    nullable: false,
    description: 'Genes whose association is causal (including loss- and gain-of-function).',
  },
  {
    name: 'otherAssociatedGeneCount',
    type: 'integer',
    nullable: false,
    description: 'Genes whose association is not causal (susceptibility, modifier, candidate, ...).',
  },
  { name: 'synonymCount', type: 'integer', nullable: false, description: 'Synonyms of any scope and kind.' },
  {
    name: 'otherNameCount',
    type: 'integer',
    nullable: false,
    description: 'Synonyms that are names of this disease (kind \'name\'), the "Other names" of the overview.',
  },
  {
    name: 'xrefSystemCount',
    type: 'integer',
    nullable: false,
    description: 'Cross-reference systems (CURIE prefixes) with at least one mapping.',
  },
  { name: 'hasOmim', type: 'boolean', nullable: false, description: 'Has an OMIM or OMIM phenotypic series cross-reference.' },
  { name: 'hasOrphanet', type: 'boolean', nullable: false, description: 'Has an Orphanet cross-reference.' },
  { name: 'hasIcd10', type: 'boolean', nullable: false, description: 'Has an ICD-10 (WHO or CM) cross-reference.' },
  { name: 'hasIcd11', type: 'boolean', nullable: false, description: 'Has an ICD-11 cross-reference.' },
  {
    name: 'inheritanceModeCount',
    type: 'integer',
    nullable: false,
    description: "Modes of inheritance; 'unknown' and 'not-applicable' excluded.",
  },
  {
    name: 'primaryInheritance',
    type: 'string',
    nullable: true,
    description: 'The primary mode of inheritance, `inheritanceSummary.primary` (see its rule); null when no source states a mode.',
  },
  {
    name: 'earliestOnset',
    type: 'string',
    nullable: true,
    description:
      "Earliest onset category (antenatal < neonatal < infancy < childhood < adolescent < adult < elderly); 'all-ages' when that is the only one given; null when none.",
  },
  {
    name: 'prevalenceRecordCount',
    type: 'integer',
    nullable: false,
    description: 'Orphanet prevalence estimates (one per type, geography and source).',
  },
  { name: 'hasPrevalenceData', type: 'boolean', nullable: false, description: 'At least one prevalence estimate exists.' },
  {
    name: 'orphanDrugCount',
    type: 'integer',
    nullable: false,
    description:
      'FDA orphan designations linked to the disease, every status: one per designation (its several approvals, one row each in the FDA export, count once). Equals approvedDesignationCount + designatedOrphanDrugCount + withdrawnOrphanDrugCount.',
  },
  {
    name: 'orphanDrugProductCount',
    type: 'integer',
    nullable: false,
    description: 'Distinct products (generic plus trade name) among those rows.',
  },
  {
    name: 'approvedOrphanDrugCount',
    type: 'integer',
    nullable: false,
    description: "Distinct products with an approval in force (status 'approved': approved and the designation not withdrawn or revoked).",
  },
  {
    name: 'approvedDesignationCount',
    type: 'integer',
    nullable: false,
    description: "Designations with status 'approved': approved for the orphan indication and in force.",
  },
  {
    name: 'designatedOrphanDrugCount',
    type: 'integer',
    nullable: false,
    description: "Designations with status 'designated': designated, in force, not approved for the orphan indication.",
  },
  {
    name: 'withdrawnOrphanDrugCount',
    type: 'integer',
    nullable: false,
    description:
      "Designations with status 'withdrawn': the designation was withdrawn or revoked (not counted as pipeline activity or as an available drug).",
  },
  {
    name: 'latestOrphanApprovalYear',
    type: 'integer',
    nullable: true,
    description: "Year of the most recent marketing approval in force (status 'approved'); null when none.",
  },
  {
    name: 'latestOrphanDesignationYear',
    type: 'integer',
    nullable: true,
    description: 'Year of the most recent designation in force (not withdrawn or revoked); null when none.',
  },
  {
    name: 'trialCount',
    type: 'integer',
    nullable: false,
    description: 'Matching studies in the ClinicalTrials.gov sample (not registry totals).',
  },
  { name: 'activeTrialCount', type: 'integer', nullable: false, description: 'Matching studies in the sample with an active status.' },
  {
    name: 'isScreened',
    type: 'boolean',
    nullable: false,
    description: 'On the RUSP newborn screening panel, directly, as a constituent or through a grouping.',
  },
  { name: 'screeningStatus', type: 'string', nullable: false, description: "RUSP status: 'core', 'secondary' or 'none'." },
  { name: 'parentCount', type: 'integer', nullable: false, description: 'Direct Mondo parent classes.' },
  { name: 'childCount', type: 'integer', nullable: false, description: 'Direct Mondo child classes.' },
  { name: 'isLeaf', type: 'boolean', nullable: false, description: 'Has no Mondo child class.' },
  {
    name: 'definitionSource',
    type: 'string',
    nullable: true,
    description: "Source of the definition text: 'mondo', 'orphanet' or 'doid'; null when there is none.",
  },
  {
    name: 'hallmarks',
    type: 'array',
    nullable: false,
    description:
      'The hallmark features, best first, each with its score and the parts of the score. {{HALLMARK_RULE}} {{DIAGNOSTIC_RULE}} {{FREQUENCY_AGREEMENT_RULE}}',
    items: HALLMARK_ITEM,
  },
  {
    name: 'namedClasses',
    type: 'array',
    nullable: false,
    description: 'The parent classes the overview names. {{CLASS_NAMING_RULE}}',
    items: NAMED_CLASS_ITEM,
  },
  {
    name: 'sourceCount',
    type: 'integer',
    nullable: false,
    description: 'Distinct sources (listed with their releases by /api/v1/health) that contributed at least one value to the record.',
  },
];
