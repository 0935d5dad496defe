/**
 * The one mapping from API routes to snapshot entries, shared by build and server. A route maps
 * to a manifest key; a manifest entry holds a content hash; the hash alone finds the object in
 * the snapshot's packs (packs.ts). Request input is only ever used as a Map key, never as part of
 * a path.
 */
import { MONDO_ID_PATTERN } from '../api/base.ts';
import { RESOURCE_PATHS } from '../api/paths.ts';
import type { DiseaseResource } from '../api/paths.ts';

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

/** Snapshot-level documents; a name ending in .gz is stored gzip-compressed (snapshot-docs.ts reads them). */
export const SNAPSHOT_FILES = {
  manifest: 'manifest.json.gz',
  listing: 'listing.json.gz',
  searchIndex: 'search-index.json.gz',
  /** HPO closure, information content, id history and per-disease annotations (phenotype-index.ts). */
  phenotypeIndex: 'phenotype-index.json.gz',
  /** HPO labels and synonyms keyed for the concept recogniser (concept-lexicon.ts). */
  conceptLexicon: 'concept-lexicon.json.gz',
  /** Cross-references, hierarchy and genes (server/contract/snapshot/lookups.ts LookupsDoc). */
  lookups: 'lookups.json.gz',
  /** The index of the release's download files (server/contract/snapshot/downloads.ts DownloadsDoc). */
  downloads: 'downloads.json',
  /** The component schemas of the snapshot's responses (component-schemas.ts): the OpenAPI document and projections read them. */
  schemas: 'schemas.json',
  release: 'release.json',
  /** The release history (server/contract/snapshot/history.ts ReleasesDoc). */
  releases: 'releases.json',
  qcReport: 'qc-report.json.gz',
  /** Build-only: per disease its content version, part hashes and versions kept (build/compile/content-versions.ts). */
  contentIndex: 'content-index.json.gz',
  /** The packs holding the snapshot's objects (packs.ts PacksDoc). */
  packs: 'packs.json',
} as const;
