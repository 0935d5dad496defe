/**
 * release.json of a snapshot: when it was built, from which release of every source. The build
 * writes it; the health endpoint serves it live.
 */

/** One source that went into a snapshot. */
export interface ReleaseSource {
  id: string;
  name: string;
  release: string;
  /** Where the release was read from: the file itself, or the source's registry entry (build/ingest/sources/). */
  releaseFrom: string;
  license: string;
  /** When this release of the source was first ingested (kept across builds while its files are unchanged). */
  ingestedAt: string;
  /** Hash of the source's files. */
  fingerprint: string;
  files: string[];
}

export interface ReleaseDoc {
  snapshot: string;
  builtAt: string;
  apiVersion: string;
  recordCount: number;
  obsoleteCount: number;
  sources: ReleaseSource[];
}
