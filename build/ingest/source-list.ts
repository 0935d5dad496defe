import type { SourceEntry } from './source-entry.ts';
import { CTGOV_ANGELMAN } from './sources/ctgov-angelman-source.ts';
import { CTGOV_SAMPLE } from './sources/ctgov-sample-source.ts';
import { DOID } from './sources/doid-source.ts';
import { FDA_OOPD } from './sources/fda-oopd-source.ts';
import { GARD } from './sources/gard-source.ts';
import { HGNC } from './sources/hgnc-source.ts';
import { HPO } from './sources/hpo-source.ts';
import { MONDO_INGEST } from './sources/mondo-ingest-source.ts';
import { MONDO } from './sources/mondo-source.ts';
import { NORD } from './sources/nord-source.ts';
import { ORPHANET } from './sources/orphanet-source.ts';
import { RUSP } from './sources/rusp-source.ts';

/**
 * The registry: every upstream source the build reads, one entry each (build/ingest/sources/), in
 * the order the release and /api/v1/health list them. A new source joins here; its id, the
 * SourceId type, the SourceId schema enum (build/schema/source-id-schema.ts) and the facts it
 * feeds (SourceFacts) follow from its entry.
 */
export const SOURCES = [MONDO, MONDO_INGEST, NORD, HPO, HGNC, ORPHANET, DOID, FDA_OOPD, GARD, CTGOV_SAMPLE, CTGOV_ANGELMAN, RUSP] as const;

/** Curated content of our own in content/ (advocacy groups, assistance programs): a source of values, not a release. */
export const EDITORIAL_SOURCE = 'editorial';

/** Identifier of a data source: a registry entry's id, or `editorial`. */
export type SourceId = (typeof SOURCES)[number]['id'] | typeof EDITORIAL_SOURCE;

/** Every source id, in registry order, `editorial` last: the SourceId schema's enum. */
export const SOURCE_IDS: readonly SourceId[] = [...SOURCES.map((s) => s.id), EDITORIAL_SOURCE];

/** Where a value came from: the source id and its release. */
export interface Provenance {
  source: SourceId;
  release: string;
}

type FactsOf<E> = E extends SourceEntry<string, infer F> ? F : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every fact the sources feed, by name (`data.gard`, `data.hpoa`, ...): the union of what each entry's `read` gives. */
export type SourceFacts = Intersection<FactsOf<(typeof SOURCES)[number]>>;
