import {
  excludedBackground,
  excludedContribution,
  MATCH_MODEL,
  type MatchModelParams,
  type MatchQuery,
  observedContribution,
  recordedChance,
  unmentionedCost,
} from './match-model.ts';
import { MatchContext } from './match-context.ts';
import { type Relation, relativesOf } from './match-relatives.ts';
import { bestMatch } from './match-best.ts';
import { matchWeights } from './match-score.ts';
import type { PhenotypeModel } from './phenotype-model.ts';

/** A term as the API shows it. */
export interface TermRef {
  hpoId: string;
  label: string;
}

/** A frequency as the API shows it: the value the model used and the sources' text. */
export interface FrequencyRef {
  /** In [0, 1]; null when the sources give none (the model then assumes UNKNOWN_FREQUENCY). */
  value: number | null;
  /** The count, percentage or band the sources give (`17/20`, `Very frequent`); null when none. */
  text: string | null;
}

/** How one observed query term met the disease. */
export interface ObservedExplanation {
  query: TermRef;
  /**
   * `exact`: the disease is annotated with the term; `specific`: with a more specific term
   * (a descendant); `general`: only with a more general term (an ancestor); `related`: the two
   * share an ancestor that not every annotated disease has; `none`: nothing in the disease explains it.
   */
  match: 'exact' | 'specific' | 'general' | 'related' | 'none';
  /** The disease's annotated term that explains the query term best, with its frequency. */
  annotated: (TermRef & { frequency: FrequencyRef }) | null;
  /** The most informative common ancestor the match went through (the query term itself for exact or specific). */
  via: (TermRef & { informationContent: number }) | null;
  /**
   * The relative whose annotation `annotated` is, when it explains the term better than the
   * disease's own annotations (counted at a reduced credit): a group (a parent or grandparent in
   * Mondo with annotations) or a sibling subtype; null when the annotation is the disease's own.
   */
  relative: { id: string; name: string; relation: Relation } | null;
  /** The disease annotates this term or an ancestor of it as absent. */
  annotatedAbsent: boolean;
  /** ln of the term's likelihood ratio: what it added to the score. */
  contribution: number;
}

/** What the disease says about one excluded query term. */
export interface ExcludedExplanation {
  query: TermRef;
  /** The disease usually has the term: its implied frequency is at least 50 %; null when annotated without a frequency. */
  usuallyPresent: boolean | null;
  /** The disease's annotation at or below the term with the highest frequency; null when the disease does not have the term. */
  annotated: (TermRef & { frequency: FrequencyRef }) | null;
  contribution: number;
}

const ref = (m: PhenotypeModel, t: number): TermRef => ({ hpoId: m.ids[t], label: m.labels[t] });

