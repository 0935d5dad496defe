import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../server/contract/snapshot/manifest.ts';
import type { ReleaseDoc } from '../server/contract/snapshot/release.ts';
import type { ReleasesDoc } from '../server/contract/snapshot/history.ts';
import { releaseNumber } from '../server/contract/api/releases.ts';
import { SNAPSHOT_FILES } from '../server/contract/snapshot/route-map.ts';
import { buildSearchIndex } from './compile/search-index.ts';
import { buildPhenotypeIndex } from './compile/phenotype-index.ts';
import { stampVersions, type ContentIndex } from './compile/content-versions.ts';
import { gitCommit } from './compile/code-version.ts';
import { buildHistory, releaseLine } from './compile/history-build.ts';
import { compileBodies } from './compile/compile-snapshot.ts';
import { filesFingerprint, inputFingerprint } from './compile/fingerprint.ts';
import { listingRows } from './compile/listing.ts';
import { buildLookups } from './compile/lookups.ts';
import { writeDownloads } from './compile/downloads.ts';
import { ObjectStore } from './compile/object-store.ts';
import type { DownloadsDoc } from '../server/contract/snapshot/downloads.ts';
import { toYaml } from './compile/openapi.ts';
import { API_VERSION, openApiDocument } from './docs/openapi-document.ts';
import {
  collectGarbage,
  currentPacks,
  currentSnapshot,
  publish,
  readCurrent,
  startStaging,
  uniqueSnapshotId,
  writeSnapshotFile,
} from './compile/publish.ts';
import { loadSources, readRegistry, resolveFiles } from './ingest/load-sources.ts';
import { buildRecords } from './record/build-records.ts';
import { createHpoAncestry } from './record/assemble.ts';
import { annotationInformationContent } from './record/information-content.ts';
import { COMPUTED_FIELDS } from './record/computed.ts';
import { SECTION_KEYS } from '../server/contract/api/vocab.ts';
import { loadSchemas } from './schema/load-schemas.ts';
import { createRecordValidator, createValidator } from './schema/validate-record.ts';
import { withComputed } from './schema/computed-schema.ts';

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

export { API_VERSION };
const MAX_TIER1_MESSAGES = 50;

/**
 * The whole build: fingerprint inputs (stop if the published snapshot already has them), ingest,
 * assemble and validate records (tier 1 stops here, nothing published), compile bodies and
 * indexes into a staging snapshot, then publish atomically and collect garbage.
 */
