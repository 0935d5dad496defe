import { createHash } from 'node:crypto';
import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readBuildSettings } from '../../build/build-settings.ts';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import type { SerializedPhenotypeIndex } from '../../server/contract/snapshot/phenotype-index.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import {
  MATCH_FEATURES,
  type MatchRerankWeights,
  matchFeatures,
  queryInformation,
  RERANK_DEPTH,
} from '../../server/phenotypes/match-rerank.ts';
import { MATCH_MODEL, reduceQuery, scoreDiseases, topDiseases } from '../../server/phenotypes/match-score.ts';
import { PhenotypeModel } from '../../server/phenotypes/phenotype-model.ts';
import { omimToMondo, type PhenopacketCase, readCases } from '../eval/match-cases.ts';
import { ResnikBaseline } from '../eval/resnik-baseline.ts';
import { fitConditionalLogit } from './conditional-logit.ts';

/**
 * `npm run train:match [-- --write]`: trains the second look of /diseases/match
 * (server/phenotypes/match-rerank.ts) on the phenopacket development split: every case whose
 * disease has annotations, its model's first RERANK_DEPTH diseases with their features, a linear
 * score fitted by conditional logit (the gold disease against the others of its case). Prints the
 * held-out figures of 5-fold cross-validation grouped by cohort (no cohort in both the cases a fit
 * is made on and those it is scored on) on the cases eval:match reads (at most 10 per disease),
 * beside the model alone and the Resnik baseline; `--write` writes the fit on every case to
 * server/phenotypes/match-rerank-weights.json.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDS = 5;
/** The L2 penalty of the fit, per case. */
const L2 = 0.01;

interface CaseRows {
  c: PhenopacketCase;
  fold: number;
  /** In eval:match's sample (at most 10 cases per disease). */
  sampled: boolean;
  /** The model's rank of the first gold disease (0: not ranked), and the baseline's. */
  rank: number;
  baseline: number;
  /** The first RERANK_DEPTH diseases' features, and which of them are gold. */
  x: number[][];
  gold: boolean[];
}

