import { API_BASE, MONDO_ID_PATTERN } from './base.ts';
import { anyOf, bool, limit, offset, params, type ParamsSchema } from './params.ts';
import { CHANGE_KINDS, IMMUTABLE_CACHE, LATEST_RELEASE, RELEASE_ID_PATTERN } from './history.ts';
import type { ProblemKind } from './problems.ts';
import type { DiseaseResource } from './route-map.ts';
import type { Scope } from './tiers.ts';
import { WEBHOOK_ROUTES } from './webhook-routes.ts';
import type { BodySchema } from './webhooks.ts';
import {
  ASSISTANCE_STATUSES,
  INHERITANCE_TERMS,
  ONSET_CATEGORIES,
  ORPHAN_DRUG_STATUSES,
  PREVALENCE_CATEGORIES,
  SECTION_KEYS,
} from './vocab.ts';

/**
 * Every route of the API, once: the server registers its handlers from this table and validates
 * requests against its parameter schemas; the build writes the OpenAPI paths from it; the route
 * map derives the stored per-disease resources from it. Paths are in OpenAPI form (`{mondoId}`).
 */

export { API_BASE, MONDO_ID_PATTERN };
export const BULK_MAX = 50;
export const PAGE_MAX = 100;
export const PAGE_DEFAULT = 20;
export const SEARCH_SORTS = ['relevance', 'label', 'activeTrialCount', 'updatedAt', 'pagCount'] as const;
/** Sort values of search: `-` prefix for descending; relevance is always best first. */
export const SEARCH_SORT_VALUES = SEARCH_SORTS.flatMap((s) => (s === 'relevance' ? [s] : [s, `-${s}`]));

/** Methods a route can have; HEAD is answered by every GET route. */
export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteDef {
  operationId: OperationId;
  /** Default GET. */
  method?: RouteMethod;
  path: string;
  tag: 'Diseases' | 'Disease resources' | 'History' | 'Webhooks' | 'Service';
  summary: string;
  description: string;
  /** Scope the API key needs; null: a public route, no key. */
  scope: Scope | null;
  query: ParamsSchema;
  pathParams: ParamsSchema;
  /**
   * The success response: its status (default 200) and body component; `null` where there is no
   * body (204) or the route documents its own 200 (openapi).
   */
  ok: { description: string; schema: string | null; status?: 200 | 201 | 202 | 204 };
  /** JSON request body (POST, PATCH): validated by the server, `requestBody` in the document. */
  body?: BodySchema;
  /** Problem kinds this route answers besides those every route has (400, 401, 403, 429, 500). */
  problems?: readonly ProblemKind[];
  /** The precomputed per-disease body this route serves. */
  stored?: DiseaseResource;
  /** Answers 301/404/410 for obsolete and unknown ids. */
  perDisease?: boolean;
  /** When a route that is not per-disease answers 404 (documented as its 404 response). */
  notFound?: string;
  /** Sends an RFC 8288 Link header. */
  link?: boolean;
  /** Carries an ETag (false: always computed live). */
  etag?: boolean;
}

const NO_PARAMS = params({});
const MONDO_ID = {
  type: 'string',
  pattern: MONDO_ID_PATTERN,
  'x-malformed': 'MONDO: followed by 7 digits (e.g. MONDO:0007739)',
  example: 'MONDO:0007739',
  description:
    'Mondo disease id: `MONDO:` followed by 7 digits. Anything else is a 400 (`malformed`); a well-formed id that was never a Mondo class is a 404; an obsolete id is a 301 to its replacement or a 410.',
} as const;
const DISEASE_PATH = params({ mondoId: MONDO_ID }, ['mondoId']);
const SECTIONS = {
  type: 'array',
  items: { type: 'string', enum: SECTION_KEYS },
  minItems: 1,
  description:
    "Return only these content sections in the record's `sections`, comma-separated (the rest of the record is unchanged). An unknown name is a 400 listing the allowed names.",
} as const;

