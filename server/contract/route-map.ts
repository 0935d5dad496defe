/**
 * The one mapping from API routes to snapshot entries, shared by build and server. A route maps
 * to a manifest key; a manifest entry holds a content hash; the hash alone names the file under
 * dist/objects/. Request input is only ever used as a Map key, never as part of a path.
 */
import { API_BASE, MONDO_ID_PATTERN, ROUTE_LIST, ROUTES } from './routes.ts';

/** Per-disease resources precomputed for every current disease. */
export const DISEASE_RESOURCES = ['record', 'summary', 'phenotypes', 'pags', 'assistance', 'orphan-drugs', 'screening'] as const;
export type DiseaseResource = (typeof DISEASE_RESOURCES)[number];

const DISEASE_PREFIX = `${API_BASE}/diseases/{mondoId}`;

/** Path suffix of each resource after /api/v1/diseases/{mondoId}, from the route table. */
export const RESOURCE_PATHS = Object.fromEntries(
  DISEASE_RESOURCES.map((res) => {
    const route = ROUTE_LIST.find((r) => r.stored === res);
    if (!route?.path.startsWith(DISEASE_PREFIX)) throw new Error(`no per-disease route serves the stored resource ${res}`);
    return [res, route.path.slice(DISEASE_PREFIX.length)];
  }),
) as Record<DiseaseResource, string>;

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

/** Manifest key of a disease's stored version list. */
export function versionsKey(mondoId: string): string {
  return `${mondoId}/versions`;
}

/** Manifest key of the record body of one version of a disease. */
export function versionKey(mondoId: string, version: number): string {
  return `${mondoId}/versions/${version}`;
}

const HISTORY_KEY = new RegExp(`^(${MONDO_ID_PATTERN.slice(1, -1)})/versions(?:/(\\d+))?$`);

/** The disease (and version, or null for the list) of a history manifest key; null for other keys. */
export function historyKeyOf(key: string): { id: string; version: number | null } | null {
  const m = HISTORY_KEY.exec(key);
  return m ? { id: m[1], version: m[2] === undefined ? null : Number(m[2]) } : null;
}

const fill = (path: string, values: Record<string, string | number>) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

/** Public URL path of a disease's version list. */
export function versionsPath(mondoId: string): string {
  return fill(ROUTES.listDiseaseVersions.path, { mondoId });
}

/** Public URL path of one version of a disease. */
export function versionPath(mondoId: string, version: number): string {
  return fill(ROUTES.getDiseaseVersion.path, { mondoId, version });
}

/** Public URL path of a release. */
export function releasePath(releaseId: string): string {
  return fill(ROUTES.getRelease.path, { releaseId });
}

/** Public URL path of a release's change list. */
export function releaseChangesPath(releaseId: string): string {
  return fill(ROUTES.listReleaseChanges.path, { releaseId });
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
  /** The release history (server/contract/history.ts ReleasesDoc). */
  releases: 'releases.json',
  qcReport: 'qc-report.json',
  /** Build-only: per disease its content version, part hashes and versions kept (build/compile/content-versions.ts). */
  contentIndex: 'content-index.json',
} as const;
