import type { ComputedValue, SourceId } from './record-types.ts';
import { ONSET_ORDER, frequencyFloor, inForceDesignations, isCausal, orphanProducts, type RecordFacts } from './record-facts.ts';
import { MODE_PRECEDENCE } from './inheritance.ts';
import { CLASS_NAMING_RULE, type NamedClass } from './class-naming.ts';
import { DIAGNOSTIC_RULE, HALLMARK_RULE, type Hallmark } from './hallmarks.ts';
import { DIAGNOSIS_CLASS_RULE, type DiagnosisByClass } from './diagnosis-class.ts';
import { FREQUENCY_AGREEMENT_RULE } from './overview-words.ts';
import type { SchemaObject } from '../../server/contract/snapshot/component-schemas.ts';

export type { ComputedValue };
export interface ComputedFieldDoc {
  name: string;
  type: 'integer' | 'number' | 'boolean' | 'string' | 'array' | 'object';
  nullable: boolean;
  description: string;
  /** The item schema of an array field. */
  items?: SchemaObject;
  /** The properties of an object field. */
  shape?: SchemaObject;
}

/** The parts derived with context beyond the record's facts (the HPO release, Mondo's structure): see build-records.ts. */
export interface DerivedParts {
  hallmarks: Hallmark[];
  namedClasses: NamedClass[];
  diagnosisByClass: DiagnosisByClass | null;
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
        specificity: { type: 'number', minimum: 0, maximum: 1, description: 'Intrinsic information content of the HPO term.' },
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

const DIAGNOSIS_BY_CLASS_SHAPE: SchemaObject = {
  additionalProperties: false,
  required: ['kind', 'method', 'basis'],
  properties: {
    kind: { type: 'string', enum: ['chromosomal-deletion-or-duplication', 'repeat-expansion', 'enzyme-deficiency', 'neoplasm'] },
    method: { type: 'string', description: 'The test that typically confirms the diagnosis, as the overview names it.' },
    basis: {
      type: 'string',
      description: "What in the record's facts decided the kind: a Mondo class, or the words of a name or the definition.",
    },
  },
};

/** Documents every field of `computed`, in output order; the OpenAPI schema of `computed` is generated from it. */
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
    description: `The hallmark features, best first, each with its score and the parts of the score. ${HALLMARK_RULE} ${DIAGNOSTIC_RULE} ${FREQUENCY_AGREEMENT_RULE}`,
    items: HALLMARK_ITEM,
  },
  {
    name: 'namedClasses',
    type: 'array',
    nullable: false,
    description: `The parent classes the overview names. ${CLASS_NAMING_RULE}`,
    items: NAMED_CLASS_ITEM,
  },
  {
    name: 'diagnosisByClass',
    type: 'object',
    nullable: true,
    description: `How the diagnosis is typically confirmed, by the kind of disease (added in 1.6.0). ${DIAGNOSIS_CLASS_RULE}`,
    shape: DIAGNOSIS_BY_CLASS_SHAPE,
  },
  {
    name: 'sourceCount',
    type: 'integer',
    nullable: false,
    description: 'Distinct sources (see content/sources.json) that contributed at least one value to the record.',
  },
];

function hasSystem(facts: RecordFacts, test: (system: string) => boolean): boolean {
  for (const [system, entries] of Object.entries(facts.xrefs)) if (entries.length > 0 && test(system)) return true;
  return false;
}

function earliestOnset(facts: RecordFacts): string | null {
  let best = -1;
  for (const o of facts.onset) {
    const i = ONSET_ORDER.indexOf(o.term);
    if (i >= 0 && (best < 0 || i < best)) best = i;
  }
  if (best >= 0) return ONSET_ORDER[best];
  return facts.onset.some((o) => o.term === 'all-ages') ? 'all-ages' : null;
}