export const LISTING_QUERY = params({
  limit: limit('diseases', PAGE_MAX, PAGE_DEFAULT),
  offset: offset('diseases'),
  hasContent: bool('Only diseases that have (or lack) descriptive content beyond the name: a definition, phenotypes or genes.'),
  isRare: bool("Only diseases in (or outside) Mondo's rare disease subset."),
  hasTrials: bool('Only diseases with (or without) matching studies in the ClinicalTrials.gov sample.'),
  inheritance: anyOf(INHERITANCE_TERMS, 'Inheritance terms.'),
  onset: anyOf(ONSET_CATEGORIES, 'Onset categories.'),
  prevalence: anyOf(PREVALENCE_CATEGORIES, 'Prevalence categories.'),
});

export const SEARCH_QUERY = params({
  q: {
    type: 'string',
    minLength: 1,
    maxLength: 200,
    example: 'angelman',
    description:
      'Text matched against disease names, synonyms, gene symbols and Mondo identifiers (1-200 characters); every matching word adds evidence, so a query that matches no name whole still returns its best partial matches. Required unless at least one filter is given; an empty `q` counts as absent.',
  },
  limit: limit('results', PAGE_MAX, PAGE_DEFAULT),
  offset: offset('results'),
  sort: {
    type: 'string',
    enum: SEARCH_SORT_VALUES,
    description:
      'Sort order: `relevance` (best match first; the default when `q` is given), `label` (the default without `q`), `activeTrialCount`, `updatedAt` or `pagCount`; prefix `-` for descending, ascending otherwise.',
  },
  highlight: {
    type: 'boolean',
    default: false,
    description: 'Add `highlight` to each result: the matched text with `<mark>` around the matched spans.',
  },
  facets: {
    type: 'boolean',
    default: false,
    description: 'Add `facets`: counts per vocabulary value, rarity and trial status over the whole filtered result set.',
  },
  hasActiveTrials: bool('Only diseases with (true) or without (false) an active matching study in the trial sample.'),
  minTrialCount: {
    type: 'integer',
    minimum: 0,
    maximum: 1_000_000,
    description: 'Only diseases with at least this many matching studies in the trial sample.',
  },
  hasExpertContent: bool('Only diseases whose definition is (or is not) expert-curated text from Mondo or Orphanet.'),
  inheritancePattern: anyOf(INHERITANCE_TERMS, 'Inheritance terms.'),
  onsetCategory: anyOf(ONSET_CATEGORIES, 'Onset categories.'),
  prevalence: anyOf(PREVALENCE_CATEGORIES, 'Prevalence categories.'),
  gene: {
    type: 'array',
    minItems: 1,
    maxItems: 20,
    example: ['UBE3A'],
    items: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9@._/-]{0,29}$', 'x-malformed': 'an HGNC gene symbol' },
    description: 'HGNC gene symbols, case-insensitive, comma-separated (at most 20); a disease matches when it has any of them.',
  },
});
/** The search parameters that filter (a search needs `q` or at least one of these). */
export const SEARCH_FILTERS = [
  'hasActiveTrials',
  'minTrialCount',
  'hasExpertContent',
  'inheritancePattern',
  'onsetCategory',
  'prevalence',
  'gene',
] as const;

export const BULK_QUERY = params(
  {
    ids: {
      type: 'array',
      minItems: 1,
      maxItems: BULK_MAX,
      uniqueItems: true,
      example: ['MONDO:0007739', 'MONDO:0009061'],
      items: { type: 'string', minLength: 1, maxLength: 64 },
      description: `1 to ${BULK_MAX} Mondo ids, comma-separated. More than ${BULK_MAX}, a duplicate or an empty list is a 400 saying which; a malformed id is reported per item (\`status: malformed\`), not as a 400.`,
    },
    sections: SECTIONS,
  },
  ['ids'],
);

export const RECORD_QUERY = params({ sections: SECTIONS });
export const PAGS_QUERY = params({ limit: limit('groups', PAGE_MAX, PAGE_DEFAULT), offset: offset('groups') });
export const ASSISTANCE_QUERY = params({ status: anyOf(ASSISTANCE_STATUSES, 'Only programs with one of these statuses.') });
export const ORPHAN_DRUGS_QUERY = params({
  status: anyOf(
    ORPHAN_DRUG_STATUSES,
    'Only designations with one of these statuses (comma-separated), e.g. `approved,designated` for the designations in force.',
  ),
});
export const SECTION_PATH = params(
  {
    mondoId: MONDO_ID,
    section: {
      type: 'string',
      enum: SECTION_KEYS,
      example: 'genetics',
      description: 'Name of one content section. An unknown name is a 400 listing the allowed names.',
    },
  },
  ['mondoId', 'section'],
);
export const OPENAPI_QUERY = params({
  format: {
    type: 'string',
    enum: ['json', 'yaml'],
    description:
      'Representation of the document: `json` (default) or `yaml`. Without it, `Accept: application/yaml` (or `text/yaml`) selects YAML; an Accept header that allows neither JSON nor YAML gets 406.',
  },
});