export async function runBuild(o: BuildOptions): Promise<{ ok: boolean; snapshot: string | null; seconds: number; upToDate: boolean }> {
  const t0 = performance.now();
  const secs = () => (performance.now() - t0) / 1000;
  const registry = readRegistry(o.contentDir);
  const sourceFiles = registry.flatMap((e) => resolveFiles(e, o.dataDir, o.contentDir));
  const fingerprint = await inputFingerprint({ sourceFiles, dataDir: o.dataDir, contentDir: o.contentDir, root: o.root });
  const previous = readCurrent<Manifest>(o.dist, SNAPSHOT_FILES.manifest);
  // A snapshot from before pack files (format 1) is rebuilt whatever its inputs: this server cannot read it.
  if (previous && previous.format === 2 && previous.inputFingerprint === fingerprint && !o.force) {
    o.log(
      `Snapshot ${previous.snapshot} is current: inputs unchanged (fingerprint ${fingerprint}); nothing rewritten. ${secs().toFixed(2)} s`,
    );
    return { ok: true, snapshot: previous.snapshot, seconds: secs(), upToDate: true };
  }

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
    return { ok: false, snapshot: null, seconds: secs(), upToDate: false };
  }
  const tValidate = secs();
  o.log(`  validated ${built.records.length} records against content/schemas in ${(tValidate - tAssemble).toFixed(1)} s`);

  const staging = startStaging(o.dist, snapshot);
  const store = new ObjectStore(o.dist, 16);
  const prevPacks = currentPacks(o.dist);
  if (prevPacks) store.seed(prevPacks);
  try {
    return await compileAndPublish();
  } catch (err) {
    // Nothing of a failed build stays behind (a full disk needs its space back): its unfinished
    // packs and its staging folder go; the published snapshot and its packs are untouched.
    store.abort();
    rmSync(staging, { recursive: true, force: true });
    throw err;
  }

  async function compileAndPublish() {
    const entries = await compileBodies(store, built.records, built.obsoletes);
    const tBodies = secs();
    o.log(
      `  compiled ${Object.keys(entries).length} responses in ${(tBodies - tValidate).toFixed(1)} s: ${store.written} objects written, ${store.reused} reused, ${(store.bytes / 1e6).toFixed(1)} MB`,
    );

    const prevRelease = readCurrent<ReleaseDoc>(o.dist, SNAPSHOT_FILES.release);
    const release: ReleaseDoc = {
      snapshot,
      builtAt,
      apiVersion: API_VERSION,
      recordCount: built.records.length,
      obsoleteCount: built.obsoletes.length,
      sources: [...loaded.data.releases.values()].map((s) => {
        const fp = filesFingerprint(loaded.files.get(s.id) ?? []);
        const before = prevRelease?.sources.find((p) => p.id === s.id);
        // A source whose files did not change keeps the time it was first ingested.
        return {
          id: s.id,
          name: s.name,
          release: s.release,
          releaseFrom: s.releaseFrom,
          license: s.license,
          ingestedAt: before && before.fingerprint === fp ? before.ingestedAt : builtAt,
          fingerprint: fp,
          files: s.files,
        };
      }),
    };
    writeSnapshotFile(staging, SNAPSHOT_FILES.release, JSON.stringify(release, null, 2));
    const history = await buildHistory({
      store,
      records: built.records,
      entries,
      obsoletes: built.obsoletes,
      index,
      diff,
      previous: { manifest: previous, releases: prevReleases },
      release: {
        number: releaseNo,
        publishedAt: builtAt,
        snapshot,
        code: { apiVersion: API_VERSION, commit: gitCommit(o.root), inputFingerprint: fingerprint },
        sources: release.sources,
      },
      keep: o.historyKeep ?? null,
    });
    const tHistory = secs();

    const rows = listingRows(built.records);
    writeSnapshotFile(staging, SNAPSHOT_FILES.listing, JSON.stringify(rows));
    const indexStart = process.hrtime.bigint();
    const searchIndex = JSON.stringify(buildSearchIndex(rows));
    writeSnapshotFile(staging, SNAPSHOT_FILES.searchIndex, searchIndex);
    o.log(
      `  search index: ${(Buffer.byteLength(searchIndex) / 1e6).toFixed(2)} MB built in ${(Number(process.hrtime.bigint() - indexStart) / 1e6).toFixed(0)} ms`,
    );
    const phenotypes = buildPhenotypeIndex({
      terms: loaded.data.hpoTerms,
      hpoRelease: loaded.data.releases.get('hpo')?.release ?? null,
      records: built.records,
      ic: annotationInformationContent(loaded.data, createHpoAncestry(loaded.data.hpoTerms)),
    });
    const phenotypeIndex = JSON.stringify(phenotypes.index);
    writeSnapshotFile(staging, SNAPSHOT_FILES.phenotypeIndex, phenotypeIndex);
    const ps = phenotypes.stats;
    o.log(
      `  phenotype index: ${(Buffer.byteLength(phenotypeIndex) / 1e6).toFixed(2)} MB, ${ps.terms} HPO terms, ${ps.diseases} diseases with ${ps.annotations} annotations (${ps.remappedAnnotations} under an alternative or obsolete id; ${ps.unknownAnnotations} with ids newer than the HPO release, left out)`,
    );
    const lookups = buildLookups({
      records: built.records,
      obsoletes: built.obsoletes,
      mappings: loaded.data.mappings,
      hgnc: loaded.data.hgnc,
      releases: {
        mondo: loaded.data.releases.get('mondo')?.release ?? 'unknown',
        hgnc: loaded.data.releases.get('hgnc')?.release ?? 'unknown',
      },
    });
    writeSnapshotFile(staging, SNAPSHOT_FILES.lookups, JSON.stringify(lookups));
    const downloadStart = secs();
    const downloads = await writeDownloads({
      store,
      previous: readCurrent<DownloadsDoc>(o.dist, SNAPSHOT_FILES.downloads),
      snapshot,
      release: history.published?.id ?? history.releases.releases.at(-1)?.id ?? null,
      records: built.records,
      entries,
      obsoletes: built.obsoletes,
      mappings: loaded.data.mappings,
      mondoRelease: lookups.releases.mondo,
    });
    writeSnapshotFile(staging, SNAPSHOT_FILES.downloads, JSON.stringify(downloads));
    o.log(
      `  downloads: ${downloads.files.map((f) => `${f.name} ${(f.size / 1e6).toFixed(1)} MB`).join(', ')} in ${(secs() - downloadStart).toFixed(1)} s`,
    );
    const openapi = openApiDocument({ schemas });
    writeSnapshotFile(staging, SNAPSHOT_FILES.openapiJson, JSON.stringify(openapi));
    writeSnapshotFile(staging, SNAPSHOT_FILES.openapiYaml, toYaml(openapi));
    writeSnapshotFile(staging, SNAPSHOT_FILES.releases, JSON.stringify(history.releases));
    writeSnapshotFile(staging, SNAPSHOT_FILES.qcReport, JSON.stringify(built.qc, null, 1));
    writeSnapshotFile(staging, SNAPSHOT_FILES.contentIndex, JSON.stringify(index));
    const allEntries = Object.fromEntries(
      Object.entries({ ...entries, ...history.entries }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    // Packs are finished last, holding every object the snapshot names.
    const parts = downloads.files.flatMap((f) => f.parts.map((p) => p.hash));
    const packs = store.finish([
      ...Object.values(allEntries).map((e) => e[0]),
      ...history.releases.releases.map((r) => r.changes[0]),
      ...parts,
    ]);
    writeSnapshotFile(staging, SNAPSHOT_FILES.packs, JSON.stringify(packs));
    const manifest: Manifest = {
      format: 2,
      snapshot,
      builtAt,
      inputFingerprint: fingerprint,
      sections: [...SECTION_KEYS],
      entries: allEntries,
      obsolete: Object.fromEntries(built.obsoletes.map((x) => [x.id, { label: x.label, replacedBy: x.replacedBy, consider: x.consider }])),
      counts: { diseases: built.records.length, obsolete: built.obsoletes.length, objects: Object.keys(allEntries).length },
    };
    writeSnapshotFile(staging, SNAPSHOT_FILES.manifest, JSON.stringify(manifest));
    const prevId = publish(o.dist, staging, snapshot);
    const gc = collectGarbage(o.dist, [snapshot, ...(prevId && prevId !== snapshot ? [prevId] : [])]);

    const qcCounts = built.qc.counts();
    o.log('');
    o.log(
      `Published snapshot ${snapshot} (current -> snapshots/${snapshot}; previous ${currentSnapshot(o.dist) === snapshot ? (prevId ?? 'none') : '?'})`,
    );
    o.log(
      `  records: ${built.records.length} (${built.stats.rare} rare), obsolete redirects: ${built.obsoletes.length}, excluded: ${built.stats.excludedNonHuman} non-human, ${built.stats.excludedCharacteristic} disease characteristics`,
    );
    o.log(
      `  with definition ${built.stats.withDefinition}, phenotypes ${built.stats.withPhenotypes}, genes ${built.stats.withGenes}, screened ${built.stats.screened}, orphan drugs ${built.stats.withOrphanDrugs}, trials ${built.stats.withTrials}`,
    );
    o.log(`  sources: ${release.sources.map((s) => `${s.id} ${s.release}`).join('; ')}`);
    o.log(`  QC tier 2: ${JSON.stringify((built.qc.toJSON() as object) && (built.qc.toJSON() as { tier2: unknown }).tier2)}`);
    o.log(
      `  QC tier 3: ${
        Object.entries(qcCounts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ') || 'none'
      } (report: dist/current/${SNAPSHOT_FILES.qcReport})`,
    );
    o.log(releaseLine(history));
    o.log(
      `  history: ${history.releases.releases.length} releases kept (HISTORY_KEEP ${o.historyKeep ?? 'all'}), ${Object.keys(history.entries).length} version entries; pruned ${history.pruned.releases} releases, ${history.pruned.versions} versions, ${history.pruned.diseases} version lists; ${(tHistory - tBodies).toFixed(1)} s`,
    );
    o.log(
      `  packs: ${packs.packs.length}; objects moved in from objects/ ${store.adopted}, out of mostly dead packs ${store.compacted}; removed ${gc.snapshots} snapshots, ${gc.packs} packs`,
    );
    o.log(
      `  time: ingest ${tIngest.toFixed(1)} s, assemble ${(tAssemble - tIngest).toFixed(1)} s, validate ${(tValidate - tAssemble).toFixed(1)} s, compile ${(tBodies - tValidate).toFixed(1)} s, history ${(tHistory - tBodies).toFixed(1)} s, total ${secs().toFixed(1)} s`,
    );
    return { ok: true, snapshot, seconds: secs(), upToDate: false };
  }
}
