import { GROUP_LEVELS } from '../contract/snapshot/phenotype-index.ts';
import { groupCredit, type MatchModelParams } from './match-model.ts';
import type { PhenotypeModel } from './phenotype-model.ts';

/**
 * A disease's relatives whose annotations may explain a query term (match-model.ts): its groups
 * (a parent or grandparent in Mondo with annotations) and its siblings (the other members of a
 * family of subtypes).
 */

/** How a relative stands to the disease. */
export type Relation = 'parent' | 'grandparent' | 'sibling';

/**
 * Per term: `withGroups[d]` is the best of d's own best match and its groups' and siblings' own
 * best matches times their credit (all read from `own`, so a match does not pass on from relative
 * to relative).
 */
export function addRelativeMatches(model: PhenotypeModel, own: Float64Array, withGroups: Float64Array, p: MatchModelParams): Float64Array {
  if (p.GROUP_CREDIT === 0 && p.DISEASE_SIBLING_CREDIT === 0) return own;
  withGroups.set(own);
  const { groupStart, groupDisease, groupLevel } = model;
  const credit = Array.from({ length: GROUP_LEVELS + 1 }, (_, level) => (level === 0 ? 0 : groupCredit(level, p)));
  const grouped = model.grouped;
  for (let j = 0; j < grouped.length; j++) {
    const d = grouped[j];
    for (let i = groupStart[d], end = groupStart[d + 1]; i < end; i++) {
      const v = own[groupDisease[i]] * credit[groupLevel[i]];
      if (v > withGroups[d]) withGroups[d] = v;
    }
  }
  const { familyStart, familyMember } = model;
  const sibling = p.DISEASE_SIBLING_CREDIT;
  // Per family the best and second best member: each member takes the best of the others, in
  // one pass over the members instead of one per pair.
  for (let f = 0; f + 1 < familyStart.length && sibling > 0; f++) {
    let first = 0;
    let firstD = -1;
    let second = 0;
    for (let i = familyStart[f]; i < familyStart[f + 1]; i++) {
      const v = own[familyMember[i]];
      if (v > first) {
        second = first;
        first = v;
        firstD = familyMember[i];
      } else if (v > second) second = v;
    }
    if (first === 0) continue;
    for (let i = familyStart[f]; i < familyStart[f + 1]; i++) {
      const d = familyMember[i];
      const v = (d === firstD ? second : first) * sibling;
      if (v > withGroups[d]) withGroups[d] = v;
    }
  }
  return withGroups;
}

/** The relatives of disease d with the credit a match through each keeps, highest credit first (groups nearest first, then siblings). */
export function relativesOf(m: PhenotypeModel, d: number, p: MatchModelParams): { disease: number; relation: Relation; credit: number }[] {
  const out: { disease: number; relation: Relation; credit: number }[] = [];
  for (let i = m.groupStart[d]; i < m.groupStart[d + 1]; i++) {
    const level = m.groupLevel[i];
    out.push({ disease: m.groupDisease[i], relation: level === 1 ? 'parent' : 'grandparent', credit: groupCredit(level, p) });
  }
  const seen = new Set<number>([d]);
  for (const f of m.familiesOf[d])
    for (let i = m.familyStart[f]; i < m.familyStart[f + 1]; i++) {
      const s = m.familyMember[i];
      if (seen.has(s)) continue;
      seen.add(s);
      out.push({ disease: s, relation: 'sibling', credit: p.DISEASE_SIBLING_CREDIT });
    }
  return out.sort((a, b) => b.credit - a.credit);
}
