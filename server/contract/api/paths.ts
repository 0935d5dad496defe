import { API_BASE } from './base.ts';

/**
 * The URL paths that both sides need, in OpenAPI form: the build precomputes the per-disease
 * resources and writes links into bodies, the server's route modules serve these paths (each
 * route module names its path from here; a path only the server knows stays in its route module).
 */

/** Per-disease resources precomputed for every current disease (see snapshot/route-map.ts for their keys). */
export const DISEASE_RESOURCES = ['record', 'summary', 'phenotypes', 'pags', 'assistance', 'orphan-drugs', 'screening'] as const;
export type DiseaseResource = (typeof DISEASE_RESOURCES)[number];

const DISEASE = `${API_BASE}/diseases/{mondoId}`;

/** Path suffix of each resource after /api/v1/diseases/{mondoId}. */
export const RESOURCE_PATHS: Readonly<Record<DiseaseResource, string>> = {
  record: '',
  summary: '/summary',
  phenotypes: '/phenotypes',
  pags: '/pags',
  assistance: '/assistance',
  'orphan-drugs': '/orphan-drugs',
  screening: '/screening',
};

/** The shared paths, by what they name. */
export const PATHS = {
  disease: DISEASE,
  section: `${DISEASE}/sections/{section}`,
  versions: `${DISEASE}/versions`,
  version: `${DISEASE}/versions/{version}`,
  release: `${API_BASE}/releases/{releaseId}`,
  releaseChanges: `${API_BASE}/releases/{releaseId}/changes`,
  phenotype: `${API_BASE}/phenotypes/{hpoId}`,
  xref: `${API_BASE}/xrefs/{curie}`,
  openapi: `${API_BASE}/openapi`,
  health: `${API_BASE}/health`,
} as const;

/** The path of a per-disease resource in OpenAPI form (`/api/v1/diseases/{mondoId}/summary`). */
export function diseaseResourcePath(resource: DiseaseResource): string {
  return `${DISEASE}${RESOURCE_PATHS[resource]}`;
}

/** A route's path with its `{name}` parameters filled in. */
export function fillPath(path: string, values: Readonly<Record<string, string | number>>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));
}

/** Public URL path of a per-disease resource. */
export function diseasePath(mondoId: string, resource: DiseaseResource = 'record'): string {
  return `${API_BASE}/diseases/${mondoId}${RESOURCE_PATHS[resource]}`;
}

/** Public URL path of a disease's version list. */
export function versionsPath(mondoId: string): string {
  return fillPath(PATHS.versions, { mondoId });
}

/** Public URL path of one version of a disease. */
export function versionPath(mondoId: string, version: number): string {
  return fillPath(PATHS.version, { mondoId, version });
}

/** Public URL path of a release. */
export function releasePath(releaseId: string): string {
  return fillPath(PATHS.release, { releaseId });
}

/** Public URL path of a release's change list. */
export function releaseChangesPath(releaseId: string): string {
  return fillPath(PATHS.releaseChanges, { releaseId });
}

/** Public URL path of an HPO term. */
export function phenotypePath(hpoId: string): string {
  return fillPath(PATHS.phenotype, { hpoId });
}
