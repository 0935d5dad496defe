import { parameterRef } from './openapi-parameters.ts';
import { responses } from './openapi-responses.ts';

/** The 13 operations of the interface (spec section 4), in its order. Every one is a GET. */

type Obj = Record<string, unknown>;
type Scope = 'read' | 'search' | 'bulk';

/** Name of the security scheme in components.securitySchemes. */
export const SECURITY_SCHEME = 'bearerAuth';

interface Operation {
  path: string;
  operationId: string;
  tag: 'Diseases' | 'Disease resources' | 'Service';
  summary: string;
  description: string;
  /** null: public endpoint, no API key. */
  scope: Scope | null;
  parameters: string[];
  ok: { description: string; schema: string } | Obj;
  perDisease?: boolean;
  link?: boolean;
  etag?: boolean;
}

const SPEC_OK: Obj = {
  description: 'The OpenAPI 3.0.3 document of this version of the service: JSON, or YAML when `Accept` prefers `application/yaml`.',
  headers: { ETag: { $ref: '#/components/headers/ETag' }, 'Cache-Control': { $ref: '#/components/headers/CacheControl' }, Vary: { $ref: '#/components/headers/Vary' } },
  content: { 'application/json': { schema: { type: 'object' } }, 'application/yaml': { schema: { type: 'string' } } },
};

const HEALTH_OK: Obj = {
  description: 'The service is up and serving a snapshot; the body says which, and the release of every source in it.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Health' } } },
};

const disease = (suffix: string): string => `/api/v1/diseases/{mondoId}${suffix}`;

