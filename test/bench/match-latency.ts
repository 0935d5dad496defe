import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SerializedPhenotypeIndex } from '../../server/contract/snapshot/phenotype-index.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readSnapshotJson } from '../../server/contract/snapshot/snapshot-docs.ts';
import { explainMatch } from '../../server/phenotypes/match-explain.ts';
import { MATCH_MODEL, reduceQuery, scoreDiseases, topDiseases } from '../../server/phenotypes/match-score.ts';
import { MatchContext } from '../../server/phenotypes/match-context.ts';
import { PhenotypeModel } from '../../server/phenotypes/phenotype-model.ts';
import type { BenchContext, GroupResult } from './bench-context.ts';
import { goal, printLatencies } from './report.ts';

/** Query terms per query, queries, and timed rounds over them. */
const TERMS = 20;
const QUERIES = 200;
const ROUNDS = 10;

/** A small deterministic PRNG (mulberry32): the same queries every run. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * 20-term queries shaped like a patient's: 14 terms drawn from one disease's annotations (a parent
 * instead of the term for every third, as a clinician often records the more general finding) and
 * 6 drawn from the whole vocabulary (findings the disease does not explain). Diseases are taken
 * at a fixed stride over those with at least 14 annotations.
 */
export function matchQueries(m: PhenotypeModel, count = QUERIES): number[][] {
  const rand = prng(20);
  const big = [...Array(m.diseaseCount).keys()].filter((d) => m.annotationStart[d + 1] - m.annotationStart[d] >= 14);
  const annotated = [...new Set(m.annotationTerm)];
  return Array.from({ length: count }, (_, i) => {
    const d = big[Math.floor((i * big.length) / count)];
    const own = Array.from(m.annotationTerm.subarray(m.annotationStart[d], m.annotationStart[d + 1]));
    const terms = new Set<number>();
    while (terms.size < 14) {
      const t = own[Math.floor(rand() * own.length)];
      const parents = m.index.parents[t];
      terms.add(terms.size % 3 === 2 && parents.length > 0 ? parents[0] : t);
    }
    while (terms.size < TERMS) terms.add(annotated[Math.floor(rand() * annotated.length)]);
    return [...terms];
  });
}

/** What one /diseases/match request computes: score every disease, take the first page of 20, explain it. */
function matchOnce(m: PhenotypeModel, observed: number[]): void {
  const query = reduceQuery(m, { observed, excluded: [] });
  const context = new MatchContext(m, query, MATCH_MODEL);
  const score = scoreDiseases(m, query, MATCH_MODEL, context);
  const { top } = topDiseases(m, score, 20, null);
  for (const d of top) explainMatch(m, d, query, MATCH_MODEL, context);
}

/** Time the queries in this process: one warm-up round, then ROUNDS rounds; p50 and p99 in ms. */
export function timeMatch(dir: string): { diseases: number; queries: number; samples: number; p50: number; p99: number; loadMs: number } {
  const t0 = performance.now();
  const m = new PhenotypeModel(readSnapshotJson<SerializedPhenotypeIndex>(dir, SNAPSHOT_FILES.phenotypeIndex));
  const loadMs = performance.now() - t0;
  const queries = matchQueries(m);
  for (const q of queries) matchOnce(m, q);
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    for (const q of queries) {
      const s = process.hrtime.bigint();
      matchOnce(m, q);
      times.push(Number(process.hrtime.bigint() - s) / 1e6);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { diseases: m.diseaseCount, queries: queries.length, samples: times.length, p50: at(0.5), p99: at(0.99), loadMs };
}

/**
 * Issue 20: p50/p99 of a 20-term /diseases/match computation (every disease scored, the first
 * page of 20 explained) over the published phenotype index, in a child process pinned to one core
 * with taskset (when pinning is on), so the figure is one core's.
 */
export function benchMatch(ctx: BenchContext): Promise<GroupResult> {
  ctx.progress('match: timing 20-term queries in a pinned child process');
  const args = ['--import', 'tsx', resolve(import.meta.dirname, 'match-latency.ts'), ctx.src.dir];
  const out = ctx.options.pin
    ? execFileSync('taskset', ['-c', '0', process.execPath, ...args], { encoding: 'utf8' })
    : execFileSync(process.execPath, args, { encoding: 'utf8' });
  const r = JSON.parse(out) as ReturnType<typeof timeMatch>;
  printLatencies(
    `Phenotype match in process (${r.diseases.toLocaleString('en-US')} diseases with phenotypes, ${TERMS} observed terms, first page of 20 explained; ${ctx.options.pin ? 'pinned to CPU 0' : 'not pinned'}; model loaded in ${r.loadMs.toFixed(0)} ms)`,
    [{ name: `${TERMS}-term query`, queries: r.queries, samples: r.samples, p50: r.p50, p99: r.p99 }],
  );
  const goals = [goal('match p99 < 20 ms on one core (20-term query over every disease)', r.p99, r.p99 < 20, `${r.p99.toFixed(3)} ms`)];
  return Promise.resolve({ cases: [], latencies: [{ name: `${TERMS}-term query`, ...r }], goals, notes: [] });
}

// As a child process: time the snapshot in argv[2] and print the figures as JSON.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(JSON.stringify(timeMatch(process.argv[2])));
}
