import { createHash } from 'node:crypto';
import type { RecogniserParams } from '../../server/annotate/recognise.ts';
import { add, type CorpusName, type Counts, prf, type TextDocument, ZERO } from './hpo-text.ts';

/** The values tried per constant of the recogniser (recognise.ts RECOGNISER). */
export const ANNOTATE_GRID: Partial<Record<keyof RecogniserParams, (number | boolean)[]>> = {
  KINDS: [2, 3, 4, 6],
  DROP_NESTED: [true, false],
  ABBREVIATION_CONTEXT: [0, 1, 2],
};
const FOLDS = 5;

/** A document's fold: a hash of its corpus and id, so folds do not depend on file order. */
function foldOf(corpus: string, id: string): number {
  return createHash('sha256').update(`${corpus}:${id}`).digest().readUInt32BE(0) % FOLDS;
}

/** The mean over corpora of the F1 of the documents `take` accepts. */
function meanF1(rows: Row[], combo: number, take: (r: Row) => boolean): number {
  const by = new Map<string, Counts>();
  for (const r of rows) if (take(r)) by.set(r.corpus, add(by.get(r.corpus) ?? ZERO, r.counts[combo]));
  const f = [...by.values()].map((c) => prf(c).f1);
  return f.reduce((s, x) => s + x, 0) / (f.length || 1);
}

interface Row {
  corpus: CorpusName;
  fold: number;
  counts: Counts[];
}

/**
 * 5-fold cross-validation over documents (all corpora pooled, folds by a hash of the document):
 * per fold, the combination of ANNOTATE_GRID with the best mean per-corpus F1 on the other four
 * folds is scored on the held fold. Prints each fold's choice and held-out F1, then per corpus the
 * held-out F1 of the folds' choices pooled, and how often each combination was chosen.
 */
export function crossValidate(
  corpora: { name: CorpusName; docs: TextDocument[] }[],
  score: (d: TextDocument, p: RecogniserParams) => Counts,
  base: RecogniserParams,
): void {
  let combos: RecogniserParams[] = [{ ...base }];
  for (const [k, vs] of Object.entries(ANNOTATE_GRID)) combos = combos.flatMap((c) => vs!.map((v) => ({ ...c, [k]: v })));
  const rows: Row[] = corpora.flatMap(({ name, docs }) =>
    docs.map((d) => ({ corpus: name, fold: foldOf(name, d.id), counts: combos.map((p) => score(d, p)) })),
  );
  const name = (p: RecogniserParams) =>
    Object.keys(ANNOTATE_GRID)
      .map((k) => `${k}=${p[k as keyof RecogniserParams]}`)
      .join(' ');
  const chosen: number[] = [];
  const held = new Map<string, Counts>();
  for (let f = 0; f < FOLDS; f++) {
    let best = 0;
    let bestF = -1;
    combos.forEach((_, c) => {
      const v = meanF1(rows, c, (r) => r.fold !== f);
      if (v > bestF) [best, bestF] = [c, v];
    });
    chosen.push(best);
    for (const r of rows) if (r.fold === f) held.set(r.corpus, add(held.get(r.corpus) ?? ZERO, r.counts[best]));
    console.log(
      `fold ${f + 1}: chose ${name(combos[best])} (training mean F1 ${bestF.toFixed(3)}), held-out mean F1 ${meanF1(rows, best, (r) => r.fold === f).toFixed(3)}`,
    );
  }
  console.log("\nheld-out figures of the folds' choices, pooled:");
  for (const [corpus, c] of held) {
    const { p, r, f1 } = prf(c);
    console.log(`  ${corpus}: P ${p.toFixed(3)} R ${r.toFixed(3)} F1 ${f1.toFixed(3)}`);
  }
  const tally = new Map<number, number>();
  for (const c of chosen) tally.set(c, (tally.get(c) ?? 0) + 1);
  console.log('\nchosen:');
  for (const [c, n] of [...tally].sort((a, b) => b[1] - a[1])) console.log(`  ${n} of ${FOLDS} folds: ${name(combos[c])}`);
  console.log('\nevery combination on all documents (mean per-corpus F1):');
  for (const [c, p] of combos.entries()) console.log(`  ${name(p)}: ${meanF1(rows, c, () => true).toFixed(3)}`);
}
