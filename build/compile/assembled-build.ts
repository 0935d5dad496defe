import type { SchemaMap } from '../../server/contract/snapshot/component-schemas.ts';
import type { ReleasesDoc } from '../../server/contract/snapshot/history.ts';
import type { Manifest } from '../../server/contract/snapshot/manifest.ts';
import type { LoadResult } from '../ingest/load-sources.ts';
import type { BuiltRecords } from '../record/build-records.ts';
import type { ContentIndex, VersionDiff } from './content-versions.ts';
import type { ObjectStore } from './object-store.ts';

/** Everything one build has made before it compiles: its inputs, records, release and staging folder. */
export interface AssembledBuild {
  o: { root: string; dist: string; log: (line: string) => void; historyKeep?: number | null };
  schemas: SchemaMap;
  loaded: LoadResult;
  built: BuiltRecords;
  fingerprint: string;
  previous: Manifest | null;
  prevReleases: ReleasesDoc | null;
  snapshot: string;
  builtAt: string;
  releaseNo: number;
  index: ContentIndex;
  diff: VersionDiff;
  staging: string;
  store: ObjectStore;
  secs: () => number;
  /** Seconds since the start when each step ended. */
  times: { ingest: number; assemble: number; validate: number; bodies?: number; history?: number };
}
