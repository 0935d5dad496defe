/** Record parts made by the consolidation rules: inheritance summary and hierarchy roll-up. */
import type { InheritanceTerm, OrphanDrugStatus } from '../../server/contract/api/vocab.ts';

export type GeneAssociation =
  | 'associated'
  | 'causal'
  | 'causal-loss-of-function'
  | 'causal-gain-of-function'
  | 'somatic'
  | 'susceptibility'
  | 'modifier'
  | 'role-in-phenotype'
  | 'fusion'
  | 'candidate';

export type SynonymRelation = 'susceptibility' | 'modifier' | 'resistance' | 'negation' | 'broader' | 'narrower' | 'related';
export type FrequencyBasis = 'count' | 'percent' | 'band' | 'small-count' | 'unusable' | 'none';

export interface DesignationLink {
  method: 'exact-name' | 'exact-synonym' | 'contained-name' | 'contained-synonym';
  matchedText: string;
  /** The FDA text that named the disease. */
  field: 'designation' | 'approvedIndication';
}

/** The consolidated inheritance (see INHERITANCE_RULE in inheritance.ts). */
export interface InheritanceSummary {
  primary: InheritanceTerm | null;
  primaryLabel: string | null;
  /** Why the primary mode was chosen, in words. */
  basis: string;
  /** Source statements left out of `inheritance` or not shared by every source, each with its sources and why. */
  conflicts: {
    term: InheritanceTerm;
    label: string;
    sources: { source: 'hpo' | 'orphanet'; release: string; raw: string }[];
    reason: string;
  }[];
}

/** A subtype (descendant class) a rolled-up value comes from. */
export interface SubtypeRef {
  id: string;
  name: string;
}

/** What a class's subtypes have, and the designations made for its parents (see ROLLUP_RULE in rollup.ts). */
export interface Rollup {
  genes: { symbol: string; hgncId: string; association: GeneAssociation; subtypes: SubtypeRef[]; subtypeCount: number }[];
  /** Genes rolled up in all, when `genes` was cut to ROLLUP_LIMIT. */
  geneCount: number;
  inheritance: { term: InheritanceTerm; label: string; subtypes: SubtypeRef[]; subtypeCount: number }[];
  screening: {
    subtype: SubtypeRef;
    status: 'core' | 'secondary';
    condition: string | null;
    acronym: string | null;
    via: 'direct' | 'subtype';
  }[];
  orphanDrugs: RolledDesignation[];
  orphanDrugCount: number;
  parentOrphanDrugs: RolledDesignation[];
  parentOrphanDrugCount: number;
}
export interface RolledDesignation {
  genericName: string;
  tradeName: string | null;
  status: OrphanDrugStatus;
  designation: string;
  fdaUrl: string | null;
  /** The subtype (or, in parentOrphanDrugs, the parent) whose record lists the designation. */
  from: SubtypeRef;
}
