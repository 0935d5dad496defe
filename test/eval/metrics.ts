import { DEPTH } from './rankers.ts';

/** hit@1, hit@10 and mean reciprocal rank over the reachable mentions of one split. */
export interface Figures {
  mentions: number;
  hit1: number;
  hit10: number;
  mrr: number;
}

/** 1-based rank of the first result in `gold`, or 0 when none is within the results read. */
export function rankOf(results: string[], gold: ReadonlySet<string>): number {
  const i = results.findIndex((id) => gold.has(id));
  return i < 0 ? 0 : i + 1;
}

/** The figures of a list of ranks (0 = not found within DEPTH, reciprocal rank 0). */
export function figures(ranks: number[]): Figures {
  const n = ranks.length || 1;
  let hit1 = 0;
  let hit10 = 0;
  let rr = 0;
  for (const r of ranks) {
    if (r === 1) hit1++;
    if (r >= 1 && r <= 10) hit10++;
    if (r >= 1 && r <= DEPTH) rr += 1 / r;
  }
  return { mentions: ranks.length, hit1: hit1 / n, hit10: hit10 / n, mrr: rr / n };
}

/** "61.2 %" */
export function percent(x: number): string {
  return `${(x * 100).toFixed(1)} %`;
}
