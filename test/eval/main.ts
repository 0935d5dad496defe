import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import { buildSearchIndex } from '../../build/compile/search-index-build.ts';
import type { SerializedSearchIndex } from '../../server/contract/snapshot/search-index.ts';
import { ConceptMap } from './concept-map.ts';
import { distinctMentions, readMentions } from './corpus.ts';
import { evaluateSplit, type SplitResult } from './evaluate.ts';
import { engineRanker, miniSearchRanker } from './rankers.ts';
import { printFigures, printMissSummary, printUnreachable, writeMisses } from './report.ts';
import { readBuildSettings } from '../../build/build-settings.ts';

/**
 * `npm run eval:search [-- --show=10]`: our search against the NCBI Disease Corpus (training and
 * development sets), with a stock MiniSearch index over the same names as the baseline. Reads the
 * published snapshot (build it first), the corpus from EVAL_DIR and Mondo's mappings from
 * DATA_DIR at run time; nothing of the corpus is served or committed. Misses go to
 * .scratch/eval-search/ (git-ignored). `--rebuild-index` builds the search index from the snapshot's
 * listing rows with the current code instead of reading the published one (for trying a change to
 * the index without a full build).
 */

const ROOT = resolve(import.meta.dirname, '../..');
const SPLITS = { training: 'NCBItrainset_corpus.txt.gz', development: 'NCBIdevelopset_corpus.txt.gz' } as const;

function ms(start: bigint): string {
  return `${(Number(process.hrtime.bigint() - start) / 1e6).toFixed(0)} ms`;
}

/** p50/p99 of the per-query times of one ranker over every reachable mention of the splits. */
function latency(results: SplitResult[], ranker: string): string {
  const t = results.flatMap((s) => s.outcomes.map((o) => o.micros[ranker])).sort((a, b) => a - b);
  const at = (q: number) => (t[Math.min(t.length - 1, Math.floor(q * t.length))] / 1000).toFixed(3);
  return `${ranker}: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms over ${t.length} queries`;
}

function main(): void {
  const { values } = parseArgs({
    options: {
      'rebuild-index': { type: 'boolean', default: false },
      show: { type: 'string', default: '10' },
      out: { type: 'string', default: join(ROOT, '.scratch', 'eval-search') },
    },
  });
  const { distDir: dist, dataDir } = readBuildSettings();
  const evalDir = resolve(ROOT, process.env.EVAL_DIR ?? '../shared/data/eval/ncbi-disease');
  const current = join(dist, 'current');
  if (!existsSync(current)) throw new Error(`no published snapshot at ${current}: run npm run build first`);
  const snapshot = realpathSync(current);

  let start = process.hrtime.bigint();
  const rows = readSnapshotJson<ListingRow[]>(snapshot, SNAPSHOT_FILES.listing);
  const index = values['rebuild-index']
    ? buildSearchIndex(rows)
    : readSnapshotJson<SerializedSearchIndex>(snapshot, SNAPSHOT_FILES.searchIndex);
  const engine = engineRanker(rows, index);
  console.log(`snapshot ${snapshot}: ${rows.length} rows, engine loaded in ${ms(start)}`);
  start = process.hrtime.bigint();
  const baseline = miniSearchRanker(rows);
  console.log(`MiniSearch baseline indexed in ${ms(start)}`);
  start = process.hrtime.bigint();
  const concepts = new ConceptMap(join(dataDir, 'mondo', 'mappings'), new Set(rows.map((r) => r.id)));
  console.log(`Mondo exact matches read in ${ms(start)}`);

  const results = Object.entries(SPLITS).map(([split, file]) => {
    const mentions = readMentions(join(evalDir, file));
    const distinct = distinctMentions(mentions);
    console.log(`${split}: ${mentions.length} mentions, ${distinct.length} distinct`);
    return evaluateSplit(split, distinct, concepts, [engine, baseline]);
  });

  printFigures(results);
  printUnreachable(results);
  const byId = new Map(rows.map((r) => [r.id, r]));
  printMissSummary(results, engine.name, byId, Number(values.show));
  console.log(`\nquery time, ${latency(results, engine.name)}; ${latency(results, baseline.name)}`);
  const files = writeMisses(results, [engine.name, baseline.name], byId, values.out!);
  const summary = Object.fromEntries(results.map((s) => [s.split, { figures: s.figures, unreachable: s.unreachable.length }]));
  writeFileSync(join(values.out!, 'figures.json'), `${JSON.stringify({ snapshot, ...summary }, null, 2)}\n`);
  console.log(`misses (every mention the engine does not rank first, and the unreachable ones): ${files.join(', ')}`);
}

main();
