import type { ReleaseDoc } from '../../server/contract/snapshot/release.ts';
import type { PacksDoc } from '../../server/contract/snapshot/packs.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { type HistoryResult, releaseLine } from './history-build.ts';
import { currentSnapshot } from './publish.ts';
import type { AssembledBuild } from './assembled-build.ts';

/** What a published build says it did: the records, sources, QC, release, history, packs and time of each step. */
export function logPublished(
  run: AssembledBuild,
  r: { release: ReleaseDoc; history: HistoryResult; packs: PacksDoc; prevId: string | null; gc: { snapshots: number; packs: number } },
): void {
  const { o, built, snapshot, store, times } = run;
  const { stats } = built;
  const qcCounts = built.qc.counts();
  o.log('');
  o.log(
    `Published snapshot ${snapshot} (current -> snapshots/${snapshot}; previous ${currentSnapshot(o.dist) === snapshot ? (r.prevId ?? 'none') : '?'})`,
  );
  o.log(
    `  records: ${built.records.length} (${stats.rare} rare), obsolete redirects: ${built.obsoletes.length}, excluded: ${stats.excludedNonHuman} non-human, ${stats.excludedCharacteristic} disease characteristics`,
  );
  o.log(
    `  with definition ${stats.withDefinition}, phenotypes ${stats.withPhenotypes}, genes ${stats.withGenes}, screened ${stats.screened}, orphan drugs ${stats.withOrphanDrugs}, trials ${stats.withTrials}`,
  );
  o.log(`  sources: ${r.release.sources.map((s) => `${s.id} ${s.release}`).join('; ')}`);
  const tier3 = Object.entries(qcCounts).map(([k, v]) => `${k} ${v}`);
  o.log(`  QC tier 3: ${tier3.join(', ') || 'none'} (report: dist/current/${SNAPSHOT_FILES.qcReport})`);
  o.log(releaseLine(r.history));
  const bodies = times.bodies ?? 0;
  const history = times.history ?? 0;
  o.log(
    `  history: ${r.history.releases.releases.length} releases kept (HISTORY_KEEP ${o.historyKeep ?? 'all'}), ${Object.keys(r.history.entries).length} version entries; pruned ${r.history.pruned.releases} releases, ${r.history.pruned.versions} versions, ${r.history.pruned.diseases} version lists; ${(history - bodies).toFixed(1)} s`,
  );
  o.log(
    `  packs: ${r.packs.packs.length}; objects moved in from objects/ ${store.adopted}, out of mostly dead packs ${store.compacted}; removed ${r.gc.snapshots} snapshots, ${r.gc.packs} packs`,
  );
  o.log(
    `  time: ingest ${times.ingest.toFixed(1)} s, assemble ${(times.assemble - times.ingest).toFixed(1)} s, validate ${(times.validate - times.assemble).toFixed(1)} s, compile ${(bodies - times.validate).toFixed(1)} s, history ${(history - bodies).toFixed(1)} s, total ${run.secs().toFixed(1)} s`,
  );
}
