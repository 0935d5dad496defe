import { existsSync, realpathSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readBuildSettings } from '../../build/build-settings.ts';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import type { SerializedPhenotypeIndex } from '../../server/contract/snapshot/phenotype-index.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import { MATCH_MODEL, type MatchModelParams, reduceQuery, scoreDiseases } from '../../server/phenotypes/match-score.ts';
import { PhenotypeModel } from '../../server/phenotypes/phenotype-model.ts';
import { omimToMondo, readCases } from './match-cases.ts';
import { caseFigures, type CaseOutcome, printMatchTable } from './match-report.ts';
import { ResnikBaseline } from './resnik-baseline.ts';
import { crossValidateMatch, cvCases } from './match-cv.ts';
import { buildReach } from './match-reach.ts';
import type { LookupsDoc } from '../../server/contract/snapshot/lookups.ts';

/**
 * `npm run eval:match [-- --per-disease=10 --set EPSILON=0.02]`: our phenotype ranking
 * (/diseases/match's model) against the Phenomizer baseline (Resnik best-match average) over the
 * same annotations, on the phenopacket development split (EVAL_DIR, default
 * ../shared/data/eval/phenopackets). Reads the published snapshot's phenotype index (build first)
 * and Mondo's exact OMIM matches from DATA_DIR. `--set NAME=value` overrides a model constant
 * (for tuning on this split only); `--grid 'EPSILON=0.01,0.1;UNKNOWN_FREQUENCY=0.3,0.5'` prints our
 * figures for every combination instead (no baseline). `--cv` chooses the constants by group
 * k-fold cross-validation over cohorts, and measures diseases without annotations reached through
 * their groups (match-cv.ts, match-reach.ts).
 */

const ROOT = resolve(import.meta.dirname, '../..');

function main(): void {
  const { values } = parseArgs({
    options: {
      'per-disease': { type: 'string', default: '10' },
      file: { type: 'string', default: 'cases-dev.jsonl.gz' },
      set: { type: 'string', multiple: true, default: [] },
      grid: { type: 'string' },
      cv: { type: 'boolean', default: false },
    },
  });
  const params: MatchModelParams = { ...MATCH_MODEL };
  for (const s of values.set!) {
    const [k, v] = s.split('=');
    if (!(k in params)) throw new Error(`unknown model constant ${k}`);
    params[k as keyof MatchModelParams] = Number(v);
  }
  const { distDir: dist, dataDir } = readBuildSettings();
  const evalDir = resolve(ROOT, process.env.EVAL_DIR ?? '../shared/data/eval/phenopackets');
  const current = join(dist, 'current');
  if (!existsSync(current)) throw new Error(`no published snapshot at ${current}: run npm run build first`);
  const snapshot = realpathSync(current);
  const t0 = performance.now();
  const index = readSnapshotJson<SerializedPhenotypeIndex>(snapshot, SNAPSHOT_FILES.phenotypeIndex);
  const model = new PhenotypeModel(index);
  const rows = readSnapshotJson<ListingRow[]>(snapshot, SNAPSHOT_FILES.listing);
  const gold = omimToMondo(join(dataDir, 'mondo', 'mappings', 'mondo_exactmatch_omim.sssom.tsv.gz'), new Set(rows.map((r) => r.id)));
  console.log(
    `snapshot ${snapshot}: ${model.termCount} HPO terms (release ${index.hpoRelease}), ${model.diseaseCount} diseases with phenotypes; loaded in ${(performance.now() - t0).toFixed(0)} ms`,
  );
  console.log(`model constants: ${JSON.stringify(params)}`);

  const { cases, read } = readCases(join(evalDir, values.file!), Number(values['per-disease']));
  if (values.grid) return runGrid(model, gold, cases, params, values.grid);
  if (values.cv) {
    const parents = readSnapshotJson<LookupsDoc>(snapshot, SNAPSHOT_FILES.lookups).parents;
    const reach = buildReach(
      model,
      parents,
      rows.map((r) => r.id),
    );
    console.log(`${reach.ids.length} served diseases without annotations have an annotated group within 2 levels`);
    return crossValidateMatch(model, cvCases(model, cases, gold, reach), reach);
  }
  const baseline = new ResnikBaseline(model);
  const outcomes: CaseOutcome[] = [];
  let unknownTerms = 0;
  let noKnownTerm = 0;
  let knownTerms = 0;
  const t1 = performance.now();
  for (const c of cases) {
    const omim = c.diseases[0];
    const mondo = gold.get(omim) ?? [];
    const goldNumbers = mondo.map((id) => model.diseaseNumber(id)).filter((d): d is number => d !== undefined);
    const terms = (ids: string[]) =>
      ids.flatMap((id) => {
        const l = model.lookup(id);
        if ('term' in l) {
          knownTerms++;
          return [l.term];
        }
        unknownTerms++;
        return [];
      });
    const observed = terms(c.observed);
    const excluded = terms(c.excluded);
    const base: Omit<CaseOutcome, 'ranks'> = { id: c.id, disease: omim, status: 'reachable' };
    if (mondo.length === 0) base.status = 'unmapped';
    else if (goldNumbers.length === 0) base.status = 'unannotated';
    // A case whose observed ids are all newer than the HPO release stays in: nothing can rank it, so it is a miss.
    else if (observed.length === 0) noKnownTerm++;
    if (base.status !== 'reachable' || observed.length === 0) {
      outcomes.push({ ...base, ranks: { ours: 0, resnik: 0, resnikOneSided: 0 } });
      continue;
    }
    const ours = scoreDiseases(model, reduceQuery(model, { observed, excluded }), params);
    const r = baseline.score(observed);
    outcomes.push({
      ...base,
      ranks: {
        ours: rankOf(model, ours, goldNumbers),
        resnik: rankOf(model, r.symmetric, goldNumbers),
        resnikOneSided: rankOf(model, r.oneSided, goldNumbers),
      },
    });
  }
  console.log(
    `${read} cases read, ${cases.length} evaluated (at most ${values['per-disease']} per disease, ${new Set(cases.map((c) => c.diseases[0])).size} diseases) in ${((performance.now() - t1) / 1000).toFixed(1)} s; HPO ids known ${knownTerms}, unknown to the release ${unknownTerms}`,
  );
  printMatchTable(caseFigures(outcomes), noKnownTerm);
}

