/**
 * The disease record: what the build assembles per Mondo class, validates against
 * content/schemas/disease-record.schema.json, and serves as `data` of /api/v1/diseases/{mondoId}.
 * Key order here is the serialized order; `sections` is last so the server can splice a subset.
 */
import type {
  AssistanceStatus,
  GardPath,
  InheritanceTerm,
  OnsetCategory,
  OrphanDrugStatus,
  PrevalenceCategory,
  SectionKey,
} from '../../server/contract/api/vocab.ts';

import type {
  ComputedValue,
  DesignationLink,
  LinkRelation,
  FrequencyBasis,
  GeneAssociation,
  InheritanceSummary,
  Rollup,
  SynonymRelation,
} from './consolidated-types.ts';
import type { AdvocacyGroup, AssistanceProgram } from '../ingest/editorial.ts';
import type { Provenance, SourceId } from '../ingest/source-list.ts';

export type { AssistanceStatus, InheritanceTerm, OnsetCategory, OrphanDrugStatus, PrevalenceCategory, SectionKey };
// Source ids and provenance come from the registry (build/ingest/source-list.ts); the editorial shapes from their reader.
export type { AdvocacyGroup, AssistanceProgram, Provenance, SourceId };

export type SynonymScope = 'exact' | 'related' | 'broad' | 'narrow' | 'unspecified';
/** `type` is the source's synonym type (Mondo: `ABBREVIATION`, `OMO:0003000`, ...); null when it gives none. */
export interface Synonym {
  text: string;
  scope: SynonymScope;
  type: string | null;
  origin: string;
  sourceId: string | null;
  /** `name`: another name of this disease; `related`: a related term (see SYNONYM_RULES in synonyms.ts). */
  kind: 'name' | 'related';
  /** Why a related term is not a name; null for names. */
  relation: SynonymRelation | null;
}

export interface XrefEntry {
  id: string;
  predicate: 'exactMatch' | 'closeMatch' | 'broadMatch' | 'narrowMatch' | 'relatedMatch' | 'hasDbXref';
  label: string | null;
}

export interface Frequency {
  /** HPO frequency band (HP:0040280..HP:0040285) or null when no band applies. */
  hpoId: string | null;
  label: string | null;
  numerator: number | null;
  denominator: number | null;
  /** Point percentage when the source gives one (n/m or p%), else null. */
  percent: number | null;
  /** Percent range of the band, e.g. [30, 79] for Frequent. */
  range: [number, number] | null;
  raw: string;
}
export interface PhenotypeSourceEntry {
  source: 'hpo' | 'orphanet';
  release: string;
  diseaseId: string;
  frequencyRaw: string | null;
  evidence: string | null;
  references: string[];
}
export interface Phenotype {
  hpoId: string;
  label: string;
  frequency: Frequency | null;
  onset: { hpoId: string; label: string } | null;
  sex: 'male' | 'female' | null;
  negated: boolean;
  evidence: string[];
  references: string[];
  modifiers: { hpoId: string; label: string }[];
  sources: PhenotypeSourceEntry[];
  /** Which rule gave `frequency` (see FREQUENCY_RULE in frequency-pool.ts). */
  frequencyBasis: FrequencyBasis;
  /** Deprecated in 1.5.0, always null: kept so that v1 clients that require the field still parse (see Compatibility in the OpenAPI description). */
  informationContent: null;
}

export interface VocabValue<T extends string> {
  term: T;
  label: string;
  hpoId: string | null;
  sources: { source: 'hpo' | 'orphanet'; release: string; raw: string }[];
}

export interface PrevalenceEntry {
  type: string;
  qualification: string;
  class: string | null;
  /** Mean value per 100,000 (Orphanet ValMoy) when given. */
  valuePer100k: number | null;
  geography: string;
  /** Orphanet validation status; the packets carry none, so null means "not provided by source". */
  validationStatus: string | null;
  references: string | null;
  provenance: Provenance & { orphaCode: string };
}

export interface GeneEntry {
  symbol: string;
  hgncId: string;
  name: string;
  association: GeneAssociation;
  sources: { source: 'mondo-ingest' | 'orphanet' | 'hpo'; release: string; raw: string; sourceSymbol: string }[];
}

export interface ScreeningStatus {
  panel: 'RUSP';
  /** core/secondary when the disease or a grouping above it is on the panel; none otherwise. */
  status: 'core' | 'secondary' | 'none';
  screened: boolean;
  /** direct: the RUSP row names this class; subtype: listed as a constituent; grouping: an ancestor is on the panel. */
  via: 'direct' | 'subtype' | 'grouping' | null;
  condition: string | null;
  acronym: string | null;
  category: string | null;
  addedYear: number | null;
  ruspMondoId: string | null;
  provenance: Provenance;
}

