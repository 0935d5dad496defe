import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { releaseNumber } from '../server/contract/api/releases.ts';
import type { ReleasesDoc } from '../server/contract/snapshot/history.ts';
import type { Manifest } from '../server/contract/snapshot/manifest.ts';
import { SNAPSHOT_FILES } from '../server/contract/snapshot/route-map.ts';
import { type ContentIndex, stampVersions } from './compile/content-versions.ts';
import { inputFingerprint } from './compile/fingerprint.ts';
import { ObjectStore } from './compile/object-store.ts';
import { currentPacks, readCurrent, startStaging, uniqueSnapshotId } from './compile/publish.ts';
import type { AssembledBuild } from './compile/assembled-build.ts';
import { compileAndPublish } from './compile/compile-and-publish.ts';
import { loadSources, resolveFiles } from './ingest/load-sources.ts';
import { SOURCES } from './ingest/source-list.ts';
import { buildRecords } from './record/build-records.ts';
import { COMPUTED_FIELDS } from './record/computed-fields.ts';
import { withComputed } from './schema/computed-schema.ts';
import { loadSchemas } from './schema/load-schemas.ts';
import { createRecordValidator, createValidator } from './schema/validate-record.ts';

export interface BuildOptions {
  root: string;
  dataDir: string;
  contentDir: string;
  dist: string;
  force: boolean;
  log: (line: string) => void;
  /** HISTORY_KEEP: how many releases the history keeps (null or absent: all). */
  historyKeep?: number | null;
}

export interface BuildResult {
  ok: boolean;
  snapshot: string | null;
  seconds: number;
  upToDate: boolean;
}

const MAX_TIER1_MESSAGES = 50;

/**
 * The whole build: fingerprint inputs (stop if the published snapshot already has them), ingest,
 * assemble and validate records (tier 1 stops here, nothing published), compile bodies and
 * indexes into a staging snapshot, then publish atomically and collect garbage.
 */
export async function runBuild(o: BuildOptions): Promise<BuildResult> {
  const t0 = performance.now();
  const secs = () => (performance.now() - t0) / 1000;
  const sourceFiles = SOURCES.flatMap((e) => resolveFiles(e, o.dataDir, o.contentDir));
  const fingerprint = await inputFingerprint({ sourceFiles, dataDir: o.dataDir, contentDir: o.contentDir, root: o.root });
  const previous = readCurrent<Manifest>(o.dist, SNAPSHOT_FILES.manifest);
  // A snapshot from before pack files (format 1) is rebuilt whatever its inputs: this server cannot read it.
  if (previous && previous.format === 2 && previous.inputFingerprint === fingerprint && !o.force) {
    o.log(
      `Snapshot ${previous.snapshot} is current: inputs unchanged (fingerprint ${fingerprint}); nothing rewritten. ${secs().toFixed(2)} s`,
    );
    return { ok: true, snapshot: previous.snapshot, seconds: secs(), upToDate: true };
  }
  const run = await assembleAndValidate(o, fingerprint, previous, secs);
  if (run === null) return { ok: false, snapshot: null, seconds: secs(), upToDate: false };
  try {
    return await compileAndPublish(run);
  } catch (err) {
    // Nothing of a failed build stays behind (a full disk needs its space back): its unfinished
    // packs and its staging folder go; the published snapshot and its packs are untouched.
    run.store.abort();
    rmSync(run.staging, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Ingest the sources, assemble the records, number their versions and validate them (QC tier 1);
 * then open the staging snapshot and the object store. Null when a record fails: nothing is published.
 */
async function assembleAndValidate(
  o: BuildOptions,
  fingerprint: string,
  previous: Manifest | null,
  secs: () => number,
): Promise<AssembledBuild | null> {
  o.log(`Reading sources from ${o.dataDir}`);
  const schemas = loadSchemas(join(o.contentDir, 'schemas'));
  const checkAdvocacy = createValidator(withComputed(schemas, COMPUTED_FIELDS), 'AdvocacyGroupFile');
  const checkAssistance = createValidator(withComputed(schemas, COMPUTED_FIELDS), 'AssistanceProgramFile');
  const loaded = await loadSources(o.dataDir, o.contentDir, (kind, doc) => (kind === 'advocacy' ? checkAdvocacy : checkAssistance)(doc));
  const tIngest = secs();
  o.log(
    `  ingested in ${tIngest.toFixed(1)} s: ${Object.entries(loaded.timings)
      .map(([k, v]) => `${k} ${v} ms`)
      .join(', ')}`,
  );
  const built = buildRecords(loaded);
  const tAssemble = secs();
  o.log(
    `  assembled ${built.records.length} records in ${(tAssemble - tIngest).toFixed(1)} s; validated gene symbols against ${built.stats.approvedGeneSymbols} approved HGNC symbols`,
  );

  // Versions first: they are part of what the schema validates.
  const builtAt = new Date().toISOString();
  const snapshot = uniqueSnapshotId(o.dist, `${builtAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${fingerprint.slice(0, 8)}`);
  // A dist/ without history (or none at all) starts one: release 1, every disease at version 1.
  const prevReleases = readCurrent<ReleasesDoc>(o.dist, SNAPSHOT_FILES.releases);
  const prevIndex = prevReleases ? readCurrent<ContentIndex>(o.dist, SNAPSHOT_FILES.contentIndex) : null;
  if (prevReleases && !prevIndex)
    throw new Error(
      `${o.dist}/current has ${SNAPSHOT_FILES.releases} but no readable ${SNAPSHOT_FILES.contentIndex}: the history cannot be continued`,
    );
  const lastRelease = prevReleases?.releases.at(-1);
  const releaseNo = lastRelease ? releaseNumber(lastRelease.id) + 1 : 1;
  const { index, diff } = stampVersions(built.records, prevIndex, releaseNo, builtAt.slice(0, 10));
  const validate = createRecordValidator(schemas, COMPUTED_FIELDS);
  const tier1: string[] = [];
  for (const r of built.records) {
    const files = r.metadata.sources.flatMap((s) => loaded.data.releases.get(s.source)?.files.slice(0, 2) ?? []);
    for (const msg of validate(r, { diseaseId: r.id, sourceFiles: files })) tier1.push(msg);
  }
  if (tier1.length) {
    o.log(`build failed (tier 1): ${tier1.length} schema or referential errors; the previous snapshot stays published.`);
    for (const m of tier1.slice(0, MAX_TIER1_MESSAGES)) o.log(`  ${m}`);
    return null;
  }
  const tValidate = secs();
  o.log(`  validated ${built.records.length} records against content/schemas in ${(tValidate - tAssemble).toFixed(1)} s`);
  const store = new ObjectStore(o.dist, 16);
  const prevPacks = currentPacks(o.dist);
  if (prevPacks) store.seed(prevPacks);
  return {
    o,
    schemas,
    loaded,
    built,
    fingerprint,
    previous,
    prevReleases,
    snapshot,
    builtAt,
    releaseNo,
    index,
    diff,
    staging: startStaging(o.dist, snapshot),
    store,
    secs,
    times: { ingest: tIngest, assemble: tAssemble, validate: tValidate },
  };
}