/** Our figures for every combination of the grid's values (the rest of the constants from `base`). */
function runGrid(
  model: PhenotypeModel,
  gold: Map<string, string[]>,
  cases: ReturnType<typeof readCases>['cases'],
  base: MatchModelParams,
  grid: string,
): void {
  let combos: MatchModelParams[] = [{ ...base }];
  for (const part of grid.split(';')) {
    const [k, vs] = part.split('=');
    if (!(k in base)) throw new Error(`unknown model constant ${k}`);
    combos = combos.flatMap((c) => vs.split(',').map((v) => ({ ...c, [k]: Number(v) })));
  }
  const prepared = cases.flatMap((c) => {
    const goldNumbers = (gold.get(c.diseases[0]) ?? []).map((id) => model.diseaseNumber(id)).filter((d): d is number => d !== undefined);
    const terms = (ids: string[]) =>
      ids.flatMap((id) => {
        const l = model.lookup(id);
        return 'term' in l ? [l.term] : [];
      });
    const observed = terms(c.observed);
    if (goldNumbers.length === 0) return [];
    return [{ c, goldNumbers, query: observed.length === 0 ? null : reduceQuery(model, { observed, excluded: terms(c.excluded) }) }];
  });
  for (const p of combos) {
    const outcomes: CaseOutcome[] = prepared.map(({ c, goldNumbers, query }) => {
      const r = query === null ? 0 : rankOf(model, scoreDiseases(model, query, p), goldNumbers);
      return { id: c.id, disease: c.diseases[0], status: 'reachable', ranks: { ours: r, resnik: 0, resnikOneSided: 0 } };
    });
    const f = caseFigures(outcomes).per[0];
    const pc = (x: number) => (x * 100).toFixed(1);
    console.log(
      `${JSON.stringify(p)}  micro ${pc(f.micro.hit1)} / ${pc(f.micro.hit10)} / ${f.micro.mrr.toFixed(3)}  macro ${pc(f.macro.hit1)} / ${pc(f.macro.hit10)} / ${f.macro.mrr.toFixed(3)}`,
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
