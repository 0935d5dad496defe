import type { EditorialData } from './editorial.ts';
import type { SourceFacts, SourceId } from './source-list.ts';

/** One source's identity and release as published in the API (health, provenance). */
export interface SourceRelease {
  id: SourceId;
  name: string;
  release: string;
  license: string;
  files: string[];
  /** How the release was determined: read from the file itself, or from the source's entry. */
  releaseFrom: 'file' | 'registry';
}

/**
 * Everything the ingest step read, handed to assembly: the facts every source feeds (each named by
 * its entry's `read`, build/ingest/sources/), each source's release, and our editorial content.
 */
export type SourceData = SourceFacts & {
  releases: Map<SourceId, SourceRelease>;
  editorial: EditorialData;
};
