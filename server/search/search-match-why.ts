import { normalize } from '../contract/text/normalize.ts';
import type { LoadedIndex } from './loaded-index.ts';
import type { QueryPlan } from './query-plan.ts';
import { TIER } from './rank-key.ts';
import { HOW, orderBonus, type Alignment } from './slot-align.ts';
import type { MatchKind, MatchTier, MatchWhy, MatchWord } from './search-types.ts';
import { RANKING } from './ranking-params.ts';

const TIER_NAMES: MatchTier[] = [
  'identifier',
  'exact-name',
  'exact-synonym',
  'exact-name-variant',
  'exact-synonym-variant',
  'gene',
  'ranked',
];
const HOW_NAMES: Record<number, MatchWord['how']> = {
  [HOW.none]: 'missing',
  [HOW.exact]: 'exact',
  [HOW.join]: 'joined',
  [HOW.prefix]: 'prefix',
  [HOW.typo]: 'typo',
  [HOW.gene]: 'gene',
  [HOW.related]: 'related',
};

function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** The `why` and `kind` of a text match, from the alignment of the plan on slot `s` (text `text`). */
export function explainText(
  plan: QueryPlan,
  index: LoadedIndex,
  s: number,
  text: string,
  tier: number,
  a: Alignment,
): { kind: MatchKind; why: MatchWhy } {
  const literalWords = normalize(text).split(' ');
  const start = index.slotStart[s];
  const bracketed = index.slotBracketed[s];
  const words: MatchWord[] = [];
  let met = 0;
  let textMet = 0;
  let missingName = false;
  let typo = false;
  plan.terms.forEach((t, k) => {
    const p = a.pos[k];
    let how = HOW_NAMES[a.how[k]];
    if (how === 'exact' && p >= 0 && literalWords[p] !== t.token) how = 'variant';
    words.push({ query: t.token, text: p >= 0 ? (literalWords[p] ?? null) : null, how, weight: round(t.weight, 2) });
    if (a.how[k] === HOW.none) {
      if (!t.stop && t.factor === 1) missingName = true;
      return;
    }
    if (a.how[k] === HOW.typo) typo = true;
    const w = p >= 0 ? index.weight[a.word[k]] * t.factor : t.weight;
    met += a.quality[k] * w;
  });
  const used = new Set<number>();
  for (let k = 0; k < plan.terms.length; k++) {
    const p = a.pos[k];
    if (p < 0 || used.has(p)) continue;
    used.add(p);
    textMet += a.quality[k] * index.weight[index.slotWords[start + p]] * (p < 30 && bracketed & (1 << p) ? RANKING.bracketFactor : 1);
  }
  const { order, startsText } = orderBonus(plan, a);
  const why: MatchWhy = {
    tier: TIER_NAMES[tier],
    queryCoverage: round(plan.totalWeight > 0 ? Math.min(1, met / plan.totalWeight) : 0),
    textCoverage: round(index.slotWeight[s] > 0 ? Math.min(1, textMet / index.slotWeight[s]) : 0),
    order,
    words,
  };
  let kind: MatchKind;
  if (tier < TIER.ranked) kind = 'exact';
  else if (missingName) kind = 'partial';
  else if (typo) kind = 'fuzzy';
  else if (startsText && (order === 'adjacent' || order === null) && Math.max(...used) === used.size - 1) kind = 'prefix';
  else kind = 'words';
  return { kind, why };
}

/** The `why` of a gene-symbol or identifier match: the whole query met it. */
export function explainWhole(plan: QueryPlan, tier: number, text: string): MatchWhy {
  return {
    tier: TIER_NAMES[tier],
    queryCoverage: 1,
    textCoverage: 1,
    order: null,
    words: plan.terms.map((t) => ({
      query: t.token,
      text: normalize(text),
      how: tier === TIER.gene ? 'gene' : 'exact',
      weight: round(t.weight, 2),
    })),
  };
}