const OPERATIONS: Operation[] = [
  {
    path: '/api/v1/diseases', operationId: 'listDiseases', tag: 'Diseases', scope: 'search', link: true,
    summary: 'List diseases with pagination and filters',
    description: 'Current diseases in Mondo id order (stable). Filters combine with AND; values within one comma-separated filter with OR.',
    parameters: ['ListLimit', 'ListOffset', 'HasContent', 'IsRare', 'HasTrials', 'Inheritance', 'Onset', 'Prevalence', 'IfNoneMatch'],
    ok: { description: 'One page of diseases.', schema: 'ListingResponse' },
  },
  {
    path: '/api/v1/diseases/search', operationId: 'searchDiseases', tag: 'Diseases', scope: 'search',
    summary: 'Search diseases by name, synonym or gene',
    description: 'Matches `q` against names, synonyms and gene symbols, narrowed by filters. A missing or empty `q` with no filter is a 400; no match is a 200 with an empty `data`. `facets=true` adds counts over the whole filtered result set; `highlight=true` adds the marked match to each item.',
    parameters: ['Q', 'SearchLimit', 'SearchOffset', 'Sort', 'Highlight', 'Facets', 'HasActiveTrials', 'MinTrialCount', 'HasExpertContent', 'InheritancePattern', 'OnsetCategory', 'SearchPrevalence', 'Gene', 'IfNoneMatch'],
    ok: { description: 'One page of results.', schema: 'SearchResponse' },
  },
  {
    path: '/api/v1/diseases/bulk', operationId: 'getDiseasesBulk', tag: 'Diseases', scope: 'bulk',
    summary: 'Fetch up to 50 diseases at once',
    description: 'One item per requested id, in request order, with a status per id (`found`, `not_found`, `obsolete`, `malformed`) and counts per status in `meta`. Needs the `bulk` scope (professional and enterprise keys). Added in v1.2.0.',
    parameters: ['BulkIds', 'RecordSections', 'IfNoneMatch'],
    ok: { description: 'The outcome for every requested id.', schema: 'BulkResponse' },
  },
  {
    path: disease(''), operationId: 'getDisease', tag: 'Diseases', scope: 'read', perDisease: true,
    summary: 'Full disease record with all content sections',
    description: 'The full report: identity, synonyms, hierarchy, cross-references, phenotypes, inheritance, onset, prevalence, genes, screening, orphan drugs, trials (from a sample), advocacy groups, assistance programs, `computed`, `classification`, metadata and `sections`.',
    parameters: ['MondoId', 'RecordSections', 'IfNoneMatch'],
    ok: { description: 'The disease record.', schema: 'DiseaseRecordResponse' },
  },
  {
    path: disease('/summary'), operationId: 'getDiseaseSummary', tag: 'Diseases', scope: 'read', perDisease: true,
    summary: 'Brief overview only', description: 'Identity fields, the definition and the overview section.',
    parameters: ['MondoId', 'IfNoneMatch'], ok: { description: 'The summary.', schema: 'SummaryResponse' },
  },
  {
    path: disease('/sections/{section}'), operationId: 'getDiseaseSection', tag: 'Diseases', scope: 'read', perDisease: true,
    summary: 'One content section', description: 'One named content section of the record, with the disease it belongs to.',
    parameters: ['MondoId', 'Section', 'IfNoneMatch'], ok: { description: 'The section.', schema: 'SectionResponse' },
  },
  {
    path: disease('/phenotypes'), operationId: 'getDiseasePhenotypes', tag: 'Disease resources', scope: 'read', perDisease: true,
    summary: 'Phenotypes with frequency', description: 'Every phenotype annotation of the disease (HPO and Orphanet, merged per HPO term) with its normalized frequency. Added in v1.1.0.',
    parameters: ['MondoId', 'IfNoneMatch'], ok: { description: 'The phenotypes.', schema: 'PhenotypeListResponse' },
  },
  {
    path: disease('/pags'), operationId: 'listDiseasePags', tag: 'Disease resources', scope: 'read', perDisease: true,
    summary: 'Patient advocacy groups', description: 'One page of the patient advocacy groups of the disease; `sources` says which sources were consulted and which have no data in this snapshot.',
    parameters: ['MondoId', 'PagLimit', 'PagOffset', 'IfNoneMatch'], ok: { description: 'The groups.', schema: 'PagListResponse' },
  },
  {
    path: disease('/assistance'), operationId: 'listDiseaseAssistancePrograms', tag: 'Disease resources', scope: 'read', perDisease: true,
    summary: 'Patient assistance programs', description: 'The patient assistance programs for the disease, optionally filtered by status; `sources` says which sources were consulted and which have no data in this snapshot.',
    parameters: ['MondoId', 'AssistanceStatus', 'IfNoneMatch'], ok: { description: 'The programs.', schema: 'AssistanceListResponse' },
  },
  {
    path: disease('/orphan-drugs'), operationId: 'listDiseaseOrphanDrugs', tag: 'Disease resources', scope: 'read', perDisease: true,
    summary: 'Orphan drug designations', description: 'FDA orphan drug designations linked to the disease by designation text; each item says how it was linked. Added in v1.1.0.',
    parameters: ['MondoId', 'IfNoneMatch'], ok: { description: 'The designations.', schema: 'OrphanDrugListResponse' },
  },
  {
    path: disease('/screening'), operationId: 'getDiseaseScreening', tag: 'Disease resources', scope: 'read', perDisease: true,
    summary: 'Newborn screening status', description: 'Status of the disease on the US Recommended Uniform Screening Panel (RUSP): directly, as a listed constituent, or through a grouping above it. Added in v1.1.0.',
    parameters: ['MondoId', 'IfNoneMatch'], ok: { description: 'The screening status.', schema: 'ScreeningResponse' },
  },
  {
    path: '/api/v1/openapi', operationId: 'getOpenApi', tag: 'Service', scope: null,
    summary: 'OpenAPI 3.0 specification of the service', description: 'This document, as JSON or YAML. No API key needed.',
    parameters: ['SpecFormat', 'IfNoneMatch'], ok: SPEC_OK,
  },
  {
    path: '/api/v1/health', operationId: 'getHealth', tag: 'Service', scope: null, etag: false,
    summary: 'Health check with data-freshness timestamps', description: 'Live status: the snapshot served, when it was built, uptime, and the release and ingest time of every source. No API key needed.',
    parameters: [], ok: HEALTH_OK,
  },
];

function operation(op: Operation): Obj {
  const auth = op.scope !== null;
  return {
    tags: [op.tag],
    summary: op.summary,
    description: auth ? `${op.description}\n\nNeeds an API key with the \`${op.scope}\` scope.` : op.description,
    operationId: op.operationId,
    ...(op.parameters.length > 0 ? { parameters: op.parameters.map((p) => parameterRef(p)) } : {}),
    ...(auth ? { security: [{ [SECURITY_SCHEME]: [] }], 'x-required-scope': op.scope } : {}),
    responses: responses(op.ok, { auth, perDisease: op.perDisease ?? false, link: op.link, etag: op.etag }),
  };
}

/** The `paths` object: every path of the interface with its GET operation. */
export function openApiPaths(): Record<string, Obj> {
  return Object.fromEntries(OPERATIONS.map((op) => [op.path, { get: operation(op) }]));
}

/** Tags in display order, with what each groups. */
export const TAGS = [
  { name: 'Diseases', description: 'Listing, search, bulk fetch and the disease record in its views.' },
  { name: 'Disease resources', description: 'Sub-resources of one disease.' },
  { name: 'Service', description: 'Public endpoints: the specification and the health check.' },
];
