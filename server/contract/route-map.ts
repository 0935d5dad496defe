/**
 * The one mapping from API routes to snapshot entries, shared by build and server. A route maps
 * to a manifest key; a manifest entry holds a content hash; the hash alone names the file under
 * dist/objects/. Request input is only ever used as a Map key, never as part of a path.
 */
import { API_BASE, MONDO_ID_PATTERN, ROUTE_LIST } from './routes.ts';

/** Per-disease resources precomputed for every current disease. */
export const DISEASE_RESOURCES = ['record', 'summary', 'phenotypes', 'pags', 'assistance', 'orphan-drugs', 'screening'] as const;
export type DiseaseResource = (typeof DISEASE_RESOURCES)[number];

const DISEASE_PREFIX = `${API_BASE}/diseases/{mondoId}`;

/** Path suffix of each resource after /api/v1/diseases/{mondoId}, from the route table. */
export const RESOURCE_PATHS = Object.fromEntries(DISEASE_RESOURCES.map((res) => {
  const route = ROUTE_LIST.find((r) => r.stored === res);
  if (!route?.path.startsWith(DISEASE_PREFIX)) throw new Error(`no per-disease route serves the stored resource ${res}`);
  return [res, route.path.slice(DISEASE_PREFIX.length)];
})) as Record<DiseaseResource, string>;

export const MONDO_ID = new RegExp(MONDO_ID_PATTERN);

/** Manifest key of a per-disease resource. */
export function diseaseKey(mondoId: string, resource: DiseaseResource): string {
  return resource === 'record' ? mondoId : `${mondoId}${RESOURCE_PATHS[resource]}`;
}

/** Manifest key of one content section of a disease. */
export function sectionKey(mondoId: string, section: string): string {
  return `${mondoId}/sections/${section}`;
}

/** Public URL path of a per-disease resource (for links in bodies and Location headers). */
export function diseasePath(mondoId: string, resource: DiseaseResource = 'record'): string {
  return `${API_BASE}/diseases/${mondoId}${RESOURCE_PATHS[resource]}`;
}

/** Relative file of a stored object: fan-out by the first two hash characters. */
export function objectFile(hash: string, encoding: 'identity' | 'br' | 'gzip'): string {
  const ext = encoding === 'br' ? '.json.br' : encoding === 'gzip' ? '.json.gz' : '.json';
  return `objects/${hash.slice(0, 2)}/${hash}${ext}`;
}

/** Snapshot-level documents, by manifest key. */
export const SNAPSHOT_FILES = {
  manifest: 'manifest.json',
  listing: 'listing.json',
  searchIndex: 'search-index.json',
  openapiJson: 'openapi.json',
  openapiYaml: 'openapi.yaml',
  release: 'release.json',
  changelog: 'changelog.json',
  qcReport: 'qc-report.json',
  contentIndex: 'content-index.json',
} as const;
