/**
 * Shapes produced by the ingest parsers: one module per upstream format, each a faithful, typed
 * reading of that file with no cross-source logic. Assembly (build/record/) joins them.
 */

/** A parse or validation failure that names the file and where in it. */
export class IngestError extends Error {
  constructor(
    readonly file: string,
    /** 1-based line for line formats, or a JSON pointer for JSON documents; '' when the whole file is at fault. */
    readonly where: string,
    readonly detail: string,
  ) {
    super(`${file}${where ? ` ${where}` : ''}: ${detail}`);
    this.name = 'IngestError';
  }
}

export interface MondoClass {
  id: string;
  label: string;
  hasTextDef: boolean;
}
export interface MondoObsolete {
  id: string;
  label: string;
  replacedBy: string | null;
  consider: string[];
}
export interface MondoSubset {
  id: string;
  subset: string;
  group: string;
}
/** is_a edge between two MONDO classes. */
export interface SubclassEdge {
  child: string;
  parent: string;
}
/** Disease -> causal gene from mondo-omim-genes.robot.tsv. */
export interface MondoGeneLink {
  mondoId: string;
  hgncId: string;
  omimDisease: string | null;
  omimGene: string | null;
}
export type MappingPredicate = 'exactMatch' | 'closeMatch' | 'broadMatch' | 'narrowMatch' | 'relatedMatch' | 'hasDbXref';
export interface SssomMapping {
  subject: string;
  predicate: MappingPredicate;
  object: string;
  objectLabel: string | null;
  justification: string;
  /** The SSSOM file it was read from, without `.sssom.tsv(.gz)` (set by load-sources). */
  set?: string;
}
export interface SssomFile {
  mappingSetVersion: string | null;
  license: string | null;
  mappings: SssomMapping[];
}
/** A Mondo definition; `date` is the release (or report commit date) it was read from; `commit` is '' outside the release-diff reports. */
export interface MondoDefinition {
  id: string;
  text: string;
  date: string;
  commit: string;
  references: string[];
}
export type SynonymScopeName = 'exact' | 'related' | 'broad' | 'narrow';
/** A synonym of a Mondo class; `scope` is null where the source merges scopes (the 2023 rare list). */
export interface MondoSynonym {
  text: string;
  scope: SynonymScopeName | null;
  type: string | null;
  references: string[];
}
/** One class of a full Mondo release (OBO or OBO Graphs JSON), as read. */
export interface MondoTerm {
  id: string;
  label: string;
  obsolete: boolean;
  definition: { text: string; references: string[] } | null;
  synonyms: MondoSynonym[];
  /** Cross-references with the `source` qualifiers Mondo writes (`MONDO:equivalentTo` marks an exact match). */
  xrefs: { id: string; sources: string[] }[];
  /** is_a parents that are MONDO classes. */
  parents: string[];
  subsets: string[];
  replacedBy: string | null;
  consider: string[];
}
export interface MondoOntology {
  version: string | null;
  terms: MondoTerm[];
}
export interface MondoRareListEntry {
  id: string;
  label: string;
  synonyms: string[];
}
export interface NordReport {
  mondoId: string;
  reportId: string | null;
  preferredName: string | null;
  medlinePlusUrl: string | null;
  geneReviewsUrl: string | null;
}
export interface DoidTerm {
  id: string;
  name: string;
  definition: string | null;
  /** The def's [dbxref list] (`url:...`, `PMID:...`); [] without a definition. */
  definitionReferences: string[];
  synonyms: { text: string; scope: 'exact' | 'related' | 'broad' | 'narrow' }[];
  xrefs: string[];
  obsolete: boolean;
}

export interface HpoTerm {
  id: string;
  label: string;
  definition: string | null;
  parents: string[];
  deprecated: boolean;
  replacedBy: string | null;
  /** Alternative ids merged into this term (oboInOwl:hasAlternativeId). */
  altIds: string[];
  /** Exact, related, broad and narrow synonym texts, in file order. */
  synonyms: string[];
  /** The same synonyms with their scope and HPO synonym type (`layperson`, `abbreviation`, `uk_spelling`...; null: none). */
  synonymKinds: HpoSynonym[];
}
export interface HpoSynonym {
  text: string;
  scope: 'exact' | 'related' | 'broad' | 'narrow';
  type: string | null;
}
export interface HpoAnnotation {
  /** 'OMIM:219700', 'ORPHA:586', 'DECIPHER:1' */
  diseaseId: string;
  diseaseName: string;
  negated: boolean;
  hpoId: string;
  references: string[];
  evidence: string;
  onset: string | null;
  /** Raw frequency value: an HPO band id, 'n/m' or 'p%'; null when empty. */
  frequency: string | null;
  sex: 'male' | 'female' | null;
  modifiers: string[];
  aspect: 'P' | 'I' | 'C' | 'M' | 'H';
  biocuration: string;
}
export interface HpoaFile {
  date: string | null;
  hpoVersion: string | null;
  annotations: HpoAnnotation[];
}

