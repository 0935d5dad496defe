import type { ConceptMap, Unreachable } from './concept-map.ts';
import type { DistinctMention } from './corpus.ts';
import { figures, rankOf, type Figures } from './metrics.ts';
import type { Ranker } from './rankers.ts';

/** One reachable mention's outcome: the gold records and where each ranker put the first of them. */
export interface Outcome {
  mention: DistinctMention;
  gold: string[];
  /** Per ranker name: 1-based rank, 0 when not within the results read. */
  ranks: Record<string, number>;
  /** Per ranker name: its first three results. */
  top: Record<string, string[]>;
  /** Per ranker name: microseconds the query took. */
  micros: Record<string, number>;
}

export interface SplitResult {
  split: string;
  outcomes: Outcome[];
  unreachable: { mention: DistinctMention; reason: Unreachable }[];
  figures: Record<string, Figures>;
}

/**
 * Run every ranker on every distinct mention of a split. A mention is reachable when one of its
 * concepts maps exactly to a record we serve; its gold set is every such record (a composite
 * mention is found by any of them). Unreachable mentions are counted with their reason, not scored.
 */
export function evaluateSplit(split: string, mentions: DistinctMention[], concepts: ConceptMap, rankers: Ranker[]): SplitResult {
  const outcomes: Outcome[] = [];
  const unreachable: SplitResult['unreachable'] = [];
  for (const mention of mentions) {
    const gold = concepts.gold(mention.concepts);
    if (gold.length === 0) {
      unreachable.push({ mention, reason: concepts.whyUnreachable(mention.concepts) });
      continue;
    }
    const goldSet = new Set(gold);
    const outcome: Outcome = { mention, gold, ranks: {}, top: {}, micros: {} };
    for (const r of rankers) {
      const start = process.hrtime.bigint();
      const results = r.rank(mention.text);
      outcome.micros[r.name] = Number(process.hrtime.bigint() - start) / 1e3;
      outcome.ranks[r.name] = rankOf(results, goldSet);
      outcome.top[r.name] = results.slice(0, 3);
    }
    outcomes.push(outcome);
  }
  const result: Record<string, Figures> = {};
  for (const r of rankers) result[r.name] = figures(outcomes.map((o) => o.ranks[r.name]));
  return { split, outcomes, unreachable, figures: result };
}