/** Sources that contributed a value; Mondo always does (id, name, hierarchy). The NORD robot file gives the resource links. */
function contributingSources(facts: RecordFacts): Set<SourceId> {
  const s = new Set<SourceId>(['mondo']);
  if (facts.definition) s.add(facts.definition.source);
  for (const syn of facts.synonyms) if (syn.origin === 'orphanet' || syn.origin === 'doid' || syn.origin === 'gard') s.add(syn.origin);
  if (facts.resources.gard.length > 0) s.add('gard');
  for (const p of facts.phenotypes) for (const e of p.sources) s.add(e.source);
  for (const v of [...facts.inheritance, ...facts.onset]) for (const e of v.sources) s.add(e.source);
  for (const g of facts.genes) for (const e of g.sources) s.add(e.source);
  if (facts.prevalence.length > 0) s.add('orphanet');
  if (facts.screening.screened) s.add(facts.screening.provenance.source);
  for (const d of facts.orphanDrugs) s.add(d.provenance.source);
  for (const t of facts.trials.items) s.add(t.provenance.source);
  for (const g of facts.advocacyGroups.items) s.add(g.provenance.source);
  for (const a of facts.assistancePrograms.items) s.add(a.provenance.source);
  if (facts.resources.nordReportId) s.add('nord');
  return s;
}

/**
 * Derive the `computed` fields of a record from its facts. Pure and deterministic; the keys
 * and their order are exactly COMPUTED_FIELDS.
 */
export function computeFields(
  facts: RecordFacts,
  derived: DerivedParts = { hallmarks: [], namedClasses: [], diagnosisByClass: null },
): Record<string, ComputedValue> {
  const present = facts.phenotypes.filter((p) => !p.negated);
  const products = orphanProducts(facts);
  const year = (dates: (string | null)[]): number | null => {
    const sorted = dates.filter((d): d is string => d !== null).sort();
    const y = sorted.length > 0 ? Number(sorted[sorted.length - 1].slice(0, 4)) : null;
    return y !== null && Number.isInteger(y) ? y : null;
  };
  return {
    phenotypeCount: present.length,
    phenotypeWithFrequencyCount: present.filter((p) => p.frequency !== null).length,
    veryFrequentPhenotypeCount: present.filter((p) => (frequencyFloor(p) ?? -1) >= 80).length,
    negatedPhenotypeCount: facts.phenotypes.length - present.length,
    geneCount: facts.genes.length,
    causalGeneCount: facts.genes.filter((g) => isCausal(g.association)).length,
    otherAssociatedGeneCount: facts.genes.filter((g) => !isCausal(g.association)).length,
    synonymCount: facts.synonyms.length,
    otherNameCount: facts.synonyms.filter((s) => s.kind === 'name').length,
    xrefSystemCount: Object.values(facts.xrefs).filter((e) => e.length > 0).length,
    hasOmim: hasSystem(facts, (s) => s === 'OMIM' || s === 'OMIMPS'),
    hasOrphanet: hasSystem(facts, (s) => s === 'Orphanet' || s === 'ORPHA'),
    hasIcd10: hasSystem(facts, (s) => s === 'ICD-10-WHO' || s === 'ICD-10-CM'),
    hasIcd11: hasSystem(facts, (s) => s === 'ICD-11'),
    inheritanceModeCount: facts.inheritance.filter((v) => MODE_PRECEDENCE.includes(v.term)).length,
    primaryInheritance: facts.inheritanceSummary.primary,
    earliestOnset: earliestOnset(facts),
    prevalenceRecordCount: facts.prevalence.length,
    hasPrevalenceData: facts.prevalence.length > 0,
    orphanDrugCount: facts.orphanDrugs.length,
    orphanDrugProductCount: products.length,
    approvedOrphanDrugCount: products.filter((p) => p.approved.length > 0).length,
    approvedDesignationCount: facts.orphanDrugs.filter((d) => d.status === 'approved').length,
    designatedOrphanDrugCount: facts.orphanDrugs.filter((d) => d.status === 'designated').length,
    withdrawnOrphanDrugCount: facts.orphanDrugs.filter((d) => d.status === 'withdrawn').length,
    latestOrphanApprovalYear: year(facts.orphanDrugs.filter((d) => d.status === 'approved').map((d) => d.marketingApprovalDate)),
    latestOrphanDesignationYear: year(inForceDesignations(facts).map((d) => d.dateDesignated)),
    trialCount: facts.trials.total,
    activeTrialCount: facts.trials.active,
    isScreened: facts.screening.screened,
    screeningStatus: facts.screening.status,
    parentCount: facts.parents.length,
    childCount: facts.children.length,
    isLeaf: facts.children.length === 0,
    definitionSource: facts.definition ? facts.definition.source : null,
    hallmarks: derived.hallmarks,
    namedClasses: derived.namedClasses,
    diagnosisByClass: derived.diagnosisByClass,
    sourceCount: contributingSources(facts).size,
  };
}