const RELEASE_ID_PARAM = {
  type: 'string',
  pattern: `^(?:${RELEASE_ID_PATTERN.slice(1, -1)}|${LATEST_RELEASE})$`,
  'x-malformed': `r followed by the release number (e.g. r12), or ${LATEST_RELEASE}`,
  example: 'r1',
  description: `A release id: \`r\` followed by the release number (\`r1\` is the first release), or \`${LATEST_RELEASE}\` for the newest. Anything else is a 400 (\`malformed\`); a release never published, or older than the history kept, is a 404.`,
} as const;
const RELEASE_PATH = params({ releaseId: RELEASE_ID_PARAM }, ['releaseId']);
export const RELEASES_QUERY = params({ limit: limit('releases', PAGE_MAX, PAGE_DEFAULT), offset: offset('releases') });
export const CHANGES_QUERY = params({
  kind: {
    type: 'array',
    items: { type: 'string', enum: CHANGE_KINDS },
    minItems: 1,
    example: ['changed', 'removed'],
    description: `Only changes of these kinds, comma-separated: ${CHANGE_KINDS.map((k) => `\`${k}\``).join(', ')}.`,
  },
  since: {
    type: 'string',
    pattern: RELEASE_ID_PATTERN,
    'x-malformed': 'r followed by the release number (e.g. r12)',
    example: 'r1',
    description:
      'Every change after this release, up to and including `{releaseId}`, merged per disease: `before` is the version at `since`, `after` the version at `{releaseId}`, `sections` and `fields` every one that changed in between. A disease added and removed again in between is left out. `since` equal to `{releaseId}` gives an empty list; a later release is a 400; one whose successors are not all kept is a 404.',
  },
  limit: limit('changes', PAGE_MAX, PAGE_DEFAULT),
  offset: offset('changes'),
});
const VERSION_PATH = params(
  {
    mondoId: {
      ...MONDO_ID,
      description:
        'Mondo disease id: `MONDO:` followed by 7 digits. Anything else is a 400 (`malformed`). The id may be obsolete: removed diseases keep their history.',
    },
    version: {
      type: 'integer',
      minimum: 1,
      maximum: 1_000_000,
      example: 1,
      description:
        'Version number of the disease (1, 2, 3...: one per change of its content). Not an integer of at least 1 is a 400; a version that does not exist or is no longer kept is a 404.',
    },
  },
  ['mondoId', 'version'],
);
const HISTORY_ID_PATH = params({ mondoId: VERSION_PATH.properties.mondoId }, ['mondoId']);

const disease = (suffix: string): string => `${API_BASE}/diseases/{mondoId}${suffix}`;
const perDisease = { perDisease: true, pathParams: DISEASE_PATH, scope: 'read' } as const;

export const ROUTES = {
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
    query: NO_PARAMS,
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
  listReleases: {
    path: `${API_BASE}/releases`,
    tag: 'History',
    scope: 'read',
    link: true,
    query: RELEASES_QUERY,
    pathParams: NO_PARAMS,
    summary: 'Published releases, newest first',
    description:
      'Every release kept: its id, when it was published, the release of every source that went into it, the code that built it, and how many diseases it added, changed, removed and left unchanged. A build publishes a release when a disease was added, changed or removed or a source changed; a build with unchanged inputs publishes nothing. Added in v1.3.0.',
    ok: { description: 'One page of releases.', schema: 'ReleaseListResponse' },
  },
  getRelease: {
    path: `${API_BASE}/releases/{releaseId}`,
    tag: 'History',
    scope: 'read',
    query: NO_PARAMS,
    pathParams: RELEASE_PATH,
    notFound: 'a release never published, or older than the history kept.',
    summary: 'One release',
    description: 'One release, as in the list. Added in v1.3.0.',
    ok: { description: 'The release.', schema: 'ReleaseResponse' },
  },
  listReleaseChanges: {
    path: `${API_BASE}/releases/{releaseId}/changes`,
    tag: 'History',
    scope: 'read',
    link: true,
    query: CHANGES_QUERY,
    pathParams: RELEASE_PATH,
    notFound: 'a release (`{releaseId}` or `since`) never published, or older than the history kept.',
    summary: 'Diseases a release added, changed or removed',
    description:
      'The change list of a release in Mondo id order: per disease its kind, the sections and top-level fields that changed, and its version before and after; a removed disease names its replacement. With `since`, every change after that release merged per disease, so a client that polls catches up in one paginated walk: keep `meta.release` and pass it as `since` next time (`/releases/latest/changes?since=r12`). Added in v1.3.0.',
    ok: { description: 'One page of changes.', schema: 'ChangeListResponse' },
  },
  listDiseaseVersions: {
    path: disease('/versions'),
    tag: 'History',
    scope: 'read',
    query: NO_PARAMS,
    pathParams: HISTORY_ID_PATH,
    notFound: 'an id with no version kept (never a disease of this service since its history began, or removed before the history kept).',
    summary: 'Version history of a disease',
    description:
      'Every version kept, newest first: its number (1, 2, 3...: one per change of content, not per build), content version, the release that introduced it and when, and what changed from the version before (sections, fields and the source releases underneath). An obsolete id keeps its history and says which release removed it and what replaced it. Added in v1.3.0.',
    ok: { description: 'The version history.', schema: 'VersionListResponse' },
  },
  getDiseaseVersion: {
    path: disease('/versions/{version}'),
    tag: 'History',
    scope: 'read',
    query: NO_PARAMS,
    pathParams: VERSION_PATH,
    notFound: 'a version that does not exist or is no longer kept.',
    summary: 'One version of a disease record, exactly as it was served',
    description: `The full record as it was served while this version was current: the same bytes and the same ETag. It never changes, so it is served with \`Cache-Control: ${IMMUTABLE_CACHE}\`.`,
    ok: { description: 'The record of that version.', schema: 'DiseaseRecordResponse' },
  },
  getOpenApi: {
    path: `${API_BASE}/openapi`,
    tag: 'Service',
    scope: null,
    query: OPENAPI_QUERY,
    pathParams: NO_PARAMS,
    summary: 'OpenAPI 3.0 specification of the service',
    description: 'This document, as JSON or YAML. No API key needed.',
    ok: {
      description: 'The OpenAPI 3.0.3 document of this version of the service: JSON, or YAML when `Accept` prefers `application/yaml`.',
      schema: null,
    },
  },
  getHealth: {
    path: `${API_BASE}/health`,
    tag: 'Service',
    scope: null,
    etag: false,
    query: NO_PARAMS,
    pathParams: NO_PARAMS,
    summary: 'Health check with data-freshness timestamps',
    description:
      'Live status: the snapshot served, when it was built, uptime, and the release and ingest time of every source. No API key needed.',
    ok: {
      description: 'The service is up and serving a snapshot; the body says which, and the release of every source in it.',
      schema: 'Health',
    },
  },
  ...WEBHOOK_ROUTES,
} as const satisfies Record<string, Omit<RouteDef, 'operationId'>>;

export type OperationId = keyof typeof ROUTES;

/** Every route with its operation id, in table order (the order of the OpenAPI paths). */
export const ROUTE_LIST: readonly RouteDef[] = Object.entries(ROUTES).map(([operationId, r]) => ({
  operationId: operationId as OperationId,
  ...r,
}));

/** Tags in display order, with what each groups. */
export const TAGS = [
  { name: 'Diseases', description: 'Listing, search, bulk fetch and the disease record in its views.' },
  { name: 'Disease resources', description: 'Sub-resources of one disease.' },
  { name: 'History', description: 'Releases, what each changed, and the version history of every disease.' },
  {
    name: 'Webhooks',
    description:
      'Signed change notifications: subscriptions, test events and delivery history. Needs the `webhooks` scope (professional and enterprise keys).',
  },
  { name: 'Service', description: 'Public endpoints: the specification and the health check.' },
];
