import { createHash } from 'node:crypto';
import { MATCH_MODEL, type MatchModelParams, type MatchQuery, reduceQuery, scoreDiseases } from '../../server/phenotypes/match-score.ts';
import type { PhenotypeModel } from '../../server/phenotypes/phenotype-model.ts';
import type { PhenopacketCase } from './match-cases.ts';
import { ResnikBaseline } from './resnik-baseline.ts';
import { type Reach, reachedRank } from './match-reach.ts';

/**
 * Group k-fold cross-validation of the match model's constants over cohorts (`npm run eval:match
 * -- --cv`): cases are split into FOLDS folds by a hash of their cohort, so no cohort is in both
 * the folds a choice is made on and the fold it is scored on. Every combination of CV_GRID (each
 * constant varied alone around MATCH_MODEL) ranks every case once; then per fold the combination
 * with the best mean of hit@1 and hit@10 on the other folds' annotated cases is scored on the held
 * fold, beside the current constants and the Resnik baseline. Printed: per fold, then the mean and
 * spread (sample standard deviation) across folds. The reach credit of diseases without
 * annotations through their groups (match-reach.ts) is chosen the same way on all cases, among the
 * credits that do not lower the annotated cases' figure on the other folds (0: not reached).
 */

const FOLDS = 5;
export const CV_GRID: Partial<Record<keyof MatchModelParams, number[]>> = {
  EPSILON: [0.2, 0.3, 0.5, 0.6],
  SIBLING_CREDIT: [0.3, 0.7, 1],
  ANNOTATION_COUNT_EXPONENT: [0, 0.05, 0.2],
  GROUP_CREDIT: [0, 0.1, 0.3],
  DISEASE_SIBLING_CREDIT: [0, 0.02, 0.07],
  FREQUENCY_EXPONENT: [0.15, 0.5, 1],
  RECORDED_PER_TERM: [0, 0.0075, 0.03],
  EXCLUDED_NOISE: [0.6, 0.95],
};
/** Credits tried for a disease without annotations reached through its group. */
export const REACH_CREDITS = [0.02, 0.05, 0.1, 0.2, 0.35];

export interface CvCase {
  c: PhenopacketCase;
  fold: number;
  /** Annotated gold diseases (numbers); empty for a case whose disease has none. */
  gold: number[];
  /** Gold Mondo ids served without annotations that have an annotated group (match-reach.ts). */
  unannotatedGold: string[];
  query: MatchQuery | null;
}

interface Ranks {
  annotated: number[];
  all: number[];
}

const foldOf = (cohort: string) => createHash('sha256').update(cohort).digest().readUInt32BE(0) % FOLDS;

/** Cases with their folds and queries. */
export function cvCases(model: PhenotypeModel, cases: PhenopacketCase[], gold: Map<string, string[]>, reach: Reach): CvCase[] {
  const terms = (ids: string[]) =>
    ids.flatMap((id) => {
      const l = model.lookup(id);
      return 'term' in l ? [l.term] : [];
    });
  return cases.map((c) => {
    const mondo = gold.get(c.diseases[0]) ?? [];
    const numbers = mondo.map((id) => model.diseaseNumber(id)).filter((d): d is number => d !== undefined);
    const observed = terms(c.observed);
    return {
      c,
      fold: foldOf(c.cohort),
      gold: numbers,
      unannotatedGold: numbers.length === 0 ? mondo.filter((id) => reach.groupsOf.has(id)) : [],
      query: observed.length === 0 ? null : reduceQuery(model, { observed, excluded: terms(c.excluded) }),
    };
  });
}

/** Ranks of every case under one set of constants and reach credit (0: not found). */
function rankAll(model: PhenotypeModel, cases: CvCase[], p: MatchModelParams, credit: number, reach: Reach): Ranks {
  const annotated: number[] = [];
  const all: number[] = [];
  for (const k of cases) {
    if (k.query === null || (k.gold.length === 0 && (credit === 0 || k.unannotatedGold.length === 0))) {
      if (k.gold.length > 0) annotated.push(0);
      all.push(0);
      continue;
    }
    const score = scoreDiseases(model, k.query, p);
    const r = reachedRank(model, score, k.gold, k.unannotatedGold, credit, reach);
    if (k.gold.length > 0) annotated.push(r);
    all.push(r);
  }
  return { annotated, all };
}

function baselineRanks(model: PhenotypeModel, cases: CvCase[], reach: Reach): Ranks {
  const b = new ResnikBaseline(model);
  const annotated: number[] = [];
  const all: number[] = [];
  for (const k of cases) {
    const r = k.query === null || k.gold.length === 0 ? 0 : reachedRank(model, b.score(k.query.observed).symmetric, k.gold, [], 0, reach);
    if (k.gold.length > 0) annotated.push(r);
    all.push(r);
  }
  return { annotated, all };
}