function frequencyRef(m: PhenotypeModel, k: number): FrequencyRef {
  const f = m.annotationFrequency[k];
  return { value: Number.isNaN(f) ? null : Math.round(f * 1000) / 1000, text: m.frequencyText(m.annotationText[k]) };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The disease's features the query does not mention (see match-model.ts): how many, what they cost, the most frequent. */
export interface UnmentionedExplanation {
  count: number;
  contribution: number;
  /** Up to 5, the most frequent first (those without a frequency last). */
  mostFrequent: (TermRef & { frequency: FrequencyRef })[];
}

/** Why a disease scored as it did; the contributions add up to its score (each rounded to 3 decimals). */
export interface MatchExplanation {
  phenotypes: ObservedExplanation[];
  excluded: ExcludedExplanation[];
  unmentioned: UnmentionedExplanation;
}

/**
 * Why disease `d` scored as it did: per observed term its best annotation, per excluded term what
 * the disease says, and the features the query does not mention. `context` is the same for every
 * disease of one query: pass one when explaining several.
 */
export function explainMatch(
  m: PhenotypeModel,
  d: number,
  query: MatchQuery,
  p: MatchModelParams = MATCH_MODEL,
  context: MatchContext = new MatchContext(m, query, p),
): MatchExplanation {
  const { mentioned } = context;
  const start = m.annotationStart[d];
  const end = m.annotationStart[d + 1];
  const absent = new Set(m.index.diseases[d].absent);
  const weights = matchWeights(m, p);
  const { countFactor } = weights;
  const relatives = relativesOf(m, d, p);
  const phenotypes = query.observed.map((q): ObservedExplanation => {
    let best = bestMatch(m, d, q, p, weights);
    let relative: ObservedExplanation['relative'] = null;
    // The relative whose own match (read from the arrays the score made), times its credit, is
    // best; then which of its annotations that was.
    let winner = -1;
    let winnerV = best.v;
    if (relatives.length > 0) {
      const own = context.ownMatches(q);
      for (let i = 0; i < relatives.length; i++) {
        const v = own[relatives[i].disease] * relatives[i].credit;
        if (v > winnerV) [winner, winnerV] = [i, v];
      }
    }
    if (winner >= 0) {
      const r = relatives[winner];
      const id = m.diseaseIds[r.disease];
      best = { ...bestMatch(m, r.disease, q, p, weights), v: winnerV };
      relative = { id, name: context.nameOf(id), relation: r.relation };
    }
    const annotatedAbsent = m.ancestors[q].some((a) => absent.has(a));
    const contribution = observedContribution(best.v, countFactor[d], p) + (annotatedAbsent ? Math.log(p.MIN_FREQUENCY) : 0);
    if (best.a < 0)
      return { query: ref(m, q), match: 'none', annotated: null, via: null, relative, annotatedAbsent, contribution: round(contribution) };
    const k = best.direct >= 0 ? best.direct : annotationBelow(m, best.disease, best.a);
    const t = m.annotationTerm[k];
    const match = t === q ? 'exact' : best.a === q ? 'specific' : best.a === t ? 'general' : 'related';
    return {
      query: ref(m, q),
      match,
      annotated: annotationRef(m, k),
      via: { ...ref(m, best.a), informationContent: m.ic[best.a] },
      relative,
      annotatedAbsent,
      contribution: round(contribution),
    };
  });
  const excluded = query.excluded.map((q): ExcludedExplanation => {
    const bestK = annotationBelow(m, d, q);
    const background = excludedBackground(m.ic[q], p);
    if (bestK < 0) return { query: ref(m, q), usuallyPresent: false, annotated: null, contribution: round(background) };
    const f = m.annotationFrequency[bestK];
    return {
      query: ref(m, q),
      usuallyPresent: Number.isNaN(f) ? null : f >= 0.5,
      annotated: annotationRef(m, bestK),
      contribution: round(excludedContribution(f, p) + background),
    };
  });
  const missing: number[] = [];
  for (let k = start; k < end; k++) if (!mentioned[m.annotationTerm[k]]) missing.push(k);
  const freq = (k: number) => (Number.isNaN(m.annotationFrequency[k]) ? -1 : m.annotationFrequency[k]);
  const unmentioned = {
    count: missing.length,
    contribution: round(
      missing.reduce((sum, k) => sum + unmentionedCost(m.annotationFrequency[k], recordedChance(query.observed.length, p), p), 0),
    ),
    mostFrequent: [...missing]
      .sort((a, b) => freq(b) - freq(a) || (m.ids[m.annotationTerm[a]] < m.ids[m.annotationTerm[b]] ? -1 : 1))
      .slice(0, 5)
      .map((k) => annotationRef(m, k)),
  };
  return { phenotypes, excluded, unmentioned };
}

/** Disease d's annotation (number) at or below term t with the highest frequency (one without a frequency last); -1 when none. */
export function annotationBelow(m: PhenotypeModel, d: number, t: number): number {
  let best = -1;
  for (let k = m.annotationStart[d]; k < m.annotationStart[d + 1]; k++) {
    if (!m.ancestors[m.annotationTerm[k]].includes(t)) continue;
    const f = m.annotationFrequency[k];
    if (best < 0 || f > m.annotationFrequency[best] || (Number.isNaN(m.annotationFrequency[best]) && !Number.isNaN(f))) best = k;
  }
  return best;
}

/** An annotation (number) as the API shows it: its term and frequency. */
export function annotationRef(m: PhenotypeModel, k: number): TermRef & { frequency: FrequencyRef } {
  return { ...ref(m, m.annotationTerm[k]), frequency: frequencyRef(m, k) };
}
