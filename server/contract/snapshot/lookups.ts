/**
 * dist/lookups.json: what the build indexes for finding a disease the way users hold it, read by
 * the server on first use. Cross-references (every Mondo SSSOM mapping, by the mapped code), the
 * served is_a hierarchy (parents per current disease; the server derives children, ancestors and
 * descendants) and the HGNC genes with the diseases each is associated with.
 */

/** SSSOM mapping predicates, as the Mondo files and the record's `xrefs` name them. */
export const MAPPING_PREDICATES = ['exactMatch', 'closeMatch', 'narrowMatch', 'broadMatch', 'relatedMatch', 'hasDbXref'] as const;
export type MappingPredicateName = (typeof MAPPING_PREDICATES)[number];

/** One SSSOM file the mappings were read from: its set name, predicate and mapping_justification. */
export interface MappingSetRow {
  /** File name without `.sssom.tsv(.gz)`, e.g. `mondo_exactmatch_omim`. */
  set: string;
  predicate: MappingPredicateName;
}

/**
 * One Mondo disease a code maps to: [current Mondo id, index into `mappingSets` (the most specific
 * predicate Mondo states for the pair), the obsolete Mondo id the mapping named when it was
 * followed to its replacement, or null].
 */
export type XrefTargetRow = [mondoId: string, mappingSet: number, obsoleteVia: string | null];

/** One approved HGNC gene: [HGNC id, symbol, name, locus type, previous symbols, alias symbols]. */
export type GeneRow = [hgncId: string, symbol: string, name: string, locusType: string, previous: string[], aliases: string[]];

/** One disease associated with a gene: [Mondo id, association kind, [source, release] of each source that states it]. */
export type GeneDiseaseRow = [mondoId: string, association: string, sources: [source: string, release: string][]];

export interface LookupsDoc {
  format: 1;
  /** Releases the lookups were built from (Mondo for mappings and hierarchy, HGNC for genes). */
  releases: { mondo: string; hgnc: string };
  mappingSets: MappingSetRow[];
  /** Code as Mondo writes it (`OMIM:219700`, `Orphanet:586`, `ICD10CM:E84.0`) -> its targets, most specific first. */
  xrefs: Record<string, XrefTargetRow[]>;
  /** Code -> obsolete Mondo classes it is mapped to that have no served replacement (Mondo keeps mappings on obsolete classes). */
  obsoleteXrefs: Record<string, string[]>;
  /** Label of a code where a mapping file gives one. */
  xrefLabels: Record<string, string>;
  /** Served parents of every current disease (absent: a root). */
  parents: Record<string, string[]>;
  genes: GeneRow[];
  /** HGNC id -> the diseases associated with that gene. */
  geneDiseases: Record<string, GeneDiseaseRow[]>;
}
