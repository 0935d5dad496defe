import { GROUP_LEVELS } from '../../server/contract/snapshot/phenotype-index.ts';
import { MATCH_MODEL } from '../../server/phenotypes/match-model.ts';
import type { PhenotypeModel } from '../../server/phenotypes/phenotype-model.ts';

/**
 * Diseases without a phenotype annotation, reached through an annotated group (measured here, not
 * served: see the match-cv results): a served disease whose Mondo parent or grandparent has
 * annotations ranks with that group's score plus ln credit (a grandparent's credit times
 * GROUP_LEVEL_CREDIT), which is what the data say of it, as a member of its group, and no more.
 */
export interface Reach {
  /** Served Mondo id without annotations -> its annotated groups (disease numbers) and their levels. */
  groupsOf: Map<string, { group: number; level: number }[]>;
  ids: string[];
}

/** The annotated groups of every served disease without annotations, from the served hierarchy. */
export function buildReach(model: PhenotypeModel, parents: Record<string, string[]>, served: Iterable<string>): Reach {
  const groupsOf = new Map<string, { group: number; level: number }[]>();
  for (const id of served) {
    if (model.diseaseNumber(id) !== undefined) continue;
    const found: { group: number; level: number }[] = [];
    const seen = new Set([id]);
    let level = [id];
    for (let up = 1; up <= GROUP_LEVELS; up++) {
      const next: string[] = [];
      for (const d of level)
        for (const p of parents[d] ?? []) {
          if (seen.has(p)) continue;
          seen.add(p);
          next.push(p);
          const g = model.diseaseNumber(p);
          if (g !== undefined) found.push({ group: g, level: up });
        }
      level = next;
    }
    if (found.length > 0) groupsOf.set(id, found);
  }
  return { groupsOf, ids: [...groupsOf.keys()].sort() };
}

/**
 * The best rank of a gold disease when the diseases without annotations rank through their groups
 * at `credit` (0: they do not rank), ties by Mondo id; 0 when no gold disease is ranked.
 */
export function reachedRank(
  model: PhenotypeModel,
  score: Float64Array,
  gold: number[],
  unannotatedGold: string[],
  credit: number,
  reach: Reach,
): number {
  const reached = new Float64Array(credit > 0 ? reach.ids.length : 0);
  for (let i = 0; i < reached.length; i++) {
    let best = Number.NEGATIVE_INFINITY;
    for (const { group, level } of reach.groupsOf.get(reach.ids[i])!) {
      const s = score[group] + Math.log(credit * MATCH_MODEL.GROUP_LEVEL_CREDIT ** (level - 1));
      if (s > best) best = s;
    }
    reached[i] = best;
  }
  const candidates: [number, string][] = gold.map((g) => [score[g], model.diseaseIds[g]]);
  if (credit > 0) for (const id of unannotatedGold) candidates.push([reached[reach.ids.indexOf(id)], id]);
  let bestRank = 0;
  for (const [s, id] of candidates) {
    let rank = 1;
    for (let d = 0; d < score.length; d++) if (score[d] > s || (score[d] === s && model.diseaseIds[d] < id)) rank++;
    for (let i = 0; i < reached.length; i++) if (reached[i] > s || (reached[i] === s && reach.ids[i] < id)) rank++;
    if (bestRank === 0 || rank < bestRank) bestRank = rank;
  }
  return bestRank;
}
