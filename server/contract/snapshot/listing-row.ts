import type { InheritanceTerm, OnsetCategory, PrevalenceCategory } from '../api/vocab.ts';

/**
 * One row per current disease in dist/listing.json: every field that the filters, facets and
 * sort options of /api/v1/diseases and /api/v1/diseases/search need, and the fields of a
 * listing item. Built once by the build, loaded once by the server.
 */
export interface ListingRow {
  id: string;
  name: string;
  isRare: boolean;
  /** The record has descriptive content beyond its name: a definition, phenotypes or genes. */
  hasContent: boolean;
  /** The record has expert (editorial) content: a curator's facts and lead, with citations (its `expert` member). */
  hasExpertContent: boolean;
  /** The definition is curated text from Mondo or Orphanet (what `hasExpertContent` meant before expert content existed). */
  hasCuratedDefinition: boolean;
  definitionSource: 'mondo' | 'orphanet' | 'doid' | null;
  inheritance: InheritanceTerm[];
  onset: OnsetCategory[];
  prevalenceCategory: PrevalenceCategory;
  /** Approved HGNC symbols associated with the disease. */
  genes: string[];
  /**
   * The subset of `genes` whose association is causal (causal, causal-loss-of-function or
   * causal-gain-of-function): gene-symbol search ranks these diseases first.
   */
  causalGenes: string[];
  /** Synonym texts, as published in the record. */
  synonyms: string[];
  trialCount: number;
  activeTrialCount: number;
  pagCount: number;
  orphanDrugCount: number;
  phenotypeCount: number;
  /**
   * Served classes under this one in the hierarchy (children, grandchildren...): how general the
   * disease is. Search prefers the more general of two equally good matches.
   */
  descendantCount: number;
  screened: boolean;
  qualityScore: number;
  /** ISO date (YYYY-MM-DD) the record content last changed. */
  updatedAt: string;
}
