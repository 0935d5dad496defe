/**
 * The one mapping from API routes to snapshot entries, shared by build and server. A route maps
 * to a manifest key; a manifest entry holds a content hash; the hash alone names the file under
 * dist/objects/. Request input is only ever used as a Map key, never as part of a path.
 */
import { MONDO_ID_PATTERN } from '../api/base.ts';
import { RESOURCE_PATHS } from '../api/paths.ts';
import type { DiseaseResource } from '../api/route-def.ts';
import type { DownloadName } from '../api/downloads.ts';

export const MONDO_ID = new RegExp(MONDO_ID_PATTERN);

/** Manifest key of a per-disease resource. */
export function diseaseKey(mondoId: string, resource: DiseaseResource): string {
  return resource === 'record' ? mondoId : `${mondoId}${RESOURCE_PATHS[resource]}`;
}

/** Manifest key of one content section of a disease. */
export function sectionKey(mondoId: string, section: string): string {
  return `${mondoId}/sections/${section}`;
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

/** Relative file of a stored object: fan-out by the first two hash characters. */
export function objectFile(hash: string, encoding: 'identity' | 'br' | 'gzip'): string {
  const ext = encoding === 'br' ? '.json.br' : encoding === 'gzip' ? '.json.gz' : '.json';
  return `objects/${hash.slice(0, 2)}/${hash}${ext}`;
}

/** A download file, relative to its snapshot folder: named by the build's fixed list (api/downloads.ts), never by request text. */
export function downloadFile(name: DownloadName): string {
  return `downloads/${name}`;
}

/** Snapshot-level documents, by manifest key. */
export const SNAPSHOT_FILES = {
  manifest: 'manifest.json',
  listing: 'listing.json',
  searchIndex: 'search-index.json',
  /** HPO closure, information content, id history and per-disease annotations (phenotype-index.ts). */
  phenotypeIndex: 'phenotype-index.json',
  /** Cross-references, hierarchy and genes (server/contract/snapshot/lookups.ts LookupsDoc). */
  lookups: 'lookups.json',
  /** The index of the release's download files (server/contract/snapshot/downloads.ts DownloadsDoc). */
  downloads: 'downloads.json',
  openapiJson: 'openapi.json',
  openapiYaml: 'openapi.yaml',
  release: 'release.json',
  /** The release history (server/contract/snapshot/history.ts ReleasesDoc). */
  releases: 'releases.json',
  qcReport: 'qc-report.json',
  /** Build-only: per disease its content version, part hashes and versions kept (build/compile/content-versions.ts). */
  contentIndex: 'content-index.json',
} as const;
