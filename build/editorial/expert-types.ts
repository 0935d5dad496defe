import type { InheritanceTerm, OnsetCategory, SectionKey } from '../../server/contract/api/vocab.ts';
import type { CitedText, EditorialFile } from './editorial-file.ts';

/** A fact a newer upstream release contradicts (QC tier 2), and the sections composed without the expert content because of it. */
export interface Regeneration {
  /** The fact, as a path into `expert` (`genes.0`, `definingFeatures.2.hpoId`). */
  pointer: string;
  reason: string;
  sections: SectionKey[];
}

/**
 * A record's `expert` member (ExpertContent in content/schemas/expert-content.schema.json): the
 * editorial file's facts with their citations, the lead with `basedOn` as record paths
 * (`expert.genes`), and what QC tier 2 left out.
 */
export interface ExpertContent {
  lead: { text: string; basedOn: string[] }[];
  definingFeatures: EditorialFile['definingFeatures'];
  genes: EditorialFile['genes'];
  inheritance: { modes: InheritanceTerm[]; note: string | null; source: string } | null;
  onset: { text: string; categories: OnsetCategory[]; source: string } | null;
  mechanism: CitedText | null;
  diagnosis: EditorialFile['diagnosis'];
  management: EditorialFile['management'];
  prevalenceNote: CitedText | null;
  errata: EditorialFile['errata'];
  sources: { id: string; kind: string; title: string; url: string; identifier: string | null; section: string; read: string }[];
  curated: { on: string; against: EditorialFile['curated']['against'] };
  reviewed: { on: string; confirmed: number; notInSource: number; contradicted: number } | null;
  regenerated: Regeneration[];
}

/** The record field an erratum of each kind removes a value from (and that `metadata.editorial` names as suppressed). */
export const ERRATUM_FIELD = {
  synonym: 'synonyms',
  parent: 'parents',
  child: 'children',
  inheritance: 'inheritance',
  gene: 'genes',
  phenotype: 'phenotypes',
} as const;