export interface HgncGene {
  hgncId: string;
  symbol: string;
  name: string;
  locusGroup: string;
  locusType: string;
  status: string;
  aliasSymbols: string[];
  prevSymbols: string[];
  entrezId: string | null;
  ensemblId: string | null;
  omimIds: string[];
  dateModified: string | null;
}

export interface OrphaGene {
  symbol: string;
  name: string;
  hgncId: string | null;
  omimId: string | null;
  associationType: string;
}
export interface OrphaPrevalence {
  type: string;
  qualification: string;
  class: string | null;
  /** ValMoy as a number when the source gives one (not 'no data'). */
  valMoy: number | null;
  geographic: string;
  source: string | null;
}
export interface OrphaDisorder {
  orphaCode: string;
  label: string;
  disorderType: string;
  synonyms: string[];
  definition: string | null;
  omim: { code: string; relation: 'E' | 'NTBT' | 'BTNT' | 'ND' }[];
  genes: OrphaGene[];
  phenotypes: { hpoId: string; term: string; frequency: string }[];
  prevalences: OrphaPrevalence[];
  onsets: string[];
  inheritance: string[];
  parents: { orphaCode: string; label: string }[];
  version: string;
  creationDate: string;
}

export interface OrphanDesignation {
  genericName: string;
  tradeName: string | null;
  /** ISO dates (YYYY-MM-DD) or null when the cell is empty. */
  dateDesignated: string | null;
  designation: string;
  /** FDA wording, e.g. `Designated/Approved` or `Designated/Designation Withdrawn or Revoked`. */
  designationStatus: string;
  /** `Date Designation Withdrawn or Revoked` (2024 exports on; the FDA fills it only for withdrawals after 2013-08-12). */
  dateWithdrawn: string | null;
  approvalStatus: string | null;
  approvedIndication: string | null;
  marketingApprovalDate: string | null;
  exclusivityEndDate: string | null;
  sponsor: string | null;
  country: string | null;
  /** `CF Grid Key`: the FDA's key of the designation (rows of one designation with several approvals share it); null when absent. */
  designationKey: string | null;
  /** 1-based data row number (CSV record or spreadsheet row below the header), for QC messages. */
  row: number;
}

export type TrialStatus =
  | 'recruiting'
  | 'not_yet_recruiting'
  | 'enrolling_by_invitation'
  | 'active_not_recruiting'
  | 'completed'
  | 'terminated'
  | 'withdrawn'
  | 'suspended'
  | 'unknown'
  | 'approved_for_marketing'
  | 'other';
export interface Trial {
  nctId: string;
  title: string;
  status: TrialStatus;
  phase: string | null;
  startDate: string | null;
  lastUpdate: string | null;
  conditions: string[];
  interventions: string[];
  sponsor: string | null;
  studyType: string | null;
}

export interface RuspRow {
  acronym: string;
  condition: string;
  panel: 'core' | 'secondary';
  category: string;
  added: number | null;
  mondoId: string;
  mondoLabel: string;
  subtypeMondoIds: string[];
  notes: string;
}

/** One GARD disease from GARD.csv. */
export interface GardDisease {
  /** `GARD:0000001` */
  id: string;
  name: string;
  synonyms: string[];
  /** Where GARD took the disease from: `Orphanet`, `Orphanet+OMIM`, `GARD`. */
  dataSource: string;
  sourceId: string | null;
  classificationLevel: string;
  disorderType: string;
}
/** One GARD cross-reference from GARD_xrefs.csv; `relation` is GARD's MapRelationship (`Exact`, `NTBT`, `BTNT`, ...). */
export interface GardXref {
  gardId: string;
  source: string;
  sourceId: string;
  relation: string;
}
