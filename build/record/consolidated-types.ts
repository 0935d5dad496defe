/** Record parts made by the consolidation rules: inheritance summary and hierarchy roll-up. */
import type { InheritanceTerm, OrphanDrugStatus } from '../../server/contract/api/vocab.ts';
import type { LinkRelation } from './designation-relation.ts';

export type { LinkRelation };

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
  /** How the designation relates to the disease (LINK_RELATION_RULE in designation-relation.ts). */
  relation: LinkRelation;
  /** The words of the text (or the rule) that decided `relation`. */
  decidedBy: string;
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
  /** How the designation relates to the class it is listed on (its closest link relation there). */
  relation: LinkRelation;
  /** The subtype (or, in parentOrphanDrugs, the parent) whose record lists the designation. */
  from: SubtypeRef;
}

/** One hallmark feature: its score and the parts of the score (HALLMARK_RULE in hallmarks.ts). */
export interface Hallmark {
  hpoId: string;
  label: string;
  score: number;
  parts: { frequency: number; frequencyGiven: boolean; specificity: number; namedInDefinition: boolean; sourcesAgree: boolean };
  /** A laboratory finding (below HP:0001939): what the overview's diagnosis sentence names. */
  laboratory: boolean;
}

/** A parent class as the overview may name it (CLASS_NAMING_RULE in class-naming.ts). */
export interface NamedClass {
  id: string;
  name: string;
  /** `group`: a disease-specific group; `umbrella`: an organ-system or other wide class. */
  kind: 'group' | 'umbrella';
}

/** A value of the record's `computed` object (COMPUTED_FIELDS in computed-fields.ts). */
export type ComputedValue = number | boolean | string | null | Hallmark[] | NamedClass[];
