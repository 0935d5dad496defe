import { API_BASE } from './base.ts';
import {
  ASSISTANCE_QUERY,
  BULK_MAX,
  BULK_QUERY,
  DISEASE_PATH,
  LISTING_QUERY,
  MATCH_QUERY,
  NO_PARAMS,
  ORPHAN_DRUGS_QUERY,
  PHENOTYPES_QUERY,
  PAGS_QUERY,
  RECORD_QUERY,
  SEARCH_QUERY,
  SECTION_PATH,
} from './disease-params.ts';
import type { RouteDef } from './route-def.ts';

/** The disease routes: listing, search, bulk, and one disease in its views and sub-resources. */

const disease = (suffix: string): string => `${API_BASE}/diseases/{mondoId}${suffix}`;
const perDisease = { resolvesDisease: true, pathParams: DISEASE_PATH, scope: 'read' } as const;

export const DISEASE_ROUTES = {
  listDiseases: {
    path: `${API_BASE}/diseases`,
    tag: 'Diseases',
    scope: 'search',
    link: true,
    query: LISTING_QUERY,
    pathParams: NO_PARAMS,
    summary: 'List diseases with pagination and filters',
    description: 'Current diseases in Mondo id order (stable). Filters combine with AND; values within one comma-separated filter with OR.',
    ok: { description: 'One page of diseases.', schema: 'ListingResponse' },
  },
  searchDiseases: {
    path: `${API_BASE}/diseases/search`,
    tag: 'Diseases',
    scope: 'search',
    link: true,
    query: SEARCH_QUERY,
    pathParams: NO_PARAMS,
    summary: 'Search diseases by name, synonym or gene',
    description:
      'Matches `q` against names, synonyms and gene symbols, narrowed by filters. A missing or empty `q` with no filter is a 400; no match is a 200 with an empty `data`. `facets=true` adds counts over the whole filtered result set; `highlight=true` adds the marked match to each item.',
    ok: { description: 'One page of results.', schema: 'SearchResponse' },
  },
  matchDiseases: {
    path: `${API_BASE}/diseases/match`,
    tag: 'Diseases',
    scope: 'search',
    link: true,
    query: MATCH_QUERY,
    pathParams: NO_PARAMS,
    summary: "Rank diseases by a patient's phenotypes",
    description:
      "A differential diagnosis from HPO terms: every disease with phenotype annotations (HPO and Orphanet), ranked by how well it explains the observed terms and the excluded ones. The model is a likelihood ratio per term (as in LIRICAL): a disease explains an observed term through its annotation that implies it best, weighted by that annotation's frequency and by the specificity (information content from the annotations) of what the two share over HPO's is_a graph, or, at a reduced credit, through an annotation of a relative: its group (a parent or grandparent in Mondo with annotations of its own: Orphanet often annotates a group, OMIM its subtypes) or a sibling subtype of a small family; an excluded term counts against a disease in proportion to how often the disease has it; a disease's frequent features that the query does not mention count a little against it. `score` is the sum of the log likelihood ratios; `explanation` shows each part: per observed term the annotated term that matched, its frequency and the relative it came from, if any, per excluded term whether the disease usually has it, and the unmentioned features. Query terms implied by another query term (its ancestors) are reported in `meta` and add nothing. Added in v1.4.0.",
    ok: { description: 'One page of ranked diseases.', schema: 'MatchResponse' },
  },
  getDiseasesBulk: {
    path: `${API_BASE}/diseases/bulk`,
    tag: 'Diseases',
    scope: 'bulk',
    query: BULK_QUERY,
    pathParams: NO_PARAMS,
    summary: `Fetch up to ${BULK_MAX} diseases at once`,
    description:
      'One item per requested id, in request order, with a status per id (`found`, `not_found`, `obsolete`, `malformed`) and counts per status in `meta`. Needs the `bulk` scope (professional and enterprise keys). Added in v1.2.0.',
    ok: { description: 'The outcome for every requested id.', schema: 'BulkResponse' },
  },
  getDisease: {
    path: disease(''),
    tag: 'Diseases',
    ...perDisease,
    stored: 'record',
    query: RECORD_QUERY,
    summary: 'Full disease record with all content sections',
    description:
      'The full report: identity, synonyms, hierarchy, cross-references, phenotypes, inheritance, onset, prevalence, genes, screening, orphan drugs, trials (from a sample), advocacy groups, assistance programs, `computed`, `classification`, metadata and `sections`.',
    ok: { description: 'The disease record.', schema: 'DiseaseRecordResponse' },
  },
  getDiseaseSummary: {
    path: disease('/summary'),
    tag: 'Diseases',
    ...perDisease,
    stored: 'summary',
    query: NO_PARAMS,
    summary: 'Brief overview only',
    description: 'Identity fields, the definition and the overview section.',
    ok: { description: 'The summary.', schema: 'SummaryResponse' },
  },
  getDiseaseSection: {
    path: disease('/sections/{section}'),
    tag: 'Diseases',
    ...perDisease,
    pathParams: SECTION_PATH,
    query: NO_PARAMS,
    summary: 'One content section',
    description: 'One named content section of the record, with the disease it belongs to.',
    ok: { description: 'The section.', schema: 'SectionResponse' },
  },
  getDiseasePhenotypes: {
    path: disease('/phenotypes'),
    tag: 'Disease resources',
    ...perDisease,
    stored: 'phenotypes',
    query: PHENOTYPES_QUERY,
    summary: 'Phenotypes with frequency',
    description:
      'Every phenotype annotation of the disease (HPO and Orphanet, merged per HPO term) with its normalized frequency. Added in v1.1.0.',
    ok: { description: 'The phenotypes.', schema: 'PhenotypeListResponse' },
  },
  listDiseasePags: {
    path: disease('/pags'),
    tag: 'Disease resources',
    ...perDisease,
    stored: 'pags',
    query: PAGS_QUERY,
    summary: 'Patient advocacy groups',
    description:
      'One page of the patient advocacy groups of the disease; `sources` says which sources were consulted and which have no data in this snapshot.',
    ok: { description: 'The groups.', schema: 'PagListResponse' },
  },
  listDiseaseAssistancePrograms: {
    path: disease('/assistance'),
    tag: 'Disease resources',
    ...perDisease,
    stored: 'assistance',
    query: ASSISTANCE_QUERY,
    summary: 'Patient assistance programs',
    description:
      'The patient assistance programs for the disease, optionally filtered by status; `sources` says which sources were consulted and which have no data in this snapshot.',
    ok: { description: 'The programs.', schema: 'AssistanceListResponse' },
  },
  listDiseaseOrphanDrugs: {
    path: disease('/orphan-drugs'),
    tag: 'Disease resources',
    ...perDisease,
    stored: 'orphan-drugs',
    query: ORPHAN_DRUGS_QUERY,
    summary: 'Orphan drug designations',
    description:
      'FDA orphan drug designations linked to the disease by designation text, every status (approved, designated, withdrawn or revoked) with its dates and sponsor: approved first, then designated, then withdrawn, newest first within each; each item says how it was linked. `status` filters by status. Added in v1.1.0; every status and the filter added in v1.3.0.',
    ok: { description: 'The designations.', schema: 'OrphanDrugListResponse' },
  },
  getDiseaseScreening: {
    path: disease('/screening'),
    tag: 'Disease resources',
    ...perDisease,
    stored: 'screening',
    query: NO_PARAMS,
    summary: 'Newborn screening status',
    description:
      'Status of the disease on the US Recommended Uniform Screening Panel (RUSP): directly, as a listed constituent, or through a grouping above it. Added in v1.1.0.',
    ok: { description: 'The screening status.', schema: 'ScreeningResponse' },
  },
} as const satisfies Record<string, Omit<RouteDef, 'operationId'>>;