export interface OrphanDrugEntry {
  genericName: string;
  tradeName: string | null;
  /** Normalized from designationStatus (see ORPHAN_DRUG_STATUSES). */
  status: OrphanDrugStatus;
  designation: string;
  dateDesignated: string | null;
  /** Withdrawal or revocation date; the FDA gives it only for withdrawals after 2013-08-12. */
  dateWithdrawn: string | null;
  approvedIndication: string | null;
  marketingApprovalDate: string | null;
  exclusivityEndDate: string | null;
  sponsor: string | null;
  /** The FDA's wording, e.g. `Designated/Approved`. */
  designationStatus: string;
  /** The designation's page in the FDA database (from its CF Grid Key); null when the export lacks the key. */
  fdaUrl: string | null;
  /** The closest relation among `links` (exact, broader, complication, narrower; LINK_RELATION_RULE). */
  relation: LinkRelation;
  /** The first of `links` (kept for clients of API 1.3). */
  link: DesignationLink;
  /** Every way this designation names the disease: its designation text and its approved labeled indications. */
  links: DesignationLink[];
  /** Every approval of this designation (the FDA export has one row per approved indication), newest first. */
  approvals: { indication: string | null; date: string | null; exclusivityEndDate: string | null }[];
  /** FDA texts repaired by TEXT_REPAIR_RULE (text-repair.ts): the field, its raw value and the rules applied. */
  textRepairs: { field: 'genericName' | 'tradeName' | 'designation' | 'approvedIndication' | 'sponsor'; raw: string; rules: string[] }[];
  provenance: Provenance;
}

export interface TrialEntry {
  nctId: string;
  title: string;
  status: string;
  active: boolean;
  phase: string | null;
  startDate: string | null;
  matchedCondition: string;
  link: { method: 'exact-name' | 'exact-synonym'; matchedText: string };
  /** The date `status` was true: the source's release (its newest update), not today. */
  statusAsOf: string;
  provenance: Provenance;
}
export interface TrialSummary {
  /** Always true: the registry data is a sample, not the full registry. */
  fromSample: true;
  notice: string;
  total: number;
  active: number;
  items: TrialEntry[];
}

export interface SourcedList<T> {
  items: T[];
  /** Sources consulted; `absent` names sources for which no data exists in this snapshot. */
  sources: { source: SourceId; release: string | null; status: 'present' | 'absent'; note: string }[];
}

export interface Section {
  key: SectionKey;
  title: string;
  /** Plain text paragraphs, composed deterministically from the record's facts. */
  paragraphs: string[];
  /** Composed by the section's template from the record's facts (the only way a section is made in this version). */
  generation: 'template';
  /** Record fields this section was composed from. */
  basedOn: string[];
  /** The overview's sentences, each with the record fields (paths such as `computed.hallmarks`) it rests on; the fact check holds each to them. */
  sentences?: { text: string; basedOn: string[] }[];
}

export interface Classification {
  unmetNeedSignal: { level: 'high' | 'moderate' | 'low'; reasons: string[] };
  pipelineActivity: { level: 'active' | 'some' | 'none'; reasons: string[] };
  researchActivity: { level: 'high' | 'moderate' | 'low' | 'none' | 'unknown'; reasons: string[] };
}

export interface RecordMetadata {
  qualityScore: number;
  qualityBreakdown: Record<string, number>;
  qcWarnings: string[];
  sectionsRegenerated: SectionKey[];
  /** Content hash of the record without this metadata's version fields. */
  contentVersion: string;
  /** Version number: 1 for the first content published, +1 per change of content. */
  version: number;
  lastChanged: string;
  links: { history: string };
  sources: { source: SourceId; release: string }[];
}

export interface DiseaseRecord {
  id: string;
  name: string;
  isRare: boolean;
  subsets: string[];
  definition: { text: string; source: 'mondo' | 'orphanet' | 'doid'; sourceId: string; release: string; references: string[] } | null;
  synonyms: Synonym[];
  parents: { id: string; name: string }[];
  children: { id: string; name: string }[];
  xrefs: Record<string, XrefEntry[]>;
  phenotypes: Phenotype[];
  inheritance: VocabValue<InheritanceTerm>[];
  inheritanceSummary: InheritanceSummary;
  onset: VocabValue<OnsetCategory>[];
  prevalence: PrevalenceEntry[];
  prevalenceCategory: PrevalenceCategory;
  genes: GeneEntry[];
  screening: ScreeningStatus;
  orphanDrugs: OrphanDrugEntry[];
  trials: TrialSummary;
  advocacyGroups: SourcedList<AdvocacyGroup>;
  assistancePrograms: SourcedList<AssistanceProgram>;
  resources: { medlinePlus: string | null; geneReviews: string | null; nordReportId: string | null; gard: GardLink[] };
  rollup: Rollup;
  computed: Record<string, ComputedValue>;
  classification: Classification;
  metadata: RecordMetadata;
  sections: Record<SectionKey, Section>;
}

/** A GARD disease page for the record. */
export interface GardLink {
  id: string;
  name: string;
  url: string;
  via: GardPath[];
}

/** An obsolete Mondo id: served as a redirect document. */
export interface ObsoleteEntry {
  id: string;
  label: string;
  replacedBy: string | null;
  consider: string[];
}

export type { ComputedValue, DesignationLink, LinkRelation, FrequencyBasis, GeneAssociation, InheritanceSummary, Rollup, SynonymRelation };
export type { RolledDesignation, SubtypeRef } from './consolidated-types.ts';