const hit = (ranks: number[], n: number) => ranks.filter((r) => r >= 1 && r <= n).length / (ranks.length || 1);
const at = (cases: CvCase[], ranks: Ranks, which: keyof Ranks, take: (k: CvCase) => boolean) => {
  const list = which === 'annotated' ? cases.filter((k) => k.gold.length > 0) : cases;
  return list.map((k, i) => (take(k) ? ranks[which][i] : -1)).filter((r) => r !== -1);
};
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sd = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + (x - mean(xs)) ** 2, 0) / (xs.length - 1));
const pct = (x: number) => (x * 100).toFixed(1);
const ms = (xs: number[]) => `${pct(mean(xs))} ± ${pct(sd(xs))}`;

/** Run the cross-validation and print its tables. */
export function crossValidateMatch(model: PhenotypeModel, cases: CvCase[], reach: Reach, log: (s: string) => void = console.log): void {
  const combos: { name: string; p: MatchModelParams; credit: number }[] = [{ name: 'current', p: MATCH_MODEL, credit: 0 }];
  for (const [k, vs] of Object.entries(CV_GRID))
    for (const v of vs!) combos.push({ name: `${k}=${v}`, p: { ...MATCH_MODEL, [k]: v }, credit: 0 });
  for (const credit of REACH_CREDITS) combos.push({ name: `reach credit ${credit}`, p: MATCH_MODEL, credit });
  const t0 = performance.now();
  const ranks = combos.map((combo) => rankAll(model, cases, combo.p, combo.credit, reach));
  const base = baselineRanks(model, cases, reach);
  log(`${combos.length} combinations ranked ${cases.length} cases each in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  const score = (r: number[]) => (hit(r, 1) + hit(r, 10)) / 2;
  const rows: Record<string, number[]> = {};
  const push = (k: string, v: number) => (rows[k] ??= []).push(v);
  for (let f = 0; f < FOLDS; f++) {
    const train = (k: CvCase) => k.fold !== f;
    const held = (k: CvCase) => k.fold === f;
    // Constants on annotated cases; the reach credit on all cases, among those that do not lower the annotated ones.
    let best = 0;
    combos.forEach((c, i) => {
      if (c.credit === 0 && score(at(cases, ranks[i], 'annotated', train)) > score(at(cases, ranks[best], 'annotated', train))) best = i;
    });
    let reachBest = 0;
    combos.forEach((c, i) => {
      if (c.credit === 0) return;
      const keeps = score(at(cases, ranks[i], 'annotated', train)) >= score(at(cases, ranks[0], 'annotated', train));
      if (keeps && score(at(cases, ranks[i], 'all', train)) > score(at(cases, ranks[reachBest], 'all', train))) reachBest = i;
    });
    const figures = (label: string, r: Ranks) => {
      for (const which of ['annotated', 'all'] as const) {
        const h = at(cases, r, which, held);
        push(`${label} ${which} hit@1`, hit(h, 1));
        push(`${label} ${which} hit@10`, hit(h, 10));
      }
    };
    figures('current', ranks[0]);
    figures('chosen', ranks[best]);
    figures('reach', ranks[reachBest]);
    figures('baseline', base);
    const n = cases.filter((k) => held(k)).length;
    const cohorts = new Set(cases.filter((k) => held(k)).map((k) => k.c.cohort)).size;
    log(`fold ${f + 1} (${n} cases, ${cohorts} cohorts): constants chose ${combos[best].name}; reach chose ${combos[reachBest].name}`);
  }
  log('\n| held-out fold figures (mean ± sd over 5 folds) | annotated hit@1 | annotated hit@10 | all hit@1 | all hit@10 |');
  log('|---|---|---|---|---|');
  for (const label of ['current', 'chosen', 'reach', 'baseline'])
    log(
      `| ${label} | ${ms(rows[`${label} annotated hit@1`])} | ${ms(rows[`${label} annotated hit@10`])} | ${ms(rows[`${label} all hit@1`])} | ${ms(rows[`${label} all hit@10`])} |`,
    );
  const gain = (label: string, k: string) => rows[`${label} ${k}`].map((v, i) => v - rows[`baseline ${k}`][i]);
  log('\n| gain over the baseline, per fold | annotated hit@1 | annotated hit@10 |');
  log('|---|---|---|');
  for (const label of ['current', 'chosen'])
    log(
      `| ${label} | ${gain(label, 'annotated hit@1').map(pct).join(', ')} (mean ${pct(mean(gain(label, 'annotated hit@1')))}) | ${gain(label, 'annotated hit@10').map(pct).join(', ')} (mean ${pct(mean(gain(label, 'annotated hit@10')))}) |`,
    );
  log('\nevery combination on all folds (annotated hit@1 / hit@10; all hit@1 / hit@10):');
  for (const [i, c] of combos.entries())
    log(
      `  ${c.name}: ${pct(hit(ranks[i].annotated, 1))} / ${pct(hit(ranks[i].annotated, 10))}; ${pct(hit(ranks[i].all, 1))} / ${pct(hit(ranks[i].all, 10))}`,
    );
}
