import { API_VERSION } from '../../server/contract/api/version.ts';
import { SECTION_KEYS } from '../../server/contract/api/vocab.ts';
import type { DownloadsDoc } from '../../server/contract/snapshot/downloads.ts';
import type { Manifest, ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import type { ReleaseDoc } from '../../server/contract/snapshot/release.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { createHpoAncestry } from '../record/assemble.ts';
import { annotationInformationContent } from '../record/information-content.ts';
import { publishedSchemas } from '../schema/published-schemas.ts';
import { logPublished } from './build-report.ts';
import type { AssembledBuild } from './assembled-build.ts';
import { gitCommit } from './code-version.ts';
import { compileBodies } from './responses.ts';
import { buildConceptLexicon } from './concept-lexicon-build.ts';
import { writeDownloads } from './downloads-build.ts';
import { filesFingerprint, sourceChanged } from './fingerprint.ts';
import { buildHistory, type HistoryResult } from './history-build.ts';
import { listingRows } from './listing-build.ts';
import { buildLookups } from './lookups-build.ts';
import { buildPhenotypeIndex } from './phenotype-index-build.ts';
import { collectGarbage, publish, readCurrent, writeSnapshotFile } from './publish.ts';
import { buildSearchIndex } from './search-index-build.ts';

/**
 * The second half of a build: the validated records compiled into bodies, the release and its
 * history, the indexes and the downloads written into the staging snapshot, which is then
 * published atomically (build/build-pipeline.ts makes everything this reads).
 */

/** Compile, write and publish the snapshot of a validated build. */
export async function compileAndPublish(run: AssembledBuild): Promise<{ ok: true; snapshot: string; seconds: number; upToDate: false }> {
  const { o, built, store, staging, snapshot } = run;
  const entries = await compileBodies(store, built.records, built.obsoletes);
  run.times.bodies = run.secs();
  o.log(
    `  compiled ${Object.keys(entries).length} responses in ${(run.times.bodies - run.times.validate).toFixed(1)} s: ${store.written} objects written, ${store.reused} reused, ${(store.bytes / 1e6).toFixed(1)} MB`,
  );
  const release = releaseDoc(run);
  writeSnapshotFile(staging, SNAPSHOT_FILES.release, JSON.stringify(release, null, 2));
  const history = await buildHistory({
    store,
    records: built.records,
    entries,
    obsoletes: built.obsoletes,
    index: run.index,
    diff: run.diff,
    previous: { manifest: run.previous, releases: run.prevReleases },
    release: {
      number: run.releaseNo,
      publishedAt: run.builtAt,
      snapshot,
      code: { apiVersion: API_VERSION, commit: gitCommit(o.root), inputFingerprint: run.fingerprint },
      sources: release.sources,
    },
    keep: o.historyKeep ?? null,
  });
  run.times.history = run.secs();
  const mondoRelease = writeIndexes(run);
  const downloads = await writeDownloadsDoc(run, entries, history, mondoRelease);
  const { packs, prevId, gc } = finishSnapshot(run, entries, history, downloads);
  logPublished(run, { release, history, packs, prevId, gc });
  return { ok: true, snapshot, seconds: run.secs(), upToDate: false };
}

/** release.json: the snapshot, the code and every source with its fingerprint and ingest time. */
function releaseDoc(run: AssembledBuild): ReleaseDoc {
  const { built, loaded, builtAt } = run;
  const prevRelease = readCurrent<ReleaseDoc>(run.o.dist, SNAPSHOT_FILES.release);
  return {
    snapshot: run.snapshot,
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
        ingestedAt: before && !sourceChanged(before, fp) ? before.ingestedAt : builtAt,
        fingerprint: fp,
        files: s.files,
      };
    }),
  };
}

/** The listing, the search and phenotype indexes, the lookups and the concept lexicon; returns the Mondo release the lookups name. */
function writeIndexes(run: AssembledBuild): string {
  const { o, built, loaded, staging } = run;
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
  const lexiconStart = run.secs();
  const concepts = buildConceptLexicon(loaded.data.hpoTerms, loaded.data.releases.get('hpo')?.release ?? null);
  const conceptLexicon = JSON.stringify(concepts.lexicon);
  writeSnapshotFile(staging, SNAPSHOT_FILES.conceptLexicon, conceptLexicon);
  o.log(
    `  concept lexicon: ${(Buffer.byteLength(conceptLexicon) / 1e6).toFixed(2)} MB, ${concepts.stats.entries} entries of ${concepts.stats.terms} terms, ${concepts.stats.abbreviations} short forms, in ${(run.secs() - lexiconStart).toFixed(1)} s`,
  );
  return lookups.releases.mondo;
}

/** The release's download files and their index. */
async function writeDownloadsDoc(
  run: AssembledBuild,
  entries: Record<string, ManifestEntry>,
  history: HistoryResult,
  mondoRelease: string,
): Promise<DownloadsDoc> {
  const { built, loaded } = run;
  const downloadStart = run.secs();
  const downloads = await writeDownloads({
    store: run.store,
    previous: readCurrent<DownloadsDoc>(run.o.dist, SNAPSHOT_FILES.downloads),
    snapshot: run.snapshot,
    release: history.published?.id ?? history.releases.releases.at(-1)?.id ?? null,
    records: built.records,
    entries,
    obsoletes: built.obsoletes,
    mappings: loaded.data.mappings,
    mondoRelease,
  });
  writeSnapshotFile(run.staging, SNAPSHOT_FILES.downloads, JSON.stringify(downloads));
  run.o.log(
    `  downloads: ${downloads.files.map((f) => `${f.name} ${(f.size / 1e6).toFixed(1)} MB`).join(', ')} in ${(run.secs() - downloadStart).toFixed(1)} s`,
  );
  return downloads;
}

/** The last documents, the packs and the manifest; then publish and collect what no snapshot kept names. */
function finishSnapshot(run: AssembledBuild, entries: Record<string, ManifestEntry>, history: HistoryResult, downloads: DownloadsDoc) {
  const { built, staging, snapshot, store } = run;
  writeSnapshotFile(staging, SNAPSHOT_FILES.schemas, JSON.stringify(publishedSchemas(run.schemas)));
  writeSnapshotFile(staging, SNAPSHOT_FILES.releases, JSON.stringify(history.releases));
  writeSnapshotFile(staging, SNAPSHOT_FILES.qcReport, JSON.stringify(built.qc, null, 1));
  writeSnapshotFile(staging, SNAPSHOT_FILES.contentIndex, JSON.stringify(run.index));
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
    builtAt: run.builtAt,
    inputFingerprint: run.fingerprint,
    sections: [...SECTION_KEYS],
    entries: allEntries,
    obsolete: Object.fromEntries(built.obsoletes.map((x) => [x.id, { label: x.label, replacedBy: x.replacedBy, consider: x.consider }])),
    counts: { diseases: built.records.length, obsolete: built.obsoletes.length, objects: Object.keys(allEntries).length },
  };
  writeSnapshotFile(staging, SNAPSHOT_FILES.manifest, JSON.stringify(manifest));
  const prevId = publish(run.o.dist, staging, snapshot);
  const gc = collectGarbage(run.o.dist, [snapshot, ...(prevId && prevId !== snapshot ? [prevId] : [])]);
  return { packs, prevId, gc };
}