function main(): void {
  const { values } = parseArgs({ options: { write: { type: 'boolean', default: false } } });
  const { distDir, dataDir } = readBuildSettings();
  const current = join(distDir, 'current');
  if (!existsSync(current)) throw new Error(`no published snapshot at ${current}: run npm run build first`);
  const snapshot = realpathSync(current);
  const model = new PhenotypeModel(readSnapshotJson<SerializedPhenotypeIndex>(snapshot, SNAPSHOT_FILES.phenotypeIndex));
  const rows = readSnapshotJson<ListingRow[]>(snapshot, SNAPSHOT_FILES.listing);
  const gold = omimToMondo(join(dataDir, 'mondo', 'mappings', 'mondo_exactmatch_omim.sssom.tsv.gz'), new Set(rows.map((r) => r.id)));
  const evalDir = resolve(ROOT, process.env.EVAL_DIR ?? '../shared/data/eval/phenopackets');
  const all = readCases(join(evalDir, 'cases-dev.jsonl.gz'), Number.POSITIVE_INFINITY).cases;
  const sampled = new Set(readCases(join(evalDir, 'cases-dev.jsonl.gz'), 10).cases.map((c) => c.id));
  const t0 = performance.now();
  const cases = caseRows(model, all, gold, sampled);
  console.log(
    `${cases.length} cases with an annotated disease (${cases.filter((k) => k.sampled).length} in eval:match's sample) in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );
  crossValidate(cases);
  if (!values.write) return;
  const w = fitConditionalLogit(
    cases.map((k) => ({ x: k.x, gold: k.gold })),
    L2,
  );
  const file: MatchRerankWeights = { version: 1, features: [...MATCH_FEATURES], weights: w.map((v) => Number(v.toPrecision(6))) };
  writeFileSync(resolve(ROOT, 'server/phenotypes/match-rerank-weights.json'), `${JSON.stringify(file)}\n`);
  console.log(`\nwrote the weights fitted on every case: ${MATCH_FEATURES.map((f, i) => `${f} ${file.weights[i]}`).join(', ')}`);
}

/** Every case's rows: the model's ranking, the baseline's, and the first diseases' features. */
function caseRows(model: PhenotypeModel, cases: PhenopacketCase[], gold: Map<string, string[]>, sampled: Set<string>): CaseRows[] {
  const baseline = new ResnikBaseline(model);
  const queryIc = new Float64Array(model.termCount);
  const out: CaseRows[] = [];
  for (const c of cases) {
    const numbers = (gold.get(c.diseases[0]) ?? []).map((id) => model.diseaseNumber(id)).filter((d): d is number => d !== undefined);
    const terms = (ids: string[]) =>
      ids.flatMap((id) => {
        const l = model.lookup(id);
        return 'term' in l ? [l.term] : [];
      });
    const observed = terms(c.observed);
    if (numbers.length === 0 || observed.length === 0) continue;
    const query = reduceQuery(model, { observed, excluded: terms(c.excluded) });
    const score = scoreDiseases(model, query, MATCH_MODEL);
    const { top } = topDiseases(model, score, RERANK_DEPTH, null);
    queryInformation(model, query, queryIc);
    const isSampled = sampled.has(c.id);
    out.push({
      c,
      fold: createHash('sha256').update(c.cohort).digest().readUInt32BE(0) % FOLDS,
      sampled: isSampled,
      rank: rankOf(model, score, numbers),
      baseline: isSampled ? rankOf(model, baseline.score(query.observed).symmetric, numbers) : 0,
      x: top.map((d) => matchFeatures(model, d, query, score[d], queryIc)),
      gold: top.map((d) => numbers.includes(d)),
    });
  }
  return out;
}

/** The rank after the second look: the first gold disease among the reordered first ones, else the model's rank. */
function rerankedRank(k: CaseRows, w: number[]): number {
  const at = k.gold.indexOf(true);
  if (at < 0) return k.rank;
  const s = k.x.map((x) => x.reduce((sum, v, i) => sum + v * w[i], 0));
  let best = Number.POSITIVE_INFINITY;
  k.gold.forEach((g, i) => {
    if (!g) return;
    // Ties keep the model's order.
    const rank = 1 + s.filter((v, j) => v > s[i] || (v === s[i] && j < i)).length;
    if (rank < best) best = rank;
  });
  return best;
}

function crossValidate(cases: CaseRows[]): void {
  const hit = (ranks: number[], n: number) => ranks.filter((r) => r >= 1 && r <= n).length / (ranks.length || 1);
  const pct = (x: number) => (x * 100).toFixed(1);
  const rows: Record<string, number[]> = {};
  const push = (k: string, v: number) => (rows[k] ??= []).push(v);
  console.log('\n| held fold (sampled cases) | model hit@1 / hit@10 | second look | baseline | fitted weights |');
  console.log('|---|---|---|---|---|');
  for (let f = 0; f < FOLDS; f++) {
    const w = fitConditionalLogit(
      cases.filter((k) => k.fold !== f && (process.env.SAMPLED_ONLY !== '1' || k.sampled)).map((k) => ({ x: k.x, gold: k.gold })),
      L2,
    );
    const held = cases.filter((k) => k.fold === f && k.sampled);
    const ranks = {
      model: held.map((k) => k.rank),
      second: held.map((k) => rerankedRank(k, w)),
      baseline: held.map((k) => k.baseline),
    };
    for (const [name, r] of Object.entries(ranks)) {
      push(`${name} 1`, hit(r, 1));
      push(`${name} 10`, hit(r, 10));
    }
    console.log(
      `| ${f + 1} (${held.length}) | ${pct(hit(ranks.model, 1))} / ${pct(hit(ranks.model, 10))} | ${pct(hit(ranks.second, 1))} / ${pct(hit(ranks.second, 10))} | ${pct(hit(ranks.baseline, 1))} / ${pct(hit(ranks.baseline, 10))} | ${w.map((v) => v.toFixed(2)).join(' ')} |`,
    );
  }
  const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const sd = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + (x - mean(xs)) ** 2, 0) / (xs.length - 1));
  console.log('\n| mean ± sd over held folds | hit@1 | hit@10 | gain over the baseline hit@1 | hit@10 |');
  console.log('|---|---|---|---|---|');
  for (const name of ['model', 'second', 'baseline']) {
    const g1 = rows[`${name} 1`].map((v, i) => v - rows['baseline 1'][i]);
    const g10 = rows[`${name} 10`].map((v, i) => v - rows['baseline 10'][i]);
    console.log(
      `| ${name} | ${pct(mean(rows[`${name} 1`]))} ± ${pct(sd(rows[`${name} 1`]))} | ${pct(mean(rows[`${name} 10`]))} ± ${pct(sd(rows[`${name} 10`]))} | ${pct(mean(g1))} (${g1.map(pct).join(', ')}) | ${pct(mean(g10))} (${g10.map(pct).join(', ')}) |`,
    );
  }
}

/** The best rank of a gold disease in served order (score descending, ties by Mondo id). */
function rankOf(model: PhenotypeModel, score: Float64Array, gold: number[]): number {
  let best = Number.POSITIVE_INFINITY;
  const ids = model.diseaseIds;
  for (const g of gold) {
    let rank = 1;
    const s = score[g];
    for (let d = 0; d < score.length; d++) if (score[d] > s || (score[d] === s && ids[d] < ids[g])) rank++;
    if (rank < best) best = rank;
  }
  return best;
}

main();
